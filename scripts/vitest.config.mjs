import { defineConfig } from "vitest/config";

// The repository scripts' own tests (the README path check's rules), a project of the root vitest run like each
// package's; alone: `pnpm exec vitest run --config scripts/vitest.config.mjs`.
export default defineConfig({
  test: {
    // One module graph per worker, not per file: the files import the same packages (docs/decisions/0024).
    isolate: false,
    name: "scripts",
    root: import.meta.dirname,
    include: ["*.test.mjs"],
  },
});
