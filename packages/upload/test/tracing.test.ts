import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { type UploadError, uploadFile } from "../src/index.js";
import { png } from "./support/formats.js";
import { BASE_URL, neutralBytes, rejection, useUploads } from "./support/harness.js";
import { exported, useTracing } from "./support/tracing.js";

const uploads = useUploads();
const tracing = useTracing();

/** Names of the spans whose parent is `parent`, in the order they ended. */
const childrenOf = (parent: ReadableSpan) =>
  tracing
    .spans()
    .filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId)
    .map((span) => span.name);

describe("upload spans", () => {
  it("records the upload as one span with a child per step, core's GraphQL spans inside the steps", async () => {
    const harness = uploads.create({ tracerProvider: tracing.provider });
    const bytes = png(4, 4);
    const { fileId } = await uploadFile(harness.client, { blob: new Blob([bytes]), ...harness.settings });

    const upload = tracing.span("studio.upload");
    expect(upload.instrumentationScope.name).toBe("@studio-kit/upload");
    expect(upload.parentSpanContext).toBeUndefined();
    expect(upload.attributes).toEqual({
      "studio.upload.transfer": "form",
      "studio.upload.category": "UGC_IMAGE",
      "studio.upload.content_type": "image/png",
      "studio.upload.size": bytes.byteLength,
      "studio.upload.file_id": fileId,
      "studio.upload.asset_type": "Image",
    });
    expect(childrenOf(upload)).toEqual(["studio.upload.sign", "POST", "studio.upload.register"]);
    const sign = tracing.span("studio.upload.sign");
    expect(sign.attributes).toEqual({ "studio.upload.sign_reason": "first", "studio.upload.file_id": fileId });
    expect(childrenOf(sign)).toEqual(["query ApiCredentialWorkspace", "mutation CreateSignedUploadUrl"]);
    const register = tracing.span("studio.upload.register");
    expect(register.attributes).toEqual({ "studio.upload.file_id": fileId, "studio.upload.mutation": "uploadImage" });
    expect(childrenOf(register)).toEqual(["mutation UploadImage"]);

    const transfer = tracing.span("POST");
    expect(transfer.kind).toBe(SpanKind.CLIENT);
    expect(transfer.status.code).toBe(SpanStatusCode.UNSET);
    expect(transfer.attributes).toMatchObject({
      "http.request.method": "POST",
      "server.address": "api.upload.test",
      "server.port": 443,
      "url.full": `${BASE_URL}/__storage/form/${fileId}`,
      "http.response.status_code": 204,
      "studio.upload.file_id": fileId,
    });
    // The multipart body: the file and its framing.
    expect(transfer.attributes["http.request.body.size"]).toBeGreaterThan(bytes.byteLength);
  });

  it("records the PUT to the signed URL by its origin and path, without the query that holds the signature", async () => {
    const harness = uploads.create({ tracerProvider: tracing.provider });
    const { fileId } = await uploadFile(harness.client, {
      blob: new Blob([png(2, 2)]),
      transfer: "put",
      ...harness.settings,
    });
    const transfer = tracing.span("PUT");
    expect(transfer.attributes["url.full"]).toBe(`${BASE_URL}/__storage/put/${fileId}`);
    expect(harness.signed[0]?.signedUrl).toContain(`${BASE_URL}/__storage/put/${fileId}?`);
  });

  it("counts the bytes sent again as a resend, and marks the refused register as failed", async () => {
    const harness = uploads.create({ tracerProvider: tracing.provider });
    harness.sandbox.faults.add({ kind: "upload-lost", upload: "form", times: 1 });
    await uploadFile(harness.client, { blob: new Blob([png(2, 2)]), ...harness.settings });

    const transfers = tracing.spans().filter((span) => span.name === "POST");
    expect(transfers.map((span) => span.attributes["http.request.resend_count"])).toEqual([undefined, 1]);
    const registers = tracing.spans().filter((span) => span.name === "studio.upload.register");
    expect(registers.map((span) => [span.status.code, span.attributes["error.type"]])).toEqual([
      [SpanStatusCode.ERROR, "GRAPHQL_ERROR"],
      [SpanStatusCode.UNSET, undefined],
    ]);
    expect(tracing.span("mutation UploadImage").attributes["studio.graphql.error_code"]).toBe("FILE_NOT_UPLOADED");
    expect(tracing.span("studio.upload").status.code).toBe(SpanStatusCode.UNSET);
  });

  it("records a storage refusal on the transfer span and the upload span, by the upload error's code", async () => {
    const harness = uploads.create({ tracerProvider: tracing.provider });
    harness.sandbox.faults.add({ kind: "status", status: 503, upload: "form" });
    const error = (await rejection(
      uploadFile(harness.client, { blob: new Blob([png(2, 2)]), ...harness.settings }),
    )) as UploadError;

    const transfer = tracing.span("POST");
    expect(transfer.status.code).toBe(SpanStatusCode.ERROR);
    expect(transfer.attributes).toMatchObject({ "http.response.status_code": 503, "error.type": error.code });
    expect(tracing.span("studio.upload").attributes["error.type"]).toBe(error.code);
  });

  it("keeps names, display names, signed URLs, signatures and the key out of every span", async () => {
    const harness = uploads.create({ tracerProvider: tracing.provider });
    await uploadFile(harness.client, {
      blob: new Blob([neutralBytes(500)]),
      contentType: "image/jpeg",
      filename: "SENTINEL_FILENAME.jpg",
      name: "SENTINEL_NAME",
      displayName: "SENTINEL display name of Jane Doe",
      transfer: "put",
      ...harness.settings,
    });
    const signedUrl = harness.signed[0]?.signedUrl ?? "";
    const signature = new URL(signedUrl).searchParams.get("X-Amz-Signature") ?? "";
    expect(signature).not.toBe("");
    const everything = exported(tracing.spans());
    for (const secret of ["SENTINEL", "Jane Doe", harness.sandbox.keys.readWrite, signedUrl, signature, "?"]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("uploads as before with no provider registered, recording nothing", async () => {
    const harness = uploads.create();
    const { asset } = await uploadFile(harness.client, { blob: new Blob([png(2, 2)]), ...harness.settings });
    expect(asset?.__typename).toBe("Image");
    expect(tracing.spans()).toEqual([]);
  });
});
