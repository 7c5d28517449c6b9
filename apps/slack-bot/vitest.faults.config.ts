import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

// The fault tests (`pnpm test:faults`): built replicas as child processes riding out a PostgreSQL restart, a
// studio API outage and a Slack 429 storm, in real time. Apart from `pnpm test`. The three run side by side: they
// spend their time waiting out the fault (a minute's outage, a 30 s storm), each with its own servers (the
// PostgreSQL one restarts a server of its own), and they assert what is delivered, never how fast. Measured on 2
// cores: 96 s side by side, all passing, against 163 s one at a time; that keeps CI under its 10 minutes.
export default defineConfig({
  resolve: {
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }],
  },
  test: {
    include: ["test/ops/faults/**/*.fault.ts"],
    fileParallelism: true,
    maxWorkers: 3,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
