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
    // Most tests send real bytes over loopback HTTP to a sandbox: about 1 s alone; when every package's suite ran at
    // once on 2 cores, the first of a file (paying the imports) took 6 s. Now one worker a core runs them (the root
    // vitest.config.ts), the limit stays for a machine busy with other work. Not a speed limit: bench/ is.
    testTimeout: 15_000,
    // `pnpm check` runs these with `pnpm typecheck` (tsconfig includes test/) and skips them here: scripts/check.mjs.
    typecheck: {
      enabled: process.env.STUDIO_TYPE_TESTS !== "done",
      include: ["test/**/*.test-d.ts"],
      tsconfig: "./tsconfig.json",
    },
  },
});
