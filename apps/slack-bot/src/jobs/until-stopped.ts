import type { BotDeps } from "../deps.js";

/**
 * The wait options that end a wait when the app stops (`deps.stopped`): a stopped replica has handed its jobs on, so
 * it stops polling them; followJob reads the aborted wait as the job being another replica's (run.ts).
 */
export const untilStopped = (deps: Pick<BotDeps, "stopped">): { signal?: AbortSignal } =>
  deps.stopped ? { signal: deps.stopped } : {};
