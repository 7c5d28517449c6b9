import { type RequestOptions, type StudioClient, StudioGraphQLError } from "@studio-kit/core";
import { CreateSignedUploadUrlDocument, type UploadCategory } from "@studio-kit/operations";
import { uploadError } from "./errors.js";
import { UPLOAD_LIFETIME_MS } from "./rules.js";

/** A signed upload (spec, Upload flow 1), with both ways of sending the bytes when the server gave them. */
export interface SignedUpload {
  fileId: string;
  /** The multipart form: POST to `url`, every field first, unchanged and in order, the file last. */
  form: { url: string; fields: [string, string][] } | undefined;
  /** The signed URL: PUT with every header exactly. */
  put: { url: string; headers: Record<string, string> } | undefined;
  /**
   * When the form and URL stop working, on the uploader's clock: 15 minutes
   * (spec, Limits) after the request was sent, not after the answer came, so
   * that a slow answer never makes it look younger than it is.
   */
  expiresAt: number;
  /** Values that must never be shown: the form's policy and signature, the URL's signature. */
  secrets: string[];
}

/** What is being uploaded, as step 1 needs it. */
export interface SignRequest {
  category: UploadCategory;
  filename: string;
  contentType: string;
}

// Form fields whose values are credentials (S3 and GCS style); they are redacted wherever they might appear.
const SECRET_FIELD = /^(policy|signature|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature)$/i;
const SECRET_PARAM = /^(x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|signature|sig)$/i;

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") return undefined;
    out[key] = item;
  }
  return out;
}

function secretsOf(fields: Record<string, string>, signedUrl: string | null | undefined): string[] {
  const secrets = Object.entries(fields).flatMap(([name, value]) => (SECRET_FIELD.test(name) ? [value] : []));
  if (signedUrl) {
    try {
      for (const [name, value] of new URL(signedUrl).searchParams) if (SECRET_PARAM.test(name)) secrets.push(value);
    } catch {
      // Not a URL: the transfer reports that; nothing to collect here.
    }
  }
  return secrets;
}

function unusable(client: StudioClient, fileId: string, problem: string): never {
  throw uploadError(
    "SIGNED_UPLOAD_INVALID",
    `createSignedUploadUrl answered for ${fileId}, but ${problem}. The upload cannot be sent this way.`,
    { fileId, request: { operationName: "CreateSignedUploadUrl", url: client.endpoint } },
  );
}

/** Step 1: asks for a signed upload in the key's workspace. GraphQL failures are core's StudioErrors. */
export async function requestSignedUpload(
  client: StudioClient,
  request: SignRequest,
  now: () => number,
  options: RequestOptions,
): Promise<SignedUpload> {
  const workspaceId = await client.workspaceId(options);
  const requestedAt = now();
  const { createSignedUploadUrl: signed } = await client.request(
    CreateSignedUploadUrlDocument,
    { ...request, workspaceId },
    options,
  );
  if (!signed) {
    throw new StudioGraphQLError("NOT_APPLIED", "@studio-kit/upload: createSignedUploadUrl answered no upload.", {
      request: { operationName: "CreateSignedUploadUrl", url: client.endpoint },
    });
  }
  const fields = signed.uploadForm ? stringRecord(signed.uploadForm.fields) : undefined;
  if (signed.uploadForm && !fields) unusable(client, signed.fileId, "uploadForm.fields is not an object of strings");
  const headers = signed.requiredHeaders == null ? {} : stringRecord(signed.requiredHeaders);
  if (!headers) unusable(client, signed.fileId, "requiredHeaders is not an object of strings");
  return {
    fileId: signed.fileId,
    form: signed.uploadForm?.url && fields ? { url: signed.uploadForm.url, fields: Object.entries(fields) } : undefined,
    put: signed.signedUrl ? { url: signed.signedUrl, headers } : undefined,
    expiresAt: requestedAt + UPLOAD_LIFETIME_MS,
    secrets: secretsOf(fields ?? {}, signed.signedUrl),
  };
}
