// When Slack refuses a result's message for its files (a just-uploaded file it is still processing: "invalid slack
// file", `file_not_found`), or the files could not be attached, the result goes out without them, saying in words that
// they are coming (messages/results.ts; never the platform's signed link: issue 38). This puts the files in: the
// message with them replaces that one, tried again a few times as Slack finishes processing. Nothing here is paid for
// (chat.update only), so trying again is always safe; a message replaced twice with the same content is unchanged.

import { defaultSleep } from "@studio-kit/core";
import type { BotDeps } from "../deps.js";
import type { FinalMessage } from "../messages/result-parts.js";
import { slackErrorCode } from "./surface.js";

/** Waits before each try (ms): about a minute and a half in all, longer than Slack takes to process an image. */
export const FILES_LATER_MS = [1_000, 3_000, 8_000, 20_000, 60_000] as const;

/** Writes the result's message with its files over the one that says they are coming (paced by the caller). */
export type ReplaceMessage = (message: FinalMessage["message"], fileIds: readonly string[]) => Promise<void>;

/**
 * In the background: replaces a result sent without its files by the message with them, as soon as Slack takes it.
 * Gives up (and logs) after {@link FILES_LATER_MS}, on an error that is not about the files, or when the app stops;
 * the words already sent say how to bring the result again (`/studio show`).
 */
export function replaceWithFilesLater(deps: BotDeps, result: FinalMessage, replace: ReplaceMessage): void {
  const jobId = result.tag?.jobId;
  const sleep = (ms: number) => (deps.sleep ? deps.sleep(ms) : defaultSleep(ms, deps.stopped));
  const attempt = async () => {
    for (const wait of FILES_LATER_MS) {
      await sleep(wait);
      if (deps.stopped?.aborted) return;
      try {
        await replace(result.message, result.fileIds ?? []);
        deps.logger.info({ job: jobId }, "the result's files are in its message now");
        return;
      } catch (error) {
        if (deps.stopped?.aborted) return;
        const code = slackErrorCode(error) ?? String((error as { code?: unknown } | null)?.code ?? "");
        if (!TRY_AGAIN.has(code)) {
          deps.logger.warn({ err: error, job: jobId }, "could not put the result's files in its message");
          return;
        }
      }
    }
    deps.logger.warn({ job: jobId }, "Slack still refuses the result's files; its message says how to bring it again");
  };
  void attempt().catch((error: unknown) => {
    if (!deps.stopped?.aborted) deps.logger.warn({ err: error, job: jobId }, "gave up putting the result's files in");
  });
}

/** Slack's answers to a message whose files it will not show (yet): the result goes out without them, saying so. */
export const REFUSED_FILES = new Set(["invalid_blocks", "invalid_arguments", "file_not_found", "file_not_shared"]);

/**
 * What a later try may change: Slack's refusals of the files (it may be processing them), and a request that never
 * reached Slack (`slack_webapi_request_error`).
 */
const TRY_AGAIN = new Set([...REFUSED_FILES, "slack_webapi_request_error"]);
