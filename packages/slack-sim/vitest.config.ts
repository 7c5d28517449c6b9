import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One module graph per worker, not per file: the files import the same packages (docs/decisions/0024).
    isolate: false,
    include: ["test/**/*.test.ts"],
  },
});
