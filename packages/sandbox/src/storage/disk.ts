import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Where uploaded bytes go: a temporary directory, so that a 256 MiB upload costs
 * disk, not memory. Removed on `dispose`.
 */
export interface FileStorage {
  readonly dir: string;
  pathFor(fileId: string): string;
  dispose(): void;
}

export function createFileStorage(dir?: string): FileStorage {
  const root = dir ?? mkdtempSync(join(tmpdir(), "studio-sandbox-"));
  return {
    dir: root,
    // File ids are the sandbox's own ([a-z0-9_]), never a client's path.
    pathFor: (fileId) => join(root, fileId.replace(/[^a-zA-Z0-9_-]/g, "_")),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
}
