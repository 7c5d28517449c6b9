import { imageVariables, musicVariables, videoVariables, voiceVariables } from "@studio-kit/commands";
import { generateImages, type StudioClient } from "@studio-kit/core";
import { GenerateMusicTrackDocument, GenerateVideoDocument, GenerateVoiceoverDocument } from "@studio-kit/operations";
import { CliError } from "../errors.js";
import type { RecordKind } from "../records.js";
import type { Cleared, CliGeneration } from "./prepare.js";

/** What a generation mutation returned: the QUEUED records' ids and how to poll them. */
export interface Queued {
  kind: RecordKind;
  ids: string[];
}

const refused = (what: string) =>
  new CliError("failed", `The API did not accept the ${what} (success: false, no id). Nothing is queued; try again.`);

/**
 * Sends the one generation mutation of a checked command. It is sent once: the core client never retries a
 * generation mutation (a retry after the server may have applied it would spend twice), and nor does this.
 * The variables are the ones every app sends (`@studio-kit/commands`: the same defaults as the bot's), `--ref`,
 * `--from` and `--end` among them (as `referenceImages`, `firstFrame` and `endImage`).
 */
export async function sendGeneration(client: StudioClient, { command, catalog, model }: Cleared): Promise<Queued> {
  const workspaceId = await client.workspaceId();
  switch (command.kind) {
    case "image": {
      const images = await generateImages(client, imageVariables(command));
      return { kind: "image", ids: images.map((image) => image.id) };
    }
    case "video": {
      const { generateVideo } = await client.request(GenerateVideoDocument, {
        workspaceId,
        ...videoVariables(command),
      });
      const id = generateVideo?.video?.id;
      if (!generateVideo?.success || !id) throw refused("video");
      return { kind: "video", ids: [id] };
    }
    case "music": {
      // generateMusicTrack takes a provider, not a model: the checked music model's provider from the catalog.
      const provider = catalog.musicModels?.find((each) => each.id === model?.id)?.provider;
      if (!provider) throw new CliError("failed", "No music model is available right now. Nothing was generated.");
      const { generateMusicTrack } = await client.request(GenerateMusicTrackDocument, {
        workspaceId,
        ...musicVariables(command, provider),
      });
      if (!generateMusicTrack?.success || !generateMusicTrack.audioId) throw refused("music track");
      return { kind: "audio", ids: [generateMusicTrack.audioId] };
    }
    case "voice": {
      const { generateVoiceover } = await client.request(GenerateVoiceoverDocument, {
        workspaceId,
        ...voiceVariables(command),
      });
      if (!generateVoiceover?.success || !generateVoiceover.audioId) throw refused("voiceover");
      return { kind: "audio", ids: [generateVoiceover.audioId] };
    }
  }
}

/** What a command asks for, in words, for the progress line: "2 images", "a video", "a music track", "a voiceover". */
export function whatIsAsked(command: CliGeneration): string {
  if (command.kind === "image") return (command.count ?? 1) === 1 ? "an image" : `${command.count} images`;
  return { video: "a video", music: "a music track", voice: "a voiceover" }[command.kind];
}
