import { defineConfig } from "tsup";

// Two builds: the server (Node) into dist/server and the page's script (the browser) into dist/web. Each has its
// own outDir because tsup copies `publicDir` into the outDir (web/public/index.html must land in dist/web/, beside
// app.js, where the server serves it) and puts shared chunks there too (the server's stay in dist/server/); and
// each cleans only its own folder, so the two parallel builds never delete each other's output.
export default defineConfig([
  {
    entry: { main: "src/server/main.ts", index: "src/server/index.ts" },
    outDir: "dist/server",
    format: ["esm"],
    sourcemap: true,
    clean: true,
    target: "node20",
  },
  {
    entry: { app: "web/app.ts" },
    outDir: "dist/web",
    format: ["esm"],
    platform: "browser",
    sourcemap: true,
    clean: true,
    target: "es2022",
    publicDir: "web/public",
  },
]);
