import { type StudioClient, StudioError, type StudioSpan, type StudioTracer, tracerFor } from "@studio-kit/core";
import { createContext, type UploadContext } from "./context.js";
import { abortedUpload, UploadAbortError } from "./errors.js";
import { type ResolvedSettings, resolveSettings, type UploadFileOptions } from "./options.js";
import { planUpload } from "./plan.js";
import { registerUpload, type UploadResult } from "./register.js";
import { sendBytes } from "./send.js";
import { openSource } from "./source.js";
import { planAttributes, UPLOAD_SPAN } from "./spans.js";

/**
 * Uploads one file through the three-step signed upload (spec, Upload flow)
 * and registers it as an Image, Video or Audio, or keeps it outside the library
 * (`keepOutsideLibrary`). The file is checked before anything is sent (content
 * type allowed by the category, 1 byte to 256 MiB), streamed from its source
 * with an exact Content-Length, never read whole into memory, signed again when
 * its form expired, and sent again when the register says the bytes did not
 * arrive.
 *
 * Rejects with an UploadError (validation, transfer, STALLED, ABORTED), or with
 * core's StudioError when a GraphQL step failed.
 *
 * @example
 * ```ts
 * const { fileId, asset } = await uploadFile(client, {
 *   path: "./launch.mp4",
 *   displayName: "Launch teaser",
 *   onProgress: ({ loaded, total }) => console.log(`${Math.round((100 * loaded) / total)}%`),
 * });
 * // asset: { __typename: "Video", id: "vid_...", ... }
 * ```
 */
export async function uploadFile(client: StudioClient, options: UploadFileOptions): Promise<UploadResult> {
  const settings = resolveSettings(options);
  const tracer = tracerFor(client, "@studio-kit/upload");
  const attributes = { "studio.upload.transfer": settings.transfer };
  return tracer.span(UPLOAD_SPAN, { attributes }, (span) => upload(client, options, settings, tracer, span));
}

async function upload(
  client: StudioClient,
  options: UploadFileOptions,
  settings: ResolvedSettings,
  tracer: StudioTracer,
  span: StudioSpan,
): Promise<UploadResult> {
  const { signal } = options;
  if (signal?.aborted) throw abortedUpload(undefined, false, signal.reason);
  const source = await openSource(options);
  let ctx: UploadContext | undefined;
  let registering = false;
  try {
    const plan = await planUpload(source, options);
    span.setAttributes(planAttributes(plan));
    ctx = createContext({
      client,
      tracer,
      plan,
      details: {
        name: options.name,
        displayName: options.displayName,
        aspectRatio: options.aspectRatio,
        keepOutsideLibrary: options.keepOutsideLibrary,
      },
      settings,
      source,
      signal,
      onProgress: options.onProgress,
    });
    const stored = await sendBytes(ctx);
    // The caller may abort between the bytes and the register: nothing is registered after an abort.
    if (signal?.aborted) throw abortedUpload(stored.fileId, false, signal.reason);
    registering = true;
    const result = await registerUpload(ctx, stored);
    span.setAttributes({
      "studio.upload.file_id": result.fileId,
      "studio.upload.asset_type": result.asset?.__typename,
    });
    return result;
  } catch (error) {
    // One error for an abort, wherever it hit: a transfer, or a GraphQL step (core's StudioAbortError), with the
    // caller's reason as its cause.
    if (signal?.aborted && !(error instanceof UploadAbortError)) {
      throw abortedUpload(
        ctx?.signed?.fileId,
        registering,
        signal.reason,
        error instanceof StudioError ? error.request : undefined,
      );
    }
    throw error;
  } finally {
    await source.close();
  }
}
