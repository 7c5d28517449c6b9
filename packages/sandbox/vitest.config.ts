import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module). Node, and so yoga and
    // graphql-tools, load the CJS build; Vite would give our sources the ESM one,
    // and two graphql instances refuse each other's types. Pin the one Node loads.
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }],
  },
  test: {
    // One module graph per worker, not per file: the files import the same packages (docs/decisions/0024).
    isolate: false,
    include: ["test/**/*.test.ts"],
    // The CLI tests (support/cli.ts) start the built CLI as a child process, one to three times a test: each start
    // loads graphql-yoga and prints its ready line in about 0.4 s alone, but several times that on a 2-core machine
    // whose cores are both busy, where one restart test took 5 s. media-png's 4K render and decode takes about 1 s
    // alone, 2 s so loaded. The limit leaves room for that; it is not a speed claim.
    testTimeout: 15_000,
  },
});
