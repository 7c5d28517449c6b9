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
    include: ["test/**/*.test.ts"],
  },
});
