import { StudioError, StudioGraphQLError } from "@studio-kit/core";
import {
  ConfirmFileUploadDocument,
  UploadAudioDocument,
  type UploadAudioMutation,
  UploadImageDocument,
  type UploadImageMutation,
  UploadVideoDocument,
  type UploadVideoMutation,
} from "@studio-kit/operations";
import type { UploadContext } from "./context.js";
import { UPLOAD_CATEGORIES } from "./rules.js";
import { sendBytes } from "./send.js";
import type { SignedUpload } from "./signed.js";
import { REGISTER_SPAN } from "./spans.js";

/** An uploaded image as uploadImage returns it. */
export type UploadedImage = NonNullable<NonNullable<UploadImageMutation["uploadImage"]>["image"]> & {
  __typename: "Image";
};
/** An uploaded video as uploadVideo returns it. */
export type UploadedVideo = NonNullable<NonNullable<UploadVideoMutation["uploadVideo"]>["video"]> & {
  __typename: "Video";
};
/** An uploaded audio as uploadAudio returns it. */
export type UploadedAudio = NonNullable<NonNullable<UploadAudioMutation["uploadAudio"]>["audio"]> & {
  __typename: "Audio";
};
/** The library record an upload became; `__typename` tells which. */
export type UploadedAsset = UploadedImage | UploadedVideo | UploadedAudio;

/** What `uploadFile` resolves with. */
export interface UploadResult {
  /** The upload's fileId (the one whose bytes were stored and registered). */
  fileId: string;
  /** The registered Image, Video or Audio; null when the file was kept outside the library. */
  asset: UploadedAsset | null;
}

/**
 * Whether a register (or confirm) was refused because the bytes had not arrived
 * (spec, States and transitions). The spec gives no code for it; the sandbox
 * says FILE_NOT_UPLOADED, and a server that says it only in words is recognised
 * by them.
 */
export function isNotUploaded(error: unknown): boolean {
  if (!(error instanceof StudioError)) return false;
  if (error.graphqlCode === "FILE_NOT_UPLOADED") return true;
  return (
    error instanceof StudioGraphQLError &&
    /\b(not (yet )?(been )?uploaded|(have|has) not arrived|did not arrive)\b/i.test(error.message)
  );
}

function notApplied(operationName: string): StudioGraphQLError {
  return new StudioGraphQLError("NOT_APPLIED", `@studio-kit/upload: ${operationName} did not report success.`, {
    operationName,
  });
}

/** Step 3 once, in its span: registers the file with its category's mutation, or confirms it outside the library. */
function registerOnce(ctx: UploadContext, fileId: string): Promise<UploadedAsset | null> {
  const mutation = ctx.details.keepOutsideLibrary ? "confirmFileUpload" : UPLOAD_CATEGORIES[ctx.plan.category].mutation;
  const attributes = { "studio.upload.file_id": fileId, "studio.upload.mutation": mutation };
  return ctx.tracer.span(REGISTER_SPAN, { attributes }, () => registerWith(ctx, fileId));
}

async function registerWith(ctx: UploadContext, fileId: string): Promise<UploadedAsset | null> {
  const options = { signal: ctx.signal };
  const { name, displayName, aspectRatio } = ctx.details;
  if (ctx.details.keepOutsideLibrary) {
    const { confirmFileUpload } = await ctx.client.request(ConfirmFileUploadDocument, { fileId }, options);
    if (confirmFileUpload !== true) throw notApplied("ConfirmFileUpload");
    return null;
  }
  const workspaceId = await ctx.client.workspaceId(options);
  const common = { workspaceId, fileId, name, displayName };
  switch (UPLOAD_CATEGORIES[ctx.plan.category].mutation) {
    case "uploadImage": {
      const { uploadImage } = await ctx.client.request(UploadImageDocument, { ...common, aspectRatio }, options);
      if (!uploadImage?.success || !uploadImage.image) throw notApplied("UploadImage");
      return { __typename: "Image" as const, ...uploadImage.image };
    }
    case "uploadVideo": {
      const { uploadVideo } = await ctx.client.request(UploadVideoDocument, { ...common, aspectRatio }, options);
      if (!uploadVideo?.success || !uploadVideo.video) throw notApplied("UploadVideo");
      return { __typename: "Video" as const, ...uploadVideo.video };
    }
    case "uploadAudio": {
      const contentType = ctx.plan.contentType;
      const { uploadAudio } = await ctx.client.request(UploadAudioDocument, { ...common, contentType }, options);
      if (!uploadAudio?.success || !uploadAudio.audio) throw notApplied("UploadAudio");
      return { __typename: "Audio" as const, ...uploadAudio.audio };
    }
  }
}

/**
 * Step 3 with the documented retry: when the register is refused because the
 * bytes did not arrive, the bytes are sent again and the register is retried
 * with the same fileId, at most `registerRetries` times. Nothing else is ever
 * re-sent: any other failure is thrown as core reported it. (If the form has
 * expired by then, sending again signs a new upload, and that fileId is the one
 * registered: the refused register was not applied, so nothing is registered twice.)
 */
export async function registerUpload(ctx: UploadContext, stored: SignedUpload): Promise<UploadResult> {
  let { fileId } = stored;
  for (let retry = 0; ; retry += 1) {
    try {
      return { fileId, asset: await registerOnce(ctx, fileId) };
    } catch (error) {
      if (!isNotUploaded(error) || retry >= ctx.settings.registerRetries) throw error;
      ctx.log("warn", { fileId, retry: retry + 1 }, "the bytes did not arrive; sending them again");
      ({ fileId } = await sendBytes(ctx));
    }
  }
}
