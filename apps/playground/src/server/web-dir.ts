import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "@studio-kit/playground";

/**
 * The built page: `dist/web` of this package. Found by walking up to the package's package.json, because this
 * module runs from src/server (tests), dist/server, or a chunk tsup put elsewhere in dist.
 */
export function defaultWebDir(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === PACKAGE_NAME) {
          return join(dir, "dist", "web");
        }
      } catch {
        // not a readable manifest: keep looking
      }
    }
    if (dirname(dir) === dir) return join(dirname(from), "..", "web");
  }
}
