import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // One graphql instance: the CJS build Node loads for graphql-request (see packages/sandbox/vitest.config.ts).
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // The end-to-end tests run the bot, slack-sim and the sandbox over real HTTP: 1-3 s alone, but CI runs four
    // packages' suites at once on 2 cores, where one took 8 s. The default 5 s would fail them for the machine's load.
    testTimeout: 20_000,
  },
});
