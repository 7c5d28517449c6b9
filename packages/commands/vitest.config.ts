import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // One graphql instance: the CJS build Node loads for graphql-request (see packages/sandbox/vitest.config.ts).
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") }],
  },
  test: {
    include: ["test/**/*.test.ts"],
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  },
});
