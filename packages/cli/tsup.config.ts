import { defineConfig } from "tsup";
import { writeSdlIndex } from "./src/doctor/write-sdl-index.js";

export default defineConfig({
  entry: ["src/index.ts", "src/bin.ts"],
  format: ["esm"],
  dts: { entry: ["src/index.ts"] },
  sourcemap: true,
  clean: true,
  target: "node20",
  // `studio doctor` points at the line of schema/*.graphql to look at; those files are not published, so their
  // index ships in dist/ (read by src/doctor/sdl-index.ts).
  onSuccess: () => writeSdlIndex("../../schema", "dist/schema-index.json"),
});
