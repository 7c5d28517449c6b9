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
    // The end-to-end tests run the built bin as a child process against a sandbox server, several runs a test, most of
    // the time waiting for the sandbox's generations in real time: 3-10 s, alone or with both of CI's cores hogged.
    testTimeout: 30_000,
  },
});
