import { type StudioClient, StudioGraphQLError } from "@studio-kit/core";
import { AudioStatusDocument, ImageDocument, VideoDocument } from "@studio-kit/operations";

/** What a generated record can be: the three ways the API polls (spec, Generation rules 1). */
export type RecordKind = "image" | "video" | "audio";

/** One record's state, the same shape for every kind. */
export interface RecordState {
  id: string;
  kind: RecordKind;
  status: string;
  progress: number | null;
  errorMessage: string | null;
  /** Where the finished media can be downloaded (a signed URL; printed, never logged). */
  downloadUrl: string | null;
  prompt?: string | null;
}

const notFound = (error: unknown) => error instanceof StudioGraphQLError && error.graphqlCode === "NOT_FOUND";

async function read(client: StudioClient, id: string, kind: RecordKind): Promise<RecordState | null> {
  try {
    if (kind === "image") {
      const { image } = await client.request(ImageDocument, { id });
      return (
        image && {
          id,
          kind,
          status: image.status ?? "UNKNOWN",
          progress: image.progress ?? null,
          errorMessage: image.errorMessage ?? null,
          downloadUrl: image.downloadUrl ?? image.url ?? null,
          prompt: image.prompt,
        }
      );
    }
    if (kind === "video") {
      const { video } = await client.request(VideoDocument, { id });
      return (
        video && {
          id,
          kind,
          status: video.status ?? "UNKNOWN",
          progress: video.progress ?? null,
          errorMessage: video.errorMessage ?? null,
          downloadUrl: video.downloadUrl ?? video.videoUrl ?? null,
        }
      );
    }
    const { audioStatus } = await client.request(AudioStatusDocument, {
      audioId: id,
      workspaceId: await client.workspaceId(),
    });
    return (
      audioStatus && {
        id,
        kind,
        status: audioStatus.status ?? "UNKNOWN",
        progress: audioStatus.progress ?? null,
        errorMessage: audioStatus.errorMessage ?? null,
        downloadUrl: audioStatus.audio?.downloadUrl ?? audioStatus.audio?.url ?? null,
      }
    );
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}

/**
 * Reads a record once by id. The API gives no way to tell an id's kind, so without `kind` it asks `image`, then
 * `video`, then `audioStatus`, taking the first that knows the id (NOT_FOUND moves on; any other error stops).
 * Resolves with `null` when none does.
 */
export async function pollOnce(client: StudioClient, id: string, kind?: RecordKind): Promise<RecordState | null> {
  for (const each of kind ? [kind] : (["image", "video", "audio"] as const)) {
    const state = await read(client, id, each);
    if (state) return state;
  }
  return null;
}

/**
 * A record as the CLI prints it: everything but the download URL. Signed URLs are never printed, since a terminal's
 * output ends up in CI logs and tickets; `--out DIR` downloads the media instead.
 */
export function publicRecord({ downloadUrl: _url, ...shown }: RecordState): Omit<RecordState, "downloadUrl"> {
  return shown;
}
