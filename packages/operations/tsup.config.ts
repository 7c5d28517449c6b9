import { copyFile } from "node:fs/promises";
import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
  // The merged SDL ships beside the code, for consumers that validate or mock with it.
  onSuccess: async () => {
    await copyFile("src/generated/schema.graphql", "dist/schema.graphql");
  },
});
