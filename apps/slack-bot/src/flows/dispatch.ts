import type { ParseResult } from "@studio-kit/commands";
import { getCredits, listBoards } from "@studio-kit/core";
import { StudioPresetsPageDocument } from "@studio-kit/operations";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { emptyRequestTopic, howToTopic } from "../intent/how-to.js";
import { readText } from "../intent/read-text.js";
import { stripMention } from "../intent/slack-grammar.js";
import { creditsMessage } from "../messages/credits.js";
import { parseErrorMessage } from "../messages/errors.js";
import { helpMessage } from "../messages/help.js";
import { howToMessage } from "../messages/how-to.js";
import { boardsMessage, modelsMessage, presetsMessage } from "../messages/lists.js";
import { askBeforeGenerating } from "./ask.js";
import type { TextOrigin } from "./ask-choice.js";
import { runAudio } from "./audio.js";
import { runAvatar } from "./avatar.js";
import { runAssets, runBoardNew, runBoardUse } from "./boards.js";
import { runBrand } from "./brand.js";
import { answerInThread } from "./follow-up.js";
import { runHistory } from "./history.js";
import { runImage } from "./image.js";
import { runLipsync } from "./lipsync.js";
import { runShow } from "./show.js";
import { tellProblem } from "./tell-problem.js";
import { runVideo } from "./video.js";

/**
 * Answers a parsed `/studio` text or mention on a surface. Never throws: any failure (the API refused, Slack
 * refused) is logged and the asker gets a message saying what happened.
 */
export async function dispatch(deps: BotDeps, surface: Surface, result: ParseResult): Promise<void> {
  try {
    await answer(deps, surface, result);
  } catch (error) {
    // A generation command throws only before its job was sent (runJob): the asker is told nothing was spent.
    const nothingSpent = result.ok && GENERATING.has(result.command.kind);
    await tellProblem(deps, surface, error, "request failed", {}, { nothingSpent });
  }
}

/** The commands that spend credits. */
const GENERATING = new Set(["image", "video", "music", "voice", "avatar", "lipsync"]);

/**
 * Answers a typed text: `/studio <text>` (`origin: "command"`), `@Studio <text>` (`"mention"`, the mention still in
 * it), a direct message (`"dm"`) or a message in an assistant thread (`"assistant"`), both read as a mention. A bare prompt that reads as a typo, a question or a
 * greeting (commands/intent.ts) is asked about instead of generated; everything else goes to {@link dispatch}.
 * Never throws.
 */
export async function dispatchText(deps: BotDeps, surface: Surface, text: string, origin: TextOrigin): Promise<void> {
  // In a result's thread a message is about that result first (flows/follow-up.ts); a slash command never is: it
  // is how a person breaks out ("a new `/studio image` breaks out").
  if (origin !== "command" && (await answerInThread(deps, surface, text))) return;
  // "make an image": what to make was not said; the answer asks it, with an example, instead of drawing those words.
  const empty = emptyRequestTopic(origin === "command" ? text : stripMention(text));
  if (empty) {
    return surface
      .reply(howToMessage(empty, { ask: true }))
      .catch((error: unknown) => tellProblem(deps, surface, error, "could not answer a request for nothing"));
  }
  // Here a message's thread holds no result it could be about (answerInThread answered it otherwise).
  const reading = readText(text, origin === "command" ? "command" : "mention", { noResultHere: true });
  if (reading.kind === "command") return dispatch(deps, surface, reading.result);
  // "how do I make a video?": that command and one example, not an offer to generate nor the whole help.
  const topic = reading.intent.reason === "question" ? howToTopic(reading.text) : undefined;
  if (topic)
    return surface
      .reply(howToMessage(topic))
      .catch((error: unknown) => tellProblem(deps, surface, error, "could not answer a how-to question"));
  try {
    await askBeforeGenerating(deps, surface, reading, origin);
  } catch (error) {
    await tellProblem(deps, surface, error, "could not ask about a bare prompt");
  }
}

async function answer(deps: BotDeps, surface: Surface, result: ParseResult): Promise<unknown> {
  if (!result.ok) return surface.ephemeral(parseErrorMessage(result));
  const { command } = result;
  switch (command.kind) {
    case "help":
      return surface.reply(helpMessage(command.topic));
    case "credits":
      return surface.reply(creditsMessage(await getCredits(deps.studio)));
    case "boards":
      return surface.reply(boardsMessage(await listBoards(deps.studio)));
    case "models":
      return surface.reply(modelsMessage((await deps.studioData.get()).catalog, command.role));
    case "presets": {
      const { studioPresetsPage } = await deps.studio.request(StudioPresetsPageDocument, {
        q: command.query ?? null,
        limit: 20,
      });
      const items = studioPresetsPage?.items ?? [];
      return surface.reply(presetsMessage(items, command.query, studioPresetsPage?.totalCount));
    }
    case "image":
      return runImage(deps, surface, command);
    case "video":
      return runVideo(deps, surface, command);
    case "music":
    case "voice":
      return runAudio(deps, surface, command);
    case "avatar":
      return runAvatar(deps, surface, command);
    case "lipsync":
      return runLipsync(deps, surface, command);
    case "brand":
      return runBrand(deps, surface);
    case "history":
      return runHistory(deps, surface, command.count);
    case "show":
      return runShow(deps, surface, command.id);
    case "board-new":
      return runBoardNew(deps, surface, command.title);
    case "board-use":
      return runBoardUse(deps, surface, command.title);
    case "assets":
      return runAssets(deps, surface, command.term);
  }
}
