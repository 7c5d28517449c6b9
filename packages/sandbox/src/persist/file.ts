import { readdirSync, readFileSync, rmSync } from "node:fs";
import { mkdir, open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { SandboxStateError } from "./errors.js";
import { parseState, type SavedState } from "./format.js";

// Writing the state file so that a crash at any moment (kill -9, a power cut)
// leaves either the last good file or the new one, never half of one: the text
// goes to a temporary file beside it, is flushed to the disk (fsync), and only
// then renamed over the old file, which is atomic on one file system; the
// directory is flushed too, so the rename itself survives a power cut.

/** Bytes written at a time (and between two calls of the test hook). */
export const WRITE_CHUNK_BYTES = 64 * 1024;

/** Called after each chunk reaches the temporary file, before it is flushed and renamed (tests stop a write here). */
export type WriteHook = (progress: { tempFile: string; written: number; total: number }) => void | Promise<void>;

const tempPrefix = (file: string) => `.${basename(file)}.`;
let writes = 0;

/** Reads and checks the state file; null when there is none yet. Stale temporary files of killed writes are removed. */
export function readStateFile(file: string): SavedState | null {
  removeStaleTemps(file);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new SandboxStateError(file, `cannot be read: ${(error as Error).message}`, { cause: error });
  }
  return parseState(text, file);
}

/** A write killed before its rename leaves `.state.json.<pid>.<n>.tmp` beside the file: nothing reads it. */
function removeStaleTemps(file: string): void {
  const prefix = tempPrefix(file);
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return; // No directory yet: it is made on the first save.
  }
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith(".tmp")) rmSync(join(dirname(file), name), { force: true });
  }
}

/** Replaces `file` with `text` atomically (temporary file, fsync, rename, directory fsync). */
export async function writeAtomically(file: string, text: string, hook?: WriteHook): Promise<void> {
  writes += 1;
  const tempFile = join(dirname(file), `${tempPrefix(file)}${process.pid}.${writes}.tmp`);
  const bytes = Buffer.from(text, "utf8");
  await mkdir(dirname(file), { recursive: true });
  try {
    const handle = await open(tempFile, "w", 0o600);
    try {
      for (let written = 0; written < bytes.length; ) {
        const { bytesWritten } = await handle.write(
          bytes,
          written,
          Math.min(WRITE_CHUNK_BYTES, bytes.length - written),
        );
        written += bytesWritten;
        await hook?.({ tempFile, written, total: bytes.length });
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tempFile, file);
  } catch (error) {
    await rm(tempFile, { force: true });
    throw error;
  }
  await syncDirectory(dirname(file));
}

async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms (Windows) cannot open or flush a directory; the rename is atomic all the same.
  }
}
