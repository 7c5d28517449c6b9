import type { SandboxCore } from "../core.js";
import type { StoredFile } from "../state/types.js";
import { MAX_UPLOAD_BYTES, MIN_UPLOAD_BYTES } from "./limits.js";
import { requiredHeaders, verifyPutSignature } from "./policy.js";
import { type Outcome, refuse } from "./refusal.js";
import { webChunks, writeUpload } from "./write.js";

// PUT to the signed URL (spec, Upload flow 2b): the query's signature must
// verify and every header of requiredHeaders must be present with exactly its
// value. A body of unknown length is refused with 411, as S3-style signed PUTs
// do (platform facts, Uploads: "always send Content-Length").

/** Receives a signed PUT for `file`; the bytes end beside `core.storage.pathFor(file.id)` until committed. */
export async function receivePut(request: Request, core: SandboxCore, file: StoredFile): Promise<Outcome> {
  if (!verifyPutSignature(core, file, new URL(request.url).searchParams)) {
    return refuse(
      403,
      "SignatureDoesNotMatch",
      "The signature of the URL does not match: PUT to signedUrl exactly as createSignedUploadUrl returned it.",
    );
  }
  for (const [name, value] of Object.entries(requiredHeaders(file))) {
    const got = request.headers.get(name);
    if (got !== value) {
      return refuse(
        403,
        "SignatureDoesNotMatch",
        `Header ${name} must be exactly ${JSON.stringify(value)}, got ${got === null ? "none" : JSON.stringify(got)}: ` +
          "send every header of requiredHeaders as given (spec, Upload flow 2b).",
      );
    }
  }
  const length = request.headers.get("content-length");
  const chunked = /chunked/i.test(request.headers.get("transfer-encoding") ?? "");
  if (length === null || chunked) {
    return refuse(
      411,
      "MissingContentLength",
      "The body has no Content-Length (a stream of unknown length is sent chunked): send Content-Length " +
        "with the exact byte count.",
    );
  }
  if (!/^\d+$/.test(length.trim())) {
    return refuse(400, "InvalidArgument", `Content-Length ${JSON.stringify(length)} is not a number of bytes.`);
  }
  const declared = Number(length.trim());
  // Refused before reading a byte: the announced size is already out of bounds (spec, Limits).
  if (declared < MIN_UPLOAD_BYTES) {
    return refuse(400, "EntityTooSmall", "The upload is empty: a file must be 1 byte to 256 MiB (spec, Limits).");
  }
  if (declared > MAX_UPLOAD_BYTES) {
    return refuse(
      400,
      "EntityTooLarge",
      `Content-Length ${declared} is over the limit of ${MAX_UPLOAD_BYTES} bytes (256 MiB; spec, Limits).`,
    );
  }
  if (!request.body) {
    return refuse(400, "IncompleteBody", `Content-Length announced ${declared} bytes, but the request has no body.`);
  }
  return writeUpload(webChunks(request.body), core.storage.pathFor(file.id), { declaredBytes: declared });
}
