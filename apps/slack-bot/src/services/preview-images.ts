// Where a Work Object's image is shown from (issue 41, decision 0027). An unfurl is seen by everyone in the
// conversation (https://docs.slack.dev/messaging/work-objects-overview), and the API's download URLs are signed and
// expire: a signed URL in an unfurl hands its signature to every reader and breaks when it expires (issue 38). So an
// image is shown from a URL only when that URL carries no signature; otherwise the bot brings the image into Slack
// once, as an unshared file, and the entity names that file (`slack_file`: an image field takes a Slack file instead
// of an `image_url`, @slack/types 3.2 `EntityCustomField.slack_file`;
// https://docs.slack.dev/reference/block-kit/composition-objects/slack-file-object). When neither works, the image
// is left out: no preview rather than a signed one.
import { type SlackFilesApi, uploadResultFile } from "./slack-files.js";

/**
 * Where Slack shows an image from: a file in Slack (`slack_file`), or a URL that carries no signature (`image_url`).
 * An image field takes either (@slack/types 3.2 `EntityCustomField.image_url` / `slack_file`; the Slack file object
 * takes an `id` or a `url`, not both: https://docs.slack.dev/reference/block-kit/composition-objects/slack-file-object).
 */
export type PreviewImage = { image_url: string } | { slack_file: { id: string } };

/** The query parameters that make a URL a signed one (S3, GCS and Azure styles, and bearer-like tokens). */
const SIGNING_PARAMS = new Set([
  "x-amz-signature",
  "x-amz-credential",
  "x-amz-security-token",
  "x-goog-signature",
  "x-goog-credential",
  "signature",
  "sig",
  "token",
  "expires",
]);

/** Whether a URL carries a signature (or is not a URL at all: such a string is never shown either). */
export function isSignedUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  for (const key of parsed.searchParams.keys()) if (SIGNING_PARAMS.has(key.toLowerCase())) return true;
  return false;
}

/** One image to preview: its asset id (the cache key), where the API serves it, and a name for the file. */
export interface ImageToPreview {
  assetId: string;
  url: string;
  /** The file's name in Slack; its extension sets the mimetype. */
  filename: string;
}

/** Finds where each image is shown from. */
export interface PreviewImages {
  /** The image's preview: its URL when unsigned, else its Slack file (uploaded once), else null. */
  of(image: ImageToPreview): Promise<PreviewImage | null>;
}

/** Options of {@link createPreviewImages}. */
export interface PreviewImagesOptions {
  client: SlackFilesApi;
  /** Logs an upload that failed (never the URL: it is signed). */
  warn: (fields: Record<string, unknown>, message: string) => void;
  /** Waits for room before each files.* call (the pacer). */
  pace?: (method: "files.getUploadURLExternal" | "files.completeUploadExternal") => Promise<void>;
  fetch?: typeof fetch;
  /** How many asset ids' Slack files are remembered. Default 500. */
  remember?: number;
  /** The largest image brought into Slack, in bytes. Default 20 MiB. */
  maxBytes?: number;
}

/**
 * Previews of the API's images for Work Objects: a signed URL's image is uploaded to Slack once per asset (unshared;
 * the unfurl that names it shows it) and its file id remembered, in memory, for the most recent `remember` assets.
 * Concurrent asks for one asset share one upload. A replica that restarts uploads an asset again the next time.
 *
 * @example
 * const previews = createPreviewImages({ client: app.client, warn: (f, m) => logger.warn(f, m) });
 * await previews.of({ assetId: "img_1", url: image.downloadUrl, filename: "img_1.png" });
 */
export function createPreviewImages(options: PreviewImagesOptions): PreviewImages {
  const remember = options.remember ?? 500;
  const files = new Map<string, string>();
  const uploading = new Map<string, Promise<string | null>>();

  const keep = (assetId: string, fileId: string) => {
    files.delete(assetId);
    files.set(assetId, fileId);
    while (files.size > remember) {
      const oldest = files.keys().next().value;
      if (oldest === undefined) break;
      files.delete(oldest);
    }
  };

  const upload = async (image: ImageToPreview): Promise<string | null> => {
    try {
      const fileId = await uploadResultFile({
        client: options.client,
        downloadUrl: image.url,
        filename: image.filename,
        maxBytes: options.maxBytes ?? 20 * 1024 * 1024,
        ...(options.pace ? { pace: options.pace } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      keep(image.assetId, fileId);
      return fileId;
    } catch (error) {
      // A SlackFileError says what failed in words (a status, a Slack error code), never the URL.
      const code = (error as { code?: unknown }).code;
      options.warn(
        { asset: image.assetId, code: typeof code === "string" ? code : "failed" },
        "work objects: image not brought into Slack; the Work Object shows it without a preview",
      );
      return null;
    }
  };

  return {
    async of(image) {
      if (!isSignedUrl(image.url)) return { image_url: image.url };
      const known = files.get(image.assetId);
      if (known) return { slack_file: { id: known } };
      let pending = uploading.get(image.assetId);
      if (!pending) {
        pending = upload(image).finally(() => uploading.delete(image.assetId));
        uploading.set(image.assetId, pending);
      }
      const fileId = await pending;
      return fileId ? { slack_file: { id: fileId } } : null;
    },
  };
}
