import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { UploadCategory } from "@studio-kit/operations";
import { inspectUpload } from "@studio-kit/upload";
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
  // The upload package decides the type and applies the rules exactly as uploadFile will, reading only the head.
  const { category, contentType, size } = await inspectUpload({ path: file });
  return { file, size, contentType, category };
}
