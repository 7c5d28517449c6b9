import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // One graphql instance: the CJS build Node loads for graphql-request (see packages/sandbox/vitest.config.ts).
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }],
  },
  test: {
    // One module graph per worker, not per file: the files import the same packages (docs/decisions/0024).
    isolate: false,
    include: ["test/**/*.test.ts"],
    // The stdio tests start `studio mcp` as a child process (about a second each on an idle machine, several on a
    // busy one) and some wait for the poller's real first tick (5 s): the CLI's tests' limit, for the same reason.
    testTimeout: 30_000,
    // `pnpm check` runs these with `pnpm typecheck` (tsconfig includes test/) and skips them here: scripts/check.mjs.
    typecheck: {
      enabled: process.env.STUDIO_TYPE_TESTS !== "done",
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
  },
});
