import { GraphQLError } from "graphql";
import { assertOwned, assertWorkspace } from "../access.js";
import type { RequestContext } from "../core.js";
import { badUserInput } from "../errors.js";
import { fileUrl } from "../files.js";
import type { AudioRecord, ImageRecord, StoredFile, VideoRecord } from "../state/types.js";
import {
  DELETE_AFTER_JITTER_MS,
  DELETE_AFTER_MIN_MS,
  isUploadCategory,
  type RegisteringMutation,
  UPLOAD_CATEGORIES,
  UPLOAD_LIFETIME_MS,
  type UploadCategory,
} from "../storage/limits.js";
import { BUCKET, formFields, PROVIDER, requiredHeaders, signedUrl, storagePath } from "../storage/policy.js";
import {
  audioRecord,
  imageRecord,
  type UploadAudioInput,
  type UploadImageInput,
  type UploadVideoInput,
  videoRecord,
} from "../storage/register.js";

// Resolvers of the uploads area: the three-step signed upload (spec, Upload
// flow; States and transitions, "Uploaded file"). Step 2, the bytes, is served
// by http/storage.ts. Every resolver first sweeps the uploads whose time is up,
// so that the clean-up follows the virtual clock without a timer.

type Media = ImageRecord | VideoRecord | AudioRecord;

interface SignedUploadArgs {
  category: string;
  filename: string;
  contentType: string;
  workspaceId?: string | null;
  /** Accepted and unused: the spec does not say what it links the upload to. */
  entityId?: string | null;
}

/** The code is the sandbox's choice (the spec shows only BAD_USER_INPUT); the message is the spec's advice. */
function notUploaded(file: StoredFile): GraphQLError {
  return new GraphQLError(
    `The bytes of file ${file.id} have not arrived: upload the bytes again, then retry with the same fileId.`,
    { extensions: { code: "FILE_NOT_UPLOADED", fileId: file.id } },
  );
}

/** An upload of this workspace, with its category; deleted uploads are gone (spec, Limits). */
function uploadOf(ctx: RequestContext, fileId: string): { file: StoredFile; category: UploadCategory } {
  const found = ctx.core.state.files.get(fileId);
  if (!found) {
    throw new GraphQLError(
      `Upload ${fileId} was not found in this workspace: it was never requested, or, neither registered nor ` +
        "confirmed, it was deleted 1 to 2 hours after the request. Upload the file again.",
      { extensions: { code: "NOT_FOUND", fileId } },
    );
  }
  const file = assertOwned(ctx, found, "Upload", fileId);
  if (!isUploadCategory(file.category)) {
    throw badUserInput(`File ${fileId} is not an upload: only files from createSignedUploadUrl can be registered.`);
  }
  return { file, category: file.category };
}

function recordOfFile(ctx: RequestContext, fileId: string, typename: Media["__typename"]): Media | undefined {
  for (const asset of ctx.core.state.assets.values()) {
    if (asset.__typename === typename && asset._fileId === fileId && asset.workspaceId === ctx.workspaceId) {
      return asset;
    }
  }
  return undefined;
}

/**
 * Step 3: registers a stored upload as a library record. A retry with the same
 * fileId returns the record the first call made, so a client may retry safely.
 */
async function register<T extends Media>(
  ctx: RequestContext,
  workspaceId: string,
  input: { fileId: string; id?: string | null },
  mutation: RegisteringMutation,
  typename: T["__typename"],
  build: (file: StoredFile, id: string) => T | Promise<T>,
): Promise<T> {
  assertWorkspace(ctx, workspaceId);
  const { file, category } = uploadOf(ctx, input.fileId);
  const expected = UPLOAD_CATEGORIES[category].mutation;
  if (expected !== mutation) {
    throw badUserInput(`File ${file.id} was requested as ${category}: register it with ${expected}, not ${mutation}.`, {
      category,
      expectedMutation: expected,
    });
  }
  const existing = recordOfFile(ctx, file.id, typename) as T | undefined;
  if (existing) return existing;
  // "If the bytes did not arrive the mutation is refused" (spec, States and transitions).
  if (!file.path) throw notUploaded(file);
  const id = input.id ?? ctx.core.newId(typename === "Image" ? "img" : typename === "Video" ? "vid" : "aud");
  if (ctx.core.state.assets.has(id)) {
    throw badUserInput(`Asset id ${id} is already taken: pass another id, or none and the sandbox picks one.`);
  }
  const record = await build(file, id);
  // Measuring the bytes awaited: a concurrent retry may have registered the file meanwhile.
  const raced = recordOfFile(ctx, file.id, typename) as T | undefined;
  if (raced) return raced;
  ctx.core.state.assets.set(record.id, record);
  file.kept = "registered";
  return record;
}

