import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/msw.ts", "src/cli.ts"],
  format: ["esm"],
  dts: { entry: ["src/index.ts", "src/msw.ts"] },
  sourcemap: true,
  clean: true,
  target: "node20",
});
