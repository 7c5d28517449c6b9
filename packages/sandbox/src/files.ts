import type { RequestContext, SandboxCore } from "./core.js";
import { sign } from "./signing.js";

/**
 * The download URL of a stored or generated file, signed like a storage
 * service's (`?X-Amz-Signature=`), so that clients' redaction of signatures can
 * be tested and a tampered URL is refused.
 */
export function fileUrl(ctx: RequestContext, fileId: string | null): string | null {
  if (!fileId) return null;
  const file = ctx.core.state.files.get(fileId);
  if (!file) return null;
  const signature = sign(ctx.core.signingSecret, "download", file.id);
  return `${ctx.origin}/__files/${file.id}/${encodeURIComponent(file.filename)}?X-Amz-Signature=${signature}`;
}

/** Whether a file's bytes can be served: generated, or uploaded and not deleted. */
export function fileAvailable(core: SandboxCore, fileId: string | null): boolean {
  const file = fileId ? core.state.files.get(fileId) : undefined;
  return Boolean(file && (file.media || file.path));
}
