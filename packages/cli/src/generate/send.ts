import { DEFAULT_RATIOS, type GenerationCommand } from "@studio-kit/commands";
import { generateImages, type StudioClient } from "@studio-kit/core";
import { GenerateMusicTrackDocument, GenerateVideoDocument, GenerateVoiceoverDocument } from "@studio-kit/operations";
import { CliError } from "../errors.js";
import type { RecordKind } from "../poll-once.js";
import type { Cleared } from "./prepare.js";

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
 * The variables follow the bot's (apps/slack-bot/src/jobs/*-kind*.ts): the same defaults, nulls for options not
 * given so the API picks the model's defaults.
 */
export async function sendGeneration(client: StudioClient, { command, catalog, model }: Cleared): Promise<Queued> {
  const workspaceId = await client.workspaceId();
  switch (command.kind) {
    case "image": {
      const images = await generateImages(client, {
        prompt: command.prompt,
        aspectRatio: command.ratio ?? DEFAULT_RATIOS.image,
        count: command.count ?? 1,
        model: command.model ?? null,
        quality: command.quality ?? null,
        resolution: command.resolution ?? null,
        presetSlugs: command.presets.length ? command.presets : null,
      });
      return { kind: "image", ids: images.map((image) => image.id) };
    }
    case "video": {
      const { generateVideo } = await client.request(GenerateVideoDocument, {
        workspaceId,
        prompt: command.prompt,
        aspectRatio: command.ratio ?? DEFAULT_RATIOS.video,
        model: command.model ?? null,
        duration: command.duration ?? null,
        resolution: command.resolution ?? null,
        generateAudio: command.audio ? true : null,
        presetSlugs: command.presets.length ? command.presets : null,
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
        provider,
        prompt: command.prompt,
        lyrics: command.lyrics ?? null,
        instrumental: command.instrumental ? true : null,
        minDurationSeconds: command.minDuration ?? null,
        maxDurationSeconds: command.maxDuration ?? null,
      });
      if (!generateMusicTrack?.success || !generateMusicTrack.audioId) throw refused("music track");
      return { kind: "audio", ids: [generateMusicTrack.audioId] };
    }
    case "voice": {
      const { generateVoiceover } = await client.request(GenerateVoiceoverDocument, {
        workspaceId,
        script: command.script,
        voiceId: command.voice ?? null,
        language: command.language ?? null,
      });
      if (!generateVoiceover?.success || !generateVoiceover.audioId) throw refused("voiceover");
      return { kind: "audio", ids: [generateVoiceover.audioId] };
    }
  }
}

/** What a command asks for, in words, for the progress line: "2 images", "a video", "a music track", "a voiceover". */
export function whatIsAsked(command: GenerationCommand): string {
  if (command.kind === "image") return (command.count ?? 1) === 1 ? "an image" : `${command.count} images`;
  return { video: "a video", music: "a music track", voice: "a voiceover" }[command.kind];
}
