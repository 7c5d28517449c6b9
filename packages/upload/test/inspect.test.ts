import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inspectUpload, UploadValidationError } from "../src/index.js";
import { gif, png } from "./support/formats.js";

async function fileWith(name: string, bytes: Uint8Array): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), "inspect-")), name);
  await writeFile(path, bytes);
  return path;
}

describe("inspectUpload", () => {
  it("says what uploadFile would send for a file, from its bytes, without sending anything", async () => {
    const path = await fileWith("no-extension", png(4, 4));
    await expect(inspectUpload({ path })).resolves.toMatchObject({
      category: "UGC_IMAGE",
      contentType: "image/png",
      filename: "no-extension",
    });
  });

  it("refuses what uploadFile would refuse, with the same typed error", async () => {
    const path = await fileWith("loop.gif", gif());
    const refused = await inspectUpload({ path }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UploadValidationError);
    expect(refused).toMatchObject({ code: "UNSUPPORTED_CONTENT_TYPE" });
    const empty = await inspectUpload({ path: await fileWith("empty.png", new Uint8Array()) }).catch((e: unknown) => e);
    expect(empty).toMatchObject({ code: "FILE_EMPTY" });
  });
});
