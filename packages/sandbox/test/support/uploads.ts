import {
  CreateSignedUploadUrlDocument,
  type CreateSignedUploadUrlMutation,
  type UploadCategory,
  UploadImageDocument,
} from "@studio-kit/operations";
import { PNG } from "pngjs";
import type { Sandbox } from "../../src/index.js";
import { ok, send } from "./client.js";

export const MiB = 1024 * 1024;
export const MINUTE = 60_000;

type Signed = NonNullable<CreateSignedUploadUrlMutation["createSignedUploadUrl"]>;
export interface Upload extends Signed {
  fields: Record<string, string>;
  headers: Record<string, string>;
}

export type Bytes = Uint8Array<ArrayBuffer>;
/** Streams need `duplex: "half"` (platform facts, Uploads); Node's RequestInit type lacks it. */
type StreamInit = RequestInit & { duplex?: "half" };

export function png(width: number, height: number): Bytes {
  return new Uint8Array(PNG.sync.write(new PNG({ width, height })));
}

export async function requestUpload(
  sandbox: Sandbox,
  category: UploadCategory = "UGC_IMAGE",
  contentType = "image/png",
  filename = "photo.png",
): Promise<Upload> {
  const data = await ok(sandbox, CreateSignedUploadUrlDocument, {
    category,
    filename,
    contentType,
    workspaceId: sandbox.workspaceId,
  });
  const signed = data.createSignedUploadUrl;
  if (!signed?.uploadForm?.url || !signed.signedUrl) throw new Error("no signed upload");
  return {
    ...signed,
    fields: signed.uploadForm.fields as Record<string, string>,
    headers: signed.requiredHeaders as Record<string, string>,
  };
}

/** A form as the spec says: every field first, the file last in part `file` (unless told otherwise). */
export function form(upload: Upload, bytes: Bytes, entries: [string, string][] = Object.entries(upload.fields)) {
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  body.append("file", new Blob([bytes]), "photo.png");
  return body;
}

export const post = (upload: Upload, body: FormData) => fetch(upload.uploadForm?.url ?? "", { method: "POST", body });

/** A request whose body is a stream of unknown length, as fetch sends it (chunked). */
export function streamed(url: string, method: string, body: ReadableStream<Bytes>, headers: Record<string, string>) {
  const init: StreamInit = { method, body, headers, duplex: "half" };
  return new Request(url, init);
}

export const put = (upload: Upload, bytes: Bytes, headers: Record<string, string> = {}) =>
  fetch(
    new Request(upload.signedUrl ?? "", {
      method: "PUT",
      body: bytes,
      headers: { ...upload.headers, "content-length": String(bytes.byteLength), ...headers },
    }),
  );

export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

export const stored = (sandbox: Sandbox, upload: Upload) => sandbox.state.files.get(upload.fileId);

export const registerImage = (sandbox: Sandbox, fileId: string) =>
  send(sandbox, UploadImageDocument, { workspaceId: sandbox.workspaceId, fileId });
