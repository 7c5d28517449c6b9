import type { StudioSpanAttributes } from "@studio-kit/core";
import type { UploadPlan } from "./context.js";
import type { TransferRequest } from "./transfer.js";

// The spans of one upload (README, "Tracing"), all under the scope "@studio-kit/upload":
//   studio.upload              INTERNAL, the whole uploadFile call: category, content type, size, way, then fileId
//   ├ studio.upload.sign       INTERNAL, step 1 (core's "mutation CreateSignedUploadUrl" span inside it)
//   ├ POST | PUT               CLIENT, step 2: the bytes to the storage, an HTTP client span as the semantic
//   │                          conventions name it (https://opentelemetry.io/docs/specs/semconv/http/http-spans/)
//   └ studio.upload.register   INTERNAL, step 3 (core's "mutation UploadImage" or "ConfirmFileUpload" inside it)
// Never recorded: the file's name, display name or bytes, and nothing of a signed URL but its origin and path (its
// query holds the signature and credential). The storage request carries no traceparent: its headers are the ones
// the signature was made over, sent exactly (spec, Upload flow 2b), and the storage is not ours to trace.

/** The spans' names. */
export const UPLOAD_SPAN = "studio.upload";
export const SIGN_SPAN = "studio.upload.sign";
export const REGISTER_SPAN = "studio.upload.register";

/** What the plan says of the file: never its name. */
export function planAttributes(plan: UploadPlan): StudioSpanAttributes {
  return {
    "studio.upload.category": plan.category,
    "studio.upload.content_type": plan.contentType,
    "studio.upload.size": plan.size,
  };
}

/**
 * The transfer's HTTP client attributes. `url.full` is the URL without its query and fragment: the semantic
 * conventions ask for signature parameters to be redacted; dropping the query keeps every credential out whatever
 * the storage calls it. `resendCount` counts the transfers of this upload before this one.
 */
export function transferAttributes(
  request: TransferRequest,
  bodySize: number,
  resendCount: number,
): StudioSpanAttributes {
  const attributes: StudioSpanAttributes = {
    "http.request.method": request.method,
    "http.request.body.size": bodySize,
    "http.request.resend_count": resendCount > 0 ? resendCount : undefined,
    "studio.upload.file_id": request.fileId,
  };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return attributes; // the transfer itself reports a URL it cannot send to
  }
  return {
    ...attributes,
    "server.address": url.hostname,
    "server.port": url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80,
    "url.full": `${url.origin}${url.pathname}`,
  };
}
