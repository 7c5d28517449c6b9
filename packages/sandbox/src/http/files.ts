import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { SandboxCore } from "../core.js";
import { renderMedia } from "../media/render.js";
import { verify } from "../signing.js";
import { jsonError } from "./json.js";

/**
 * `GET /__files/<fileId>/<name>?X-Amz-Signature=...`: downloads of stored
 * uploads (streamed from disk) and generated media (rendered). The URL must carry
 * the signature the sandbox issued with it.
 */
export async function handleFiles(request: Request, path: string, core: SandboxCore): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return jsonError(405, "METHOD_NOT_ALLOWED", "Downloads take GET.");
  }
  const fileId = path.split("/")[2] ?? "";
  const file = core.state.files.get(fileId);
  if (!file || (!file.media && !file.path)) {
    return jsonError(404, "NOT_FOUND", "No such file: it was never stored, or was deleted.");
  }
  const signature = new URL(request.url).searchParams.get("X-Amz-Signature");
  if (!verify(core.signingSecret, signature, "download", file.id)) {
    return jsonError(
      403,
      "SIGNATURE_MISMATCH",
      "The download URL's signature is missing or wrong: use the URL as given.",
    );
  }
  const headers = {
    "content-type": file.contentType,
    "content-disposition": `inline; filename="${file.filename.replace(/["\\\r\n]/g, "_")}"`,
  };
  if (file.media) {
    const bytes = renderMedia(file.media);
    return new Response(request.method === "HEAD" ? null : new Uint8Array(bytes), {
      headers: { ...headers, "content-length": String(bytes.length) },
    });
  }
  const filePath = file.path ?? "";
  const { size } = await stat(filePath);
  const body = request.method === "HEAD" ? null : (Readable.toWeb(createReadStream(filePath)) as ReadableStream);
  return new Response(body, { headers: { ...headers, "content-length": String(size) } });
}
