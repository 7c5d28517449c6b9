import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./scripts/vitest/slow-first.js";

// `pnpm test`: every package's tests in one vitest run, each package a project with its own config (its timeouts,
// aliases and type tests). One pool of workers, one per core, takes test files from all packages in one queue. Run as
// ten vitest processes at once (turbo's way), the 2-core CI machine held about 20 busy processes while the
// small packages ran, then one worker alone on the bot's 70 files for four minutes; tests meant to take a second hit
// 5 s limits in the crush. vitest's own default, one worker fewer than the cores, would leave one core of two idle.
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "apps/*/vitest.config.ts", "scripts/vitest.config.mjs"],
    maxWorkers: availableParallelism(),
    sequence: { sequencer: SlowFirstSequencer },
  },
});
