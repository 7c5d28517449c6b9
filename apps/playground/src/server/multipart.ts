// Reading POST /api/upload's multipart/form-data. Parsed by Node's own fetch implementation (undici's
// `Request.formData()`), which follows the WHATWG spec, is maintained with Node, and needs no dependency; a
// hand-written multipart parser is where boundary and header-folding bugs live. It buffers the parts in memory, so
// the body is capped while it streams in (a chunked body has no Content-Length to check up front).
import { HttpError } from "./http/errors.js";

/** Slack's limit of files shared with one message. */
export const MAX_FILES = 10;
/** The playground's limit per file (CONTRACT.md): 50 MiB. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
/** Every file at its largest, plus room for the text fields and the multipart framing. */
const MAX_BODY_BYTES = MAX_FILES * MAX_FILE_BYTES + 1024 * 1024;

/** The upload's fields and files. */
export interface UploadForm {
  fields: Record<string, string>;
  files: File[];
}

function capped(body: ReadableStream<Uint8Array>, limit: number, onOver: () => void): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) {
          onOver();
          controller.error(new Error("body over the limit"));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

const tooLarge = () =>
  new HttpError(
    413,
    "file_too_large",
    `Files are at most ${MAX_FILE_BYTES / 1024 / 1024} MiB each, ${MAX_FILES} at a time.`,
  );

/** Parses the form: string fields, and every part named `file` (at most 10, 50 MiB each). */
export async function readUploadForm(request: Request, limit = MAX_BODY_BYTES): Promise<UploadForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new HttpError(415, "invalid_form", "Send the files as multipart/form-data.");
  }
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLarge();
  if (!request.body) throw new HttpError(400, "invalid_form", "The form is empty.");
  let over = false;
  const limited = new Request(request.url, {
    method: "POST",
    headers: request.headers,
    body: capped(request.body, limit, () => {
      over = true;
    }),
    duplex: "half",
  } as RequestInit);
  let form: FormData;
  try {
    form = await limited.formData();
  } catch (error) {
    if (over) throw tooLarge();
    throw new HttpError(400, "invalid_form", "The multipart form could not be read.", { cause: error });
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] ??= value;
    else if (name === "file") files.push(value);
  }
  if (files.length === 0) throw new HttpError(400, "no_files", 'Add at least one part named "file".');
  if (files.length > MAX_FILES)
    throw new HttpError(400, "too_many_files", `Share at most ${MAX_FILES} files at a time.`);
  if (files.some((file) => file.size > MAX_FILE_BYTES)) throw tooLarge();
  return { fields, files };
}
