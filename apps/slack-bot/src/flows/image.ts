import type { ImageCommand } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { runJob } from "../jobs/run.js";
import { brandFor } from "./brand.js";
import { clearForGeneration, type PrecheckOptions } from "./precheck.js";
import { resultBoards } from "./result-board.js";

export { DEFAULT_RATIO } from "../intent/defaults.js";

/**
 * `/studio image` and `@Studio <prompt>`: checks the options and the credits before anything is spent, then runs
 * the job (jobs/run.ts): progress, `generateImage`, polling, the results in place of the progress, files. Resolves
 * true when a generation was sent. Throws only when the progress could not be posted (dispatch tells the user).
 */
export async function runImage(
  deps: BotDeps,
  surface: Surface,
  command: ImageCommand,
  checks: PrecheckOptions = {},
  /** A change of an earlier result (flows/follow-up.ts): what it changed and how, for its progress and result. */
  change?: { of: string; said: string },
): Promise<boolean> {
  // `--brand` first: a workspace with no brand to follow is told so before any cost is checked or confirmed.
  const branded = await brandFor(deps, surface, command);
  if (!branded) return false;
  const cleared = await clearForGeneration(deps, surface, command, checks);
  if (!cleared) return false;
  const boards = await resultBoards(deps, surface, command.board);
  if (!boards) return false;
  return runJob(deps, surface, {
    request: {
      kind: "image",
      command,
      ...branded,
      pushTo: boards.pushTo,
      defaultBoard: boards.defaultBoard,
      ...(change ? { change } : {}),
    },
    outputs: command.count ?? 1,
    credits: cleared.cost,
    ...(checks.origin ? { origin: checks.origin } : {}),
  });
}
