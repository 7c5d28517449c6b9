import { randomBytes } from "node:crypto";

// The signed form is sent as a multipart/form-data body framed here, not by
// FormData. undici's FormData would compute the Content-Length for a Blob part,
// but it reads the Blob itself, so nothing could count the bytes as they go
// (progress) or notice that they stopped (stall detection). Framing by hand
// gives the exact Content-Length (head + file + tail) and lets the file's bytes
// pass through the same counting stream as a PUT.

/** The bytes around the file: every field first, the file's part header, then the closing boundary. */
export interface MultipartFrame {
  /** `multipart/form-data; boundary=...` */
  contentType: string;
  head: Uint8Array;
  tail: Uint8Array;
}

const encoder = new TextEncoder();

/**
 * Names and file names are escaped as browsers do (HTML, "multipart/form-data
 * encoding algorithm"): `"` as %22, CR as %0D, LF as %0A. Values are sent
 * unchanged, as the spec requires of uploadForm.fields.
 */
const escapeName = (name: string) => name.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");

/**
 * Frames a form with `fields` in their order and the file last in the part named
 * `file` (spec, Upload flow 2a; fields after the file are ignored by S3-style
 * storage: platform facts, Uploads).
 */
export function frameMultipart(
  fields: readonly [string, string][],
  file: { filename: string; contentType: string },
): MultipartFrame {
  let boundary: string;
  // A boundary must not occur in the content it frames; a field value is the only text we know up front.
  do boundary = `----studio-kit-upload-${randomBytes(16).toString("hex")}`;
  while (fields.some(([name, value]) => name.includes(boundary) || value.includes(boundary)));

  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${escapeName(file.filename)}"\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head: encoder.encode(parts.join("")),
    tail: encoder.encode(`\r\n--${boundary}--\r\n`),
  };
}