/** A video's thumbnail must be an image upload whose bytes arrived; it is kept with the video. */
function thumbnailOf(ctx: RequestContext, fileId: string | null | undefined): StoredFile | null {
  if (!fileId) return null;
  const { file, category } = uploadOf(ctx, fileId);
  if (UPLOAD_CATEGORIES[category].mutation !== "uploadImage") {
    throw badUserInput(`thumbnailFileId ${fileId} is a ${category} upload: the thumbnail must be an image.`);
  }
  if (!file.path) throw notUploaded(file);
  return file;
}

export const uploadsResolvers = {
  Mutation: {
    createSignedUploadUrl: (_: unknown, args: SignedUploadArgs, ctx: RequestContext) => {
      if (args.workspaceId != null) assertWorkspace(ctx, args.workspaceId);
      if (!isUploadCategory(args.category)) throw badUserInput(`Unknown upload category ${args.category}.`);
      const allowed = UPLOAD_CATEGORIES[args.category].contentTypes;
      // Media types are case-insensitive (RFC 9110 8.3.1); the stored one is the listed spelling.
      const contentType = args.contentType.trim().toLowerCase();
      if (!allowed.includes(contentType)) {
        throw badUserInput(
          `Content type ${JSON.stringify(args.contentType)} is not allowed for ${args.category} ` +
            `(allowed: ${allowed.join(", ")}).`,
          { category: args.category, allowedContentTypes: [...allowed] },
        );
      }
      const filename = args.filename.trim();
      if (!filename) throw badUserInput("filename must not be empty: pass the file's name, such as photo.png.");

      const now = ctx.core.clock.now();
      const file: StoredFile = {
        id: ctx.core.newId("file"),
        workspaceId: ctx.workspaceId,
        filename,
        contentType,
        category: args.category,
        requestedAt: now,
        expiresAt: now + UPLOAD_LIFETIME_MS,
        // Deleted 1 to 2 hours after the request unless registered or confirmed (spec, Limits).
        deleteAt: now + DELETE_AFTER_MIN_MS + ctx.core.random.int(0, DELETE_AFTER_JITTER_MS),
        path: null,
        media: null,
        size: null,
        kept: null,
      };
      ctx.core.state.files.set(file.id, file);
      return {
        fileId: file.id,
        signedUrl: signedUrl(ctx.core, ctx.origin, file),
        bucket: BUCKET,
        storagePath: storagePath(file),
        // The sandbox's only public address of a file is its signed download URL.
        publicUrl: fileUrl(ctx, file.id),
        provider: PROVIDER,
        uploadForm: { url: `${ctx.origin}/__storage/form/${file.id}`, fields: formFields(ctx.core, file) },
        requiredHeaders: requiredHeaders(file),
      };
    },

    uploadImage: async (_: unknown, args: { workspaceId: string; input: UploadImageInput }, ctx: RequestContext) => {
      const image = await register(ctx, args.workspaceId, args.input, "uploadImage", "Image", (file, id) =>
        imageRecord(ctx, id, file, args.input),
      );
      return { success: true, image };
    },

    uploadVideo: async (_: unknown, args: { workspaceId: string; input: UploadVideoInput }, ctx: RequestContext) => {
      const video = await register(ctx, args.workspaceId, args.input, "uploadVideo", "Video", (file, id) => {
        const thumbnail = thumbnailOf(ctx, args.input.thumbnailFileId);
        // The thumbnail belongs to a registered asset now: the clean-up must not take it.
        if (thumbnail && thumbnail.kept === null) thumbnail.kept = "registered";
        return videoRecord(ctx, id, file, args.input, thumbnail);
      });
      return { success: true, video };
    },

    uploadAudio: async (_: unknown, args: { workspaceId: string; input: UploadAudioInput }, ctx: RequestContext) => {
      const audio = await register(ctx, args.workspaceId, args.input, "uploadAudio", "Audio", (file, id) =>
        audioRecord(ctx, id, file, args.input),
      );
      return { success: true, audio };
    },

    /** Keeps a stored file outside the library (spec, States and transitions). */
    confirmFileUpload: (_: unknown, args: { fileId: string }, ctx: RequestContext) => {
      const { file } = uploadOf(ctx, args.fileId);
      if (file.kept === "registered") {
        throw badUserInput(
          `File ${file.id} is registered as an asset: confirmFileUpload is only for files kept outside the ` +
            "library, and must not be called for a registered one (spec, States and transitions).",
        );
      }
      if (!file.path) throw notUploaded(file);
      file.kept = "confirmed";
      return true;
    },
  },
};
