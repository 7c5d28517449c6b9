// The one generation mutation of a checked command, for every app that sends with an API key (the CLI, the MCP
// tools): which mutation a kind takes, its variables (variables.ts) and how its answer says what was queued. The
// apps keep their own checks before it and their own words for a refusal after it.

import { generateImages, type StudioClient, StudioError } from "@studio-kit/core";
import { GenerateMusicTrackDocument, GenerateVideoDocument, GenerateVoiceoverDocument } from "@studio-kit/operations";
import type { GenerationCommands } from "./generation.js";
import type { GenerationKind } from "./types.js";
import { imageVariables, musicVariables, videoVariables, voiceVariables } from "./variables.js";

/** The kind of record a generation queues, as the status queries read it: music and voice are both audio. */
export type QueuedRecordKind = "image" | "video" | "audio";

/**
 * What the mutation's answer said: the records queued, or, when the API answered without accepting it
 * (`success: false` or no id), what it did not accept, for the app to say in its own words.
 */
export type SentGeneration =
  | { queued: true; kind: QueuedRecordKind; ids: string[] }
  | { queued: false; what: "video" | "music track" | "voiceover" };

/**
 * Sends a checked command's generation mutation, once: core's client never retries a generation mutation (a retry
 * after the server may have applied it would spend twice), and nor does this. `musicProvider` is the checked music
 * model's provider (`generateMusicTrack` takes a provider, not a model): a music command without one is refused as
 * INVALID_ARGUMENT before anything is sent. An image refused by the API is core's NOT_APPLIED (`generateImages`).
 *
 * @example
 * const sent = await sendGeneration(client, command, { musicProvider });
 * if (!sent.queued) throw new Error(`The API did not accept the ${sent.what}.`);
 */
export async function sendGeneration(
  client: StudioClient,
  command: GenerationCommands[GenerationKind],
  { musicProvider }: { musicProvider?: string | null | undefined } = {},
): Promise<SentGeneration> {
  if (command.kind === "image") {
    const images = await generateImages(client, imageVariables(command));
    return { queued: true, kind: "image", ids: images.map((image) => image.id) };
  }
  const workspaceId = await client.workspaceId();
  switch (command.kind) {
    case "video": {
      const { generateVideo } = await client.request(GenerateVideoDocument, {
        workspaceId,
        ...videoVariables(command),
      });
      const id = generateVideo?.video?.id;
      return generateVideo?.success && id
        ? { queued: true, kind: "video", ids: [id] }
        : { queued: false, what: "video" };
    }
    case "music": {
      if (!musicProvider) {
        throw new StudioError(
          "INVALID_ARGUMENT",
          "@studio-kit/commands: a music generation needs its model's provider.",
        );
      }
      const { generateMusicTrack } = await client.request(GenerateMusicTrackDocument, {
        workspaceId,
        ...musicVariables(command, musicProvider),
      });
      const id = generateMusicTrack?.audioId;
      return generateMusicTrack?.success && id
        ? { queued: true, kind: "audio", ids: [id] }
        : { queued: false, what: "music track" };
    }
    case "voice": {
      const { generateVoiceover } = await client.request(GenerateVoiceoverDocument, {
        workspaceId,
        ...voiceVariables(command),
      });
      const id = generateVoiceover?.audioId;
      return generateVoiceover?.success && id
        ? { queued: true, kind: "audio", ids: [id] }
        : { queued: false, what: "voiceover" };
    }
  }
}
