import type { SandboxCore } from "../core.js";
import { sign, verify } from "../signing.js";
import type { StoredFile } from "../state/types.js";
import { MAX_UPLOAD_BYTES, MIN_UPLOAD_BYTES, UPLOAD_LIFETIME_MS } from "./limits.js";
import { type Refusal, refuse } from "./refusal.js";

// The signed form and the signed URL of step 1, shaped like S3's presigned POST
// and presigned PUT (platform facts, Uploads). Nothing issued is stored: every
// field is derived from the StoredFile and the signing secret, so checking an
// upload means deriving them again and comparing.

export const BUCKET = "sandbox-uploads";
export const PROVIDER = "sandbox-s3";
const ALGORITHM = "AWS4-HMAC-SHA256";
const EXPIRES_SECONDS = UPLOAD_LIFETIME_MS / 1000;

/** `20260105T090000Z`, the X-Amz-Date format. */
export function amzDate(at: number): string {
  return new Date(at)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

function credential(file: StoredFile): string {
  return `SANDBOXACCESSKEY/${amzDate(file.requestedAt).slice(0, 8)}/sandbox-1/s3/aws4_request`;
}

/** The object key: the client's filename as its last segment, never as a path. */
export function storagePath(file: StoredFile): string {
  const name = file.filename.replace(/[/\\]/g, "_");
  return `uploads/${file.workspaceId}/${file.id}/${name}`;
}

/**
 * Headers the signed PUT must carry exactly (spec, Upload flow 2b). The file id
 * header is there so that "every header exactly" is more than the content type.
 */
export function requiredHeaders(file: StoredFile): Record<string, string> {
  return { "Content-Type": file.contentType, "x-amz-meta-file-id": file.id };
}

/** Form fields in the order they must be sent, all before the file (spec, Upload flow 2a). */
export function formFields(core: SandboxCore, file: StoredFile): Record<string, string> {
  const key = storagePath(file);
  const date = amzDate(file.requestedAt);
  const conditions = [
    { bucket: BUCKET },
    { key },
    { "Content-Type": file.contentType },
    // Upload form file size: 1 byte to 256 MiB (spec, Limits).
    ["content-length-range", MIN_UPLOAD_BYTES, MAX_UPLOAD_BYTES],
    { "x-amz-algorithm": ALGORITHM },
    { "x-amz-credential": credential(file) },
    { "x-amz-date": date },
  ];
  const expiration = new Date(file.expiresAt).toISOString();
  const policy = Buffer.from(JSON.stringify({ expiration, conditions })).toString("base64");
  return {
    key,
    "Content-Type": file.contentType,
    policy,
    "x-amz-algorithm": ALGORITHM,
    "x-amz-credential": credential(file),
    "x-amz-date": date,
    "x-amz-signature": sign(core.signingSecret, "form", file.id, policy),
  };
}

function putSignature(file: StoredFile, query: URLSearchParams): string[] {
  const headers = Object.entries(requiredHeaders(file)).map(([name, value]) => `${name.toLowerCase()}:${value}`);
  return [
    "put",
    file.id,
    query.get("X-Amz-Date") ?? "",
    query.get("X-Amz-Expires") ?? "",
    query.get("X-Amz-Credential") ?? "",
    ...headers,
  ];
}

/** The signed PUT URL; its signature covers the date, lifetime, credential and required headers. */
export function signedUrl(core: SandboxCore, origin: string, file: StoredFile): string {
  const query = new URLSearchParams({
    "X-Amz-Algorithm": ALGORITHM,
    "X-Amz-Credential": credential(file),
    "X-Amz-Date": amzDate(file.requestedAt),
    "X-Amz-Expires": String(EXPIRES_SECONDS),
    "X-Amz-SignedHeaders": Object.keys(requiredHeaders(file))
      .map((name) => name.toLowerCase())
      .join(";"),
  });
  query.set("X-Amz-Signature", sign(core.signingSecret, ...putSignature(file, query)));
  return `${origin}/__storage/put/${file.id}?${query}`;
}

export function verifyPutSignature(core: SandboxCore, file: StoredFile, query: URLSearchParams): boolean {
  return verify(core.signingSecret, query.get("X-Amz-Signature"), ...putSignature(file, query));
}

/** Field names with this prefix are outside the policy, as on S3. */
const IGNORED_PREFIX = "x-ignore-";

/**
 * Checks the fields that came before the file against the issued ones: each
 * present with the same value, and nothing else. Names compare case-insensitively,
 * values exactly. Messages name the field, never its value: a signature must not
 * reach a log line (conventions, Errors).
 */
export function checkFormFields(
  core: SandboxCore,
  file: StoredFile,
  received: ReadonlyMap<string, string>,
): Refusal | null {
  const issued = formFields(core, file);
  const expected = new Map(Object.entries(issued).map(([name, value]) => [name.toLowerCase(), { name, value }]));
  for (const [lower, { name, value }] of expected) {
    const got = received.get(lower);
    if (got === undefined) {
      return refuse(
        403,
        "AccessDenied",
        `Invalid according to Policy: the form has no field "${name}". Send every entry of uploadForm.fields, ` +
          "before the file (spec, Upload flow 2a).",
      );
    }
    if (got === value) continue;
    if (lower === "policy" || lower === "x-amz-signature") {
      return refuse(
        403,
        "SignatureDoesNotMatch",
        `The form's "${name}" does not match the one issued: send uploadForm.fields unchanged.`,
      );
    }
    return refuse(
      403,
      "AccessDenied",
      `Invalid according to Policy: field "${name}" differs from the issued value. Send uploadForm.fields unchanged.`,
    );
  }
  const extra = [...received.keys()].filter((name) => !expected.has(name) && !name.startsWith(IGNORED_PREFIX));
  if (extra.length > 0) {
    return refuse(403, "AccessDenied", `Invalid according to Policy: extra input fields: ${extra.join(", ")}.`);
  }
  return null;
}
