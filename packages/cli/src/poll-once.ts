import { type StudioClient, StudioGraphQLError } from "@studio-kit/core";
import { AudioStatusDocument, ImageDocument, VideoDocument } from "@studio-kit/operations";
import { fromAudio, fromImage, fromVideo, type RecordKind, type RecordState } from "./records.js";

const notFound = (error: unknown) => error instanceof StudioGraphQLError && error.graphqlCode === "NOT_FOUND";

async function read(client: StudioClient, id: string, kind: RecordKind): Promise<RecordState | null> {
  try {
    if (kind === "image") {
      const { image } = await client.request(ImageDocument, { id });
      return image ? fromImage(image) : null;
    }
    if (kind === "video") {
      const { video } = await client.request(VideoDocument, { id });
      return video ? fromVideo(video) : null;
    }
    const workspaceId = await client.workspaceId();
    const { audioStatus } = await client.request(AudioStatusDocument, { audioId: id, workspaceId });
    return audioStatus ? fromAudio(audioStatus) : null;
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
