import type { ImageCommand, VideoCommand } from "@studio-kit/commands";
import { tokenize } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { readText } from "../intent/read-text.js";
import { checkOptions, stripMention, unescapeSlack } from "../intent/slack-grammar.js";
import { mayGenerate } from "../jobs/gate.js";
import { actionNoteMessage } from "../messages/boards.js";
import { invalidOptionsMessage } from "../messages/errors.js";
import { referenceOfferMessage } from "../messages/reference-offer.js";
import { filenameOf, type SlackFileRef } from "../services/slack-download.js";
import { encodeChoice, type TextOrigin } from "./ask-choice.js";
import { runAvatar } from "./avatar.js";
import { dispatch } from "./dispatch.js";
import { runImage } from "./image.js";
import { referenceFiles, uploadReference } from "./reference-files.js";
import { type IntakeOptions, runIntake } from "./slack-intake.js";
import { tellProblem } from "./tell-problem.js";
import { runVideo } from "./video.js";

// Files shared with a text (a mention, a DM, an assistant thread). Before reference images, every shared file went
// to the library and the text was not read, so that "@Studio here is the logo" spent nothing. It still does:
// - no text: the library, as before;
// - an explicit `image ...` or `video ...` command: the images are reference images of that generation (issue 20);
// - a bare prompt ("here is the new jacket", "a hiker at dawn"): a caption as much as a description, so the files
//   go to the library and one button offers the image with them as references (`--ref`), spent only on the click
//   (decision 0009: nothing costly from an ambiguous text);
// - anything else (a greeting, a question, a typo of a command, a command that generates nothing): the library, as
//   before, and the text is not read. Only an explicit generation, or a click, makes files cost credits.

const names = (list: readonly string[]) => list.map((name) => `“${name}”`).join(", ");

/**
 * An image or video generation with the images shared alongside it as reference images, after any `--ref` ids.
 * In order, so that a refusal costs nothing: the access rules, then the options with the references counted
 * (more than the model's `maxReferenceImages` is refused with the limit named, before any download or upload),
 * then each image is downloaded from Slack and uploaded as `AI_IMAGE_REFERENCE`, and the command runs through its
 * usual flow (credits guard, Confirm, progress, durable job) with the uploaded ids in `--ref`. A file that cannot be
 * a reference is named in a note and left out; an image that cannot be read or uploaded stops everything (nothing
 * is spent). Resolves true when a generation was sent.
 */
export async function runWithReferences(
  deps: BotDeps,
  surface: Surface,
  command: ImageCommand | VideoCommand,
  files: readonly SlackFileRef[],
  options: IntakeOptions = {},
): Promise<boolean> {
  const { usable, skipped } = referenceFiles(files, options.maxBytes);
  if (skipped.length) {
    await surface.ephemeral(
      actionNoteMessage(
        `Only JPEG, PNG, WebP and AVIF images can be reference images: ${names(skipped)} ${skipped.length === 1 ? "was" : "were"} not used.`,
      ),
    );
  }
  const given = command.references ?? [];
  // Placeholders count the attachments against the model's limit before anything is uploaded.
  const counted = { ...command, references: [...given, ...usable.map(({ file }) => file.id)] };
  if (!(await mayGenerate(deps, surface))) return false;
  const { catalog, presets } = await deps.studioData.get();
  const check = checkOptions(counted, catalog, presets);
  if (!check.ok) {
    await surface.ephemeral(invalidOptionsMessage(check.problems));
    return false;
  }
  const uploaded: string[] = [];
  for (const attachment of usable) {
    const id = await uploadReference(deps, surface, attachment, options);
    if (!id) {
      await surface.ephemeral(
        actionNoteMessage(
          // Either step may have failed (uploadReference logs which): the words must not blame Slack for the studio.
          `I could not read “${filenameOf(attachment.file)}” from Slack or upload it to the studio to use it as a reference image. Nothing was generated and no credits were spent.`,
        ),
      );
      return false;
    }
    uploaded.push(id);
  }
  const references = [...given, ...uploaded];
  const withReferences = references.length ? { ...command, references } : command;
  return withReferences.kind === "image"
    ? runImage(deps, surface, withReferences)
    : runVideo(deps, surface, withReferences);
}

/**
 * Answers a text shared with files (a mention, a DM, a message in an assistant thread): a generation with the images
 * as references, or the files stored in the library (see the rule at the top of this file). Never throws.
 *
 * @example await dispatchWithFiles(deps, surface, event.text, event.files, slackIntakeOptions(args));
 */
export async function dispatchWithFiles(
  deps: BotDeps,
  surface: Surface,
  text: string,
  files: readonly SlackFileRef[],
  options: IntakeOptions = {},
  origin: TextOrigin = "mention",
): Promise<void> {
  try {
    if (!stripMention(text).trim()) {
      await runIntake(deps, surface, files, options);
      return;
    }
    const reading = readText(text, "mention");
    if (reading.kind === "command") {
      const { result } = reading;
      // An avatar's attached photo is the image that speaks (flows/avatar.ts), not a reference.
      if (result.ok && result.command.kind === "avatar") {
        await runAvatar(deps, surface, result.command, { files, intake: options });
        return;
      }
      if (result.ok && (result.command.kind === "image" || result.command.kind === "video")) {
        if (namesItsKind(text)) await runWithReferences(deps, surface, result.command, files, options);
        else await offerReferences(deps, surface, text, files, { ...options, origin });
        return;
      }
      // A generation typed wrong: its error, rather than files stored without a word about the text.
      if (!result.ok && (result.command === "image" || result.command === "video")) {
        return await dispatch(deps, surface, result);
      }
    }
    await runIntake(deps, surface, files, options);
  } catch (error) {
    await tellProblem(deps, surface, error, "files with a text failed");
  }
}

/** True when the text starts with `image` or `video` itself: a generation asked for in so many words. */
function namesItsKind(text: string): boolean {
  const first = tokenize(unescapeSlack(stripMention(text)))[0];
  const word = first && !first.quoted && first.inlineValue === undefined ? first.value.toLowerCase() : "";
  return word === "image" || word === "video";
}

/**
 * Images shared with a bare prompt: the text may be a caption ("here is the new logo") as much as a description, and
 * credits are spent only on a clear ask (decision 0009). So the files go to the library as they always did, and one
 * button offers the image the text describes, with the stored images as references (`--ref`, checked and priced on
 * the click like any command).
 */
async function offerReferences(
  deps: BotDeps,
  surface: Surface,
  text: string,
  files: readonly SlackFileRef[],
  options: IntakeOptions & { origin: TextOrigin },
): Promise<void> {
  const stored = await runIntake(deps, surface, files, options);
  const images = stored.filter((asset) => asset.kind === "image");
  if (!images.length) return;
  const prompt = stripMention(text).trim();
  const command = `image ${prompt} ${images.map((image) => `--ref ${image.id}`).join(" ")}`;
  const value = encodeChoice({
    user: surface.user,
    origin: options.origin,
    ...(surface.threadTs ? { threadTs: surface.threadTs } : {}),
    text: command,
  });
  // A prompt too long for a button's value: the library reply already said where the images are.
  if (!value) return;
  await surface.reply(referenceOfferMessage({ user: surface.user, prompt, images: images.length, value }));
}
