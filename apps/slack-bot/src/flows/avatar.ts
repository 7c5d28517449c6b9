import type { AvatarCommand } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { checkOptions } from "../intent/slack-grammar.js";
import { mayGenerate } from "../jobs/gate.js";
import { runJob } from "../jobs/run.js";
import { actionNoteMessage } from "../messages/boards.js";
import { invalidOptionsMessage } from "../messages/errors.js";
import { filenameOf, type SlackFileRef } from "../services/slack-download.js";
import { clearForGeneration, type PrecheckOptions } from "./precheck.js";
import { referenceFiles, uploadReference } from "./reference-files.js";
import type { IntakeOptions } from "./slack-intake.js";
import { findImage } from "./speaking-sources.js";
import { tellProblem } from "./tell-problem.js";

/** How an `avatar` reached the flow: the checks' options, and the files shared with a mention or a DM. */
export interface AvatarOptions extends PrecheckOptions {
  /** Files shared with the text: the one image among them is the image that speaks (uploaded first). */
  files?: readonly SlackFileRef[];
  /** How those files are downloaded from Slack. */
  intake?: IntakeOptions;
}

const SPENT_NOTHING = "Nothing was generated and no credits were spent.";
const names = (list: readonly string[]) => list.map((name) => `“${name}”`).join(", ");

/**
 * Why the shared files and `--image` do not name exactly one image to make speak (null when they do). Decided from
 * Slack's metadata and the command alone: nothing is downloaded or uploaded for a request refused here.
 */
function imageProblem(command: AvatarCommand, usable: number): string | null {
  if (command.image && usable) {
    return `Give the image one way: attach it, or name it with \`--image\`, not both. ${SPENT_NOTHING}`;
  }
  if (usable > 1) return `An avatar makes one image speak: attach one image, not ${usable}. ${SPENT_NOTHING}`;
  if (!command.image && !usable) {
    return `\`avatar\` needs the image that speaks: attach a photo to a mention or a direct message to the bot (a slash command cannot carry files), or name an earlier image with \`--image <image id>\`. ${SPENT_NOTHING}`;
  }
  return null;
}

/**
 * `/studio avatar <script>` (or a mention or DM with a photo attached): a speaking character, as one durable job of
 * two steps (jobs/speaking-kinds.ts): the script read aloud (`generateVoiceover`), then `generateSpeakingCharacter`
 * with the image and that voiceover, with the catalog's default speaking-avatar model and its default resolution.
 *
 * Everything that could refuse it runs before anything is spent, so a refusal costs nothing: the image named once
 * (attached or `--image`), the access rules, the options (the voice, a speaking-avatar model), an `--image` that is
 * a finished image of the workspace; then an attached photo is uploaded (as reference images are:
 * flows/references.ts), and the credits guard judges both steps together (the voice's estimate plus the avatar
 * model's), asking to confirm above the threshold (the pending request keeps the uploaded image's id). Resolves
 * true when a generation was sent; never throws.
 */
export async function runAvatar(
  deps: BotDeps,
  surface: Surface,
  command: AvatarCommand,
  options: AvatarOptions = {},
): Promise<boolean> {
  try {
    return await avatar(deps, surface, command, options);
  } catch (error) {
    await tellProblem(deps, surface, error, "avatar failed");
    return false;
  }
}

async function avatar(deps: BotDeps, surface: Surface, command: AvatarCommand, options: AvatarOptions) {
  const { files = [], intake = {}, ...checks } = options;
  const { usable, skipped } = referenceFiles(files, intake.maxBytes);
  if (skipped.length) {
    const were = skipped.length === 1 ? "was" : "were";
    await surface.ephemeral(
      actionNoteMessage(`Only a JPEG, PNG, WebP or AVIF image can speak: ${names(skipped)} ${were} not used.`),
    );
  }
  const problem = imageProblem(command, usable.length);
  if (problem) {
    await surface.ephemeral(actionNoteMessage(problem));
    return false;
  }
  // Who may spend, and the options, before a photo is uploaded (clearForGeneration checks both again, cheaply).
  if (!(await mayGenerate(deps, surface))) return false;
  const { catalog, presets } = await deps.studioData.get();
  const check = checkOptions(command, catalog, presets);
  if (!check.ok) {
    await surface.ephemeral(invalidOptionsMessage(check.problems));
    return false;
  }
  const image = await theImage(deps, surface, command, usable[0], intake);
  if (!image) return false;
  const withImage = { ...command, image };
  const cleared = await clearForGeneration(deps, surface, withImage, checks);
  if (!cleared) return false;
  // The checks passed, so the catalog has a speaking-avatar model (checkOptions answers with it).
  const model = cleared.model;
  if (!model) throw new Error("avatar: the checks passed without a speaking-avatar model");
  const defaultBoard = (await deps.store.channelDefaults.get(surface.channel)) ?? null;
  return runJob(deps, surface, {
    request: {
      kind: "avatar",
      command: withImage,
      model: model.id,
      resolution: model.defaultResolution ?? null,
      defaultBoard,
    },
    // The quotas count what the person gets (one video) and what both steps cost.
    outputs: 1,
    credits: cleared.cost,
    ...(checks.origin ? { origin: checks.origin } : {}),
  });
}

/** The id of the image that speaks: `--image` once it is found finished, or the attached photo once uploaded. */
async function theImage(
  deps: BotDeps,
  surface: Surface,
  command: AvatarCommand,
  attached: Parameters<typeof uploadReference>[2] | undefined,
  intake: IntakeOptions,
): Promise<string | undefined> {
  if (command.image) {
    const found = await findImage(deps, command.image);
    if (found.ok) return found.media.id;
    await surface.ephemeral(actionNoteMessage(found.note));
    return undefined;
  }
  if (!attached) return undefined;
  const id = await uploadReference(deps, surface, attached, intake);
  if (!id) {
    await surface.ephemeral(
      actionNoteMessage(
        `I could not read “${filenameOf(attached.file)}” from Slack to make it speak. ${SPENT_NOTHING}`,
      ),
    );
  }
  return id;
}
