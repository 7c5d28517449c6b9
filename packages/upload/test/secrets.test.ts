import { inspect } from "node:util";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { type UploadError, uploadFile } from "../src/index.js";
import { FORM_URL, type Harness, neutralBytes, rejection, useUploads } from "./support/harness.js";

const uploads = useUploads();

/** Everything an error can turn into: message, stack, JSON, and Node's inspection with the cause chain. */
const renderings = (error: unknown) => [
  String(error),
  (error as Error).stack ?? "",
  JSON.stringify(error),
  inspect(error, { depth: 20, showHidden: true }),
];

function recordingLogger() {
  const lines: string[] = [];
  const log = (fields: Record<string, unknown>, message: string) => lines.push(JSON.stringify({ fields, message }));
  return { lines, logger: { debug: log, info: log, warn: log, error: log } };
}

/** The secrets of the first signed upload: the form's policy and signature, and the URL's signature. */
function secretsOf(harness: Harness): string[] {
  const signed = harness.signed[0];
  const urlSignature = new URL(signed?.signedUrl ?? "http://x").searchParams.get("X-Amz-Signature");
  const secrets = [signed?.uploadForm.fields.policy, signed?.uploadForm.fields["x-amz-signature"], urlSignature];
  expect(secrets.every((secret) => typeof secret === "string" && secret.length > 16)).toBe(true);
  return secrets as string[];
}

describe("secrets never leave the uploader", () => {
  it("keeps the form's policy and signature and the URL's signature out of errors and log lines", async () => {
    const harness = uploads.create();
    const { lines, logger } = recordingLogger();
    // A storage that echoes everything it was given in its refusal.
    uploads.server.use(
      http.post(FORM_URL, async ({ request }) => {
        const form = await request.formData();
        const echo = `policy ${form.get("policy")} signed ${form.get("x-amz-signature")} see ${harness.signed[0]?.signedUrl}`;
        return HttpResponse.json({ error: { code: "AccessDenied", message: echo } }, { status: 403 });
      }),
    );
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(100)]),
        contentType: "image/png",
        logger,
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error.code).toBe("TRANSFER_REFUSED");
    expect(lines.length).toBeGreaterThan(0);

    const emitted = [...renderings(error), ...lines].join("\n");
    for (const secret of secretsOf(harness)) expect(emitted).not.toContain(secret);
    // Redacted, not dropped: the message still says what the storage said.
    expect(error.message).toContain("policy [REDACTED] signed [REDACTED] see http");
    expect(error.message).toContain("X-Amz-Signature=[REDACTED]");
  });

  it("keeps the signed URL's signature out of a network failure and its cause", async () => {
    const harness = uploads.create();
    const failing: typeof fetch = async (input) => {
      const url = String(input);
      const cause = Object.assign(new Error(`socket hang up while sending to ${url}`), { code: "ECONNRESET" });
      throw new TypeError(`fetch failed for ${url}`, { cause });
    };
    const error = (await rejection(
      uploadFile(harness.client, {
        blob: new Blob([neutralBytes(100)]),
        contentType: "video/mp4",
        transfer: "put",
        fetch: failing,
        ...harness.settings,
      }),
    )) as UploadError;
    expect(error).toMatchObject({ code: "TRANSFER_FAILED" });
    expect(error.message).toContain("(ECONNRESET)");
    const emitted = renderings(error).join("\n");
    for (const secret of secretsOf(harness)) expect(emitted).not.toContain(secret);
    expect(emitted).toContain("X-Amz-Signature=[REDACTED]");
  });
});
