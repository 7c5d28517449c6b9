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
    // The end-to-end tests run the bot, slack-sim and the sandbox over real HTTP, and wait (eventually) for what the
    // bot does after its ack: 1-3 s alone, up to 5 s with both of CI's 2 cores hogged (stress-ng), and more for the
    // few whose own limit says why. The default 5 s would fail them for the machine's load, not the bot's.
    testTimeout: 20_000,
  },
});
