import type {
  GenerateImageMutationVariables,
  GenerateMusicTrackMutationVariables,
  GenerateVideoMutationVariables,
  GenerateVoiceoverMutationVariables,
} from "@studio-kit/operations";
import { DEFAULT_RATIOS } from "./defaults.js";
import type { AvatarCommand, ImageCommand, LipsyncCommand, MusicCommand, VideoCommand, VoiceCommand } from "./types.js";

/** A reference by id, as `ReferenceImageInput` takes it. */
const byId = (id: string) => ({ id });
// References are left out when not given (rather than null, as the other options): the API reads both as "none",
// and a request without references then stays exactly what it was before they existed.
const references = (ids: readonly string[] | undefined) => (ids?.length ? { referenceImages: ids.map(byId) } : {});

// What each generation command sends, in one place for every app: the same defaults, and null for an option not
// given so the API applies the model's own default (spec, Mutations: generation). The workspace id is the caller's
// (the key's own: core's `client.workspaceId()`).

/** `generateImage`'s variables for an image command (without `workspaceId`). */
export function imageVariables(command: ImageCommand): Omit<GenerateImageMutationVariables, "workspaceId"> {
  return {
    prompt: command.prompt,
    aspectRatio: command.ratio ?? DEFAULT_RATIOS.image,
    count: command.count ?? 1,
    model: command.model ?? null,
    quality: command.quality ?? null,
    resolution: command.resolution ?? null,
    presetSlugs: command.presets.length ? command.presets : null,
    ...references(command.references),
    ...(command.parent ? { parentImageId: command.parent } : {}),
  };
}

/** `generateVideo`'s variables for a video command (without `workspaceId`). */
export function videoVariables(command: VideoCommand): Omit<GenerateVideoMutationVariables, "workspaceId"> {
  return {
    prompt: command.prompt,
    aspectRatio: command.ratio ?? DEFAULT_RATIOS.video,
    model: command.model ?? null,
    duration: command.duration ?? null,
    resolution: command.resolution ?? null,
    generateAudio: command.audio ? true : null,
    presetSlugs: command.presets.length ? command.presets : null,
    ...(command.firstFrame ? { firstFrame: byId(command.firstFrame) } : {}),
    ...(command.endImage ? { endImage: byId(command.endImage) } : {}),
    ...references(command.references),
  };
}

/**
 * `generateMusicTrack`'s variables for a music command (without `workspaceId`). The mutation takes a provider, not a
 * model: pass the checked music model's `provider` from the catalog.
 */
export function musicVariables(
  command: MusicCommand,
  provider: string,
): Omit<GenerateMusicTrackMutationVariables, "workspaceId"> {
  return {
    provider,
    prompt: command.prompt,
    lyrics: command.lyrics ?? null,
    instrumental: command.instrumental ? true : null,
    minDurationSeconds: command.minDuration ?? null,
    maxDurationSeconds: command.maxDuration ?? null,
  };
}

/** `generateVoiceover`'s variables for a voice command (without `workspaceId`); `--voice` is the API's `voiceId`. */
export function voiceVariables(command: VoiceCommand): Omit<GenerateVoiceoverMutationVariables, "workspaceId"> {
  return { script: command.script, voiceId: command.voice ?? null, language: command.language ?? null };
}

/**
 * The voiceover an `avatar` (or a `lipsync` with a script) reads first: `generateVoiceover`'s variables (without
 * `workspaceId`). Null for a `lipsync` given `--audio`, which reads nothing aloud.
 */
export function spokenVoiceVariables(
  command: AvatarCommand | LipsyncCommand,
): Omit<GenerateVoiceoverMutationVariables, "workspaceId"> | null {
  if (command.script === undefined) return null;
  return { script: command.script, voiceId: command.voice ?? null, language: command.language ?? null };
}
