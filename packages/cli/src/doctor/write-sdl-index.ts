import { readdir, readFile, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { indexSdl } from "./sdl-index.js";

/**
 * Writes the index of the repository's SDL files (`schema/*.graphql`) to `out`, for the build: the schema files
 * are not published, so doctor ships the lines it points at. Files are named as the repository names them
 * (`schema/boards.graphql`), so a reader opens the line in their checkout.
 *
 * @example await writeSdlIndex("../../schema", "dist/schema-index.json");
 */
export async function writeSdlIndex(schemaDir: string, out: string): Promise<void> {
  const names = (await readdir(schemaDir)).filter((name) => name.endsWith(".graphql")).sort();
  const folder = basename(schemaDir);
  const sources = await Promise.all(
    names.map(async (name) => ({ file: `${folder}/${name}`, text: await readFile(join(schemaDir, name), "utf8") })),
  );
  await writeFile(out, `${JSON.stringify(indexSdl(sources))}\n`);
}
