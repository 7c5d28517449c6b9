import type { VideoCommand } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { runJob } from "../jobs/run.js";
import { brandFor } from "./brand.js";
import { clearForGeneration, type PrecheckOptions } from "./precheck.js";
import { resultBoards } from "./result-board.js";

export { DEFAULT_VIDEO_RATIO } from "../intent/defaults.js";

/**
 * `/studio video` and `@Studio video ...`: checks the options and the credits before anything is spent, then runs
 * the job (jobs/run.ts): progress, `generateVideo`, polling, the video with its buttons, the file. Resolves true
 * when a generation was sent.
 */
export async function runVideo(
  deps: BotDeps,
  surface: Surface,
  command: VideoCommand,
  checks: PrecheckOptions = {},
): Promise<boolean> {
  // `--brand` first: a workspace with no brand to follow is told so before any cost is checked or confirmed.
  const branded = await brandFor(deps, surface, command);
  if (!branded) return false;
  const cleared = await clearForGeneration(deps, surface, command, checks);
  if (!cleared) return false;
  const boards = await resultBoards(deps, surface, command.board);
  if (!boards) return false;
  return runJob(deps, surface, {
    request: { kind: "video", command, ...branded, pushTo: boards.pushTo, defaultBoard: boards.defaultBoard },
    outputs: 1,
    credits: cleared.cost,
    ...(checks.origin ? { origin: checks.origin } : {}),
  });
}
