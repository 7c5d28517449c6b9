import type { SandboxCore } from "../core.js";
import type { GeneratedMedia, StoredFile } from "../state/types.js";

const KEEP_FOREVER = Number.MAX_SAFE_INTEGER;

/** Registers a file the sandbox renders on download (seeded or generated media). */
export function addGeneratedFile(
  core: SandboxCore,
  workspaceId: string,
  filename: string,
  contentType: string,
  media: GeneratedMedia,
): StoredFile {
  const now = core.clock.now();
  const file: StoredFile = {
    id: core.newId("file"),
    workspaceId,
    filename,
    contentType,
    category: null,
    requestedAt: now,
    expiresAt: now,
    deleteAt: KEEP_FOREVER,
    path: null,
    media,
    size: null,
    kept: "generated",
  };
  core.state.files.set(file.id, file);
  return file;
}

/** Pixel size for an aspect ratio text such as "16:9", 1024 on the long side. */
export function pixelsFor(aspectRatio: string): { width: number; height: number } {
  const [w = 1, h = 1] = aspectRatio.split(":").map(Number);
  return w >= h
    ? { width: 1024, height: Math.round((1024 * h) / w) }
    : { width: Math.round((1024 * w) / h), height: 1024 };
}
