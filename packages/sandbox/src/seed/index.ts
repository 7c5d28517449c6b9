import type { SandboxCore } from "../core.js";
import { seedBoards } from "./boards.js";
import { seedBackgroundJobs } from "./jobs.js";
import { seedLibrary } from "./library.js";
import { seedWorkspaces } from "./workspace.js";

/** Fills a new sandbox with realistic data (see the README's "Seed data"). */
export function seed(core: SandboxCore): void {
  seedWorkspaces(core);
  seedLibrary(core);
  seedBoards(core);
  seedBackgroundJobs(core);
}
