import { type StudioClient, StudioGraphQLError } from "@studio-kit/core";
import { AudioStatusDocument, ImageDocument, VideoDocument } from "@studio-kit/operations";
import type { GenerationRecord, RecordKind } from "../backend.js";
import { fromAudio, fromImage, fromVideo } from "./records.js";

const notFound = (error: unknown) => error instanceof StudioGraphQLError && error.graphqlCode === "NOT_FOUND";

/** Reads one record of a known kind once; `null` when the workspace has no such record. */
export async function readRecord(
  client: StudioClient,
  id: string,
  kind: RecordKind,
  signal?: AbortSignal,
): Promise<GenerationRecord | null> {
  const options = { signal };
  try {
    if (kind === "image") {
      const { image } = await client.request(ImageDocument, { id }, options);
      return image ? fromImage(image) : null;
    }
    if (kind === "video") {
      const { video } = await client.request(VideoDocument, { id }, options);
      return video ? fromVideo(video) : null;
    }
    const workspaceId = await client.workspaceId(options);
    const { audioStatus } = await client.request(AudioStatusDocument, { audioId: id, workspaceId }, options);
    return audioStatus ? fromAudio(audioStatus) : null;
  } catch (error) {
    if (notFound(error)) return null;
    throw error;
  }
}
