import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Where uploaded bytes go: a directory on disk, so that a 256 MiB upload costs
 * disk, not memory.
 */
export interface FileStorage {
  /** The path a file's bytes are written to; the directory is made on first use. */
  pathFor(fileId: string): string;
  /** Removes the directory if the sandbox made it; a directory the caller gave is left in place. */
  dispose(): void;
}

export function createFileStorage(dir?: string): FileStorage {
  // Made lazily: most sandboxes (tests, the bot's) never receive an upload.
  let root = dir;
  const ensureRoot = () => {
    if (root === undefined) root = mkdtempSync(join(tmpdir(), "studio-sandbox-"));
    else mkdirSync(root, { recursive: true });
    return root;
  };
  return {
    // File ids are the sandbox's own ([a-z0-9_]), never a client's path.
    pathFor: (fileId) => join(ensureRoot(), fileId.replace(/[^a-zA-Z0-9_-]/g, "_")),
    dispose: () => {
      if (dir === undefined && root !== undefined) rmSync(root, { recursive: true, force: true });
    },
  };
}
