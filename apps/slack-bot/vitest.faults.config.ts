import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

// The fault tests (`pnpm test:faults`): built replicas as child processes riding out a PostgreSQL restart, a
// studio API outage and a Slack 429 storm, in real time (minutes). Apart from `pnpm test`, one file at a time: each
// runs several bot processes, and two at once on 2 cores would measure the machine, not the bot.
export default defineConfig({
  resolve: {
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }],
  },
  test: {
    include: ["test/ops/faults/**/*.fault.ts"],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
