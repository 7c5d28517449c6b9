import { open, stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { UploadCategory } from "@studio-kit/operations";
import { validateUpload } from "@studio-kit/upload";
import { fileTypeFromBuffer } from "file-type";
import mime from "mime-types";
import { usageError } from "../errors.js";
import { refusal } from "./refusal.js";

/** A file that passed every check: what `uploadFile` is then told it is. */
export interface CheckedFile {
  /** The path as the person typed it (what the output names). */
  file: string;
  size: number;
  contentType: string;
  category: UploadCategory;
}

/** How many leading bytes file-type needs to tell every format it knows (the upload package reads as many). */
const SNIFF_BYTES = 4100;

// file-type's spelling of a type where the spec's table spells it otherwise: the same aliases as
// @studio-kit/upload's content-type.ts, so that this check and the upload's own decide alike.
const SNIFFED_ALIASES: Readonly<Record<string, string>> = {
  "video/vnd.avi": "video/x-msvideo",
  "video/matroska": "video/x-matroska",
  "application/ogg": "audio/ogg",
};

/**
 * Checks every file before anything is sent: it exists and is a readable file, and its type (from its bytes, then
 * its name, as `uploadFile` decides it) and size pass `validateUpload`. Every file is checked, and a usage error
 * (exit 2) names each one that failed and what to do, so a person fixes them all in one go and no upload starts
 * when one of them would be refused.
 */
export async function checkFiles(files: readonly string[]): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    // The same file named twice (`studio upload a.png *.png`) is uploaded once, not registered twice.
    const key = resolve(file);
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      checked.push(await checkFile(file));
    } catch (error) {
      problems.push(`${file}: ${refusal(error)}`);
    }
  }
  if (problems.length) {
    const count = problems.length === 1 ? "" : `${problems.length} files cannot be uploaded.\n`;
    throw usageError(`${count}${problems.join("\n")}\nNothing was uploaded.`);
  }
  return checked;
}

async function checkFile(file: string): Promise<CheckedFile> {
  // stat before open: opening a FIFO or a device would wait for a writer instead of failing.
  const found = await stat(file);
  if (!found.isFile()) {
    throw Object.assign(new Error("not a regular file"), { code: found.isDirectory() ? "EISDIR" : "ENOTFILE" });
  }
  const handle = await open(file, "r");
  try {
    const length = Math.min(SNIFF_BYTES, found.size);
    const { buffer, bytesRead } = await handle.read(new Uint8Array(length), 0, length, 0);
    const contentType = await contentTypeOf(buffer.subarray(0, bytesRead), basename(file));
    // An unknown type goes in as "": validateUpload checks the size first (an empty file is called empty), then
    // refuses "" as a type no category takes, which refusal() words as "cannot tell its type".
    const valid = validateUpload({ contentType: contentType ?? "", size: found.size });
    return { file, ...valid };
  } finally {
    await handle.close();
  }
}

/** The bytes' type first (file-type), then the name's (mime-types): the order `uploadFile` uses. */
async function contentTypeOf(head: Uint8Array, name: string): Promise<string | undefined> {
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed) return SNIFFED_ALIASES[sniffed.mime] ?? sniffed.mime;
  const named = mime.lookup(name);
  return named === false ? undefined : named;
}
