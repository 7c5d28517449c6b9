import type { UploadContext } from "./context.js";
import { UploadError, uploadError } from "./errors.js";
import { requestSignedUpload, type SignedUpload } from "./signed.js";
import { SIGN_SPAN, transferAttributes } from "./spans.js";
import { bodyLength, requestFor, transfer } from "./transfer.js";

/**
 * A transfer must reach the storage before the signed upload expires (the
 * deadline is checked when the request arrives, as S3 does). This much of the
 * 15 minutes is kept in hand for the request's way there and for clocks that
 * differ a little.
 */
export const START_MARGIN_MS = 30_000;

/**
 * Why an upload is signed (the sign span's `studio.upload.sign_reason`): the first time, again before a transfer
 * that could not start in time, or again after the storage refused one as expired.
 */
type SignReason = "first" | "expiring" | "expired";

function sign(ctx: UploadContext, reason: SignReason, why?: string): Promise<SignedUpload> {
  return ctx.tracer.span(SIGN_SPAN, { attributes: { "studio.upload.sign_reason": reason } }, async (span) => {
    const signed = await requestSignedUpload(ctx.client, ctx.plan, ctx.settings.clock.now, { signal: ctx.signal });
    span.setAttribute("studio.upload.file_id", signed.fileId);
    ctx.keepSecret(signed.secrets);
    if (why) ctx.log("info", { fileId: signed.fileId, previous: ctx.signed?.fileId }, `signed again: ${why}`);
    ctx.signed = signed;
    return signed;
  });
}

function sendTo(ctx: UploadContext, signed: SignedUpload): Promise<void> {
  const request = requestFor(signed, ctx.settings.transfer, ctx.plan);
  ctx.log("debug", { fileId: signed.fileId, method: request.method, size: ctx.plan.size }, "sending the bytes");
  const attributes = transferAttributes(request, bodyLength(request, ctx.source.size), ctx.transfers);
  ctx.transfers += 1;
  // Named by its method alone, as the HTTP conventions name a client span with no low-cardinality target.
  return ctx.tracer.span(request.method, { kind: "client", attributes }, (span) =>
    transfer(request, ctx.source, {
      fetch: ctx.settings.fetch,
      clock: ctx.settings.clock,
      stallTimeoutMs: ctx.settings.stallTimeoutMs,
      signal: ctx.signal,
      redact: ctx.redact,
      onBytes: ctx.nextPass(),
      onStatus: (status) => span.setAttribute("http.response.status_code", status),
    }),
  );
}

const isExpired = (error: unknown): error is UploadError => error instanceof UploadError && error.code === "EXPIRED";

/**
 * Step 2 with the expiry rules: signs when there is no signed upload yet, signs
 * again first when the current one cannot start in time, and when the storage
 * still refuses it as expired, signs again once and sends again. Resolves with
 * the signed upload whose bytes were stored (also left in `ctx.signed`).
 */
export async function sendBytes(ctx: UploadContext): Promise<SignedUpload> {
  let signed = ctx.signed ?? (await sign(ctx, "first"));
  // Checked before every transfer, the first included: time passes while a queue waits or a register is refused.
  if (ctx.settings.clock.now() >= signed.expiresAt - START_MARGIN_MS) {
    signed = await sign(ctx, "expiring", `${signed.fileId} expires before a transfer could start`);
  }
  try {
    await sendTo(ctx, signed);
    return signed;
  } catch (error) {
    if (!isExpired(error)) throw error;
    const fresh = await sign(ctx, "expired", `the storage refused ${signed.fileId} as expired`);
    try {
      await sendTo(ctx, fresh);
      return fresh;
    } catch (again) {
      if (!isExpired(again)) throw again;
      throw uploadError(
        "EXPIRED",
        `the storage refused ${fresh.fileId} as expired right after it was signed, as it did ${signed.fileId}. ` +
          "Check that this machine's clock and the platform's agree, then upload again.",
        {
          fileId: fresh.fileId,
          status: again.status,
          storageCode: again.storageCode,
          request: again.request,
          cause: again,
        },
      );
    }
  }
}
