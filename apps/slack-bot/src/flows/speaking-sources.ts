// The media an `avatar` or a `lipsync` names by id (`--image`, `--video`, `--audio`), read before anything is spent:
// a voiceover is charged the moment it is made, so a wrong id found only at the video step would cost the voiceover
// for nothing. Each must exist in the workspace, be of the kind named, and be finished (the API takes only those).

import { StudioError } from "@studio-kit/core";
import { AudioStatusDocument, ImageDocument, VideoDocument } from "@studio-kit/operations";
import type { BotDeps } from "../deps.js";

/** The media found, or why it cannot be used (a note for the asker: nothing was spent). */
export type Found<T> = { ok: true; media: T } | { ok: false; note: string };

const SPENT_NOTHING = "Nothing was generated and no credits were spent.";

// The API answers NOT_FOUND for an id that is not in the workspace, or names media of another kind.
const isNotFound = (error: unknown) => error instanceof StudioError && error.graphqlCode === "NOT_FOUND";

const missing = (kind: string, id: string): Found<never> => ({
  ok: false,
  note: `There is no ${kind} \`${id}\` in the workspace: give the id of a finished ${kind} (a result's id, or one \`/studio assets <a word>\` lists). ${SPENT_NOTHING}`,
});

const unfinished = (kind: string, id: string, status: string | null | undefined): Found<never> => ({
  ok: false,
  note: `The ${kind} \`${id}\` is ${status === "FAILED" ? "a failed generation" : "not finished yet"}: only a finished ${kind} can be used. ${SPENT_NOTHING}`,
});

/** Reads media by id; null when the API says there is none. */
async function read<T>(lookup: () => Promise<T | null | undefined>): Promise<T | null> {
  try {
    return (await lookup()) ?? null;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** `--image`: an image of the workspace, finished. */
export async function findImage(deps: BotDeps, id: string): Promise<Found<{ id: string }>> {
  const image = await read(async () => (await deps.studio.request(ImageDocument, { id })).image);
  if (!image) return missing("image", id);
  if (image.status !== "COMPLETED") return unfinished("image", id, image.status);
  return { ok: true, media: { id: image.id } };
}

/** `--video`: a video of the workspace, finished. */
export async function findVideo(deps: BotDeps, id: string): Promise<Found<{ id: string }>> {
  const video = await read(async () => (await deps.studio.request(VideoDocument, { id })).video);
  if (!video) return missing("video", id);
  if (video.status !== "COMPLETED") return unfinished("video", id, video.status);
  return { ok: true, media: { id: video.id } };
}

/** `--audio`: an audio of the workspace, finished, with its length in seconds (null when the API gives none). */
export async function findAudio(deps: BotDeps, id: string): Promise<Found<{ id: string; seconds: number | null }>> {
  const workspaceId = await deps.studio.workspaceId();
  const status = await read(
    async () => (await deps.studio.request(AudioStatusDocument, { audioId: id, workspaceId })).audioStatus,
  );
  if (!status) return missing("audio", id);
  if (status.status !== "COMPLETED" || !status.audio) return unfinished("audio", id, status.status);
  const { durationMs } = status.audio;
  return {
    ok: true,
    media: {
      id: status.audio.id,
      seconds: typeof durationMs === "number" && durationMs > 0 ? durationMs / 1000 : null,
    },
  };
}
