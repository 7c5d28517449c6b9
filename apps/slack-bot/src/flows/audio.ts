import { GenerateMusicTrackDocument, GenerateVoiceoverDocument } from "@studio-kit/operations";
import type { PolledAudio } from "@studio-kit/poller";
import type { MusicCommand, VoiceCommand } from "../commands/types.js";
import type { BotDeps } from "../deps.js";
import { whatIsAsked } from "../messages/describe.js";
import { failedMessage } from "../messages/errors.js";
import { problemMessage } from "../messages/problems.js";
import { progressMessage } from "../messages/progress.js";
import { audioResultsMessage } from "../messages/results.js";
import { channelDefaultsOf } from "./add-to-board.js";
import { type Cleared, clearForGeneration, type PrecheckOptions } from "./precheck.js";
import type { Surface } from "./surface.js";
import { deliverFinal, showProgress } from "./updates.js";
import { uploadResults } from "./upload-results.js";

type AudioCommand = MusicCommand | VoiceCommand;

/** The job the API queued: the id `audioStatus` reads, or nothing when the API did not accept it. */
type Queued = { audioId: string | null; success: boolean | null } | null | undefined;

async function queueMusic(deps: BotDeps, command: MusicCommand, cleared: Cleared): Promise<Queued | string> {
  // generateMusicTrack takes a provider, not a model: the checked model's provider from the catalog.
  const provider = cleared.catalog.musicModels?.find((model) => model.id === cleared.model?.id)?.provider;
  if (!provider) return "No music model is available right now.";
  const { generateMusicTrack } = await deps.studio.request(GenerateMusicTrackDocument, {
    workspaceId: await deps.studio.workspaceId(),
    provider,
    prompt: command.prompt,
    lyrics: command.lyrics ?? null,
    instrumental: command.instrumental ? true : null,
    minDurationSeconds: command.minDuration ?? null,
    maxDurationSeconds: command.maxDuration ?? null,
  });
  return generateMusicTrack;
}

async function queueVoice(deps: BotDeps, command: VoiceCommand): Promise<Queued> {
  const { generateVoiceover } = await deps.studio.request(GenerateVoiceoverDocument, {
    workspaceId: await deps.studio.workspaceId(),
    script: command.script,
    voiceId: command.voice ?? null,
    language: command.language ?? null,
  });
  return generateVoiceover;
}

/**
 * `/studio music` and `/studio voice` (and their mentions): checks the options and the credits before anything
 * is spent, posts the progress, sends `generateMusicTrack` (with the music model's provider) or
 * `generateVoiceover`, follows `audioStatus` with the poller (throttled, budgeted progress) and replaces the
 * progress with the audio and its Add to board button, or the FAILED message. Never throws.
 */
export async function runAudio(
  deps: BotDeps,
  surface: Surface,
  command: AudioCommand,
  checks: PrecheckOptions = {},
): Promise<void> {
  const { poller, logger } = deps;
  const cleared = await clearForGeneration(deps, surface, command, checks);
  if (!cleared) return;
  const defaultBoard = (await channelDefaultsOf(deps).get(surface.channel)) ?? null;

  const user = surface.user;
  const what = whatIsAsked(command);
  const prompt = command.kind === "voice" ? command.script : command.prompt;
  const progress = await surface.post(progressMessage({ user, command }));
  deps.throttle.take(progress.key);
  try {
    const queued =
      command.kind === "music" ? await queueMusic(deps, command, cleared) : await queueVoice(deps, command);
    if (typeof queued === "string" || !queued?.success || !queued.audioId) {
      const errorMessage = typeof queued === "string" ? queued : null;
      logger.warn({ user, kind: command.kind }, "audio generation was not accepted");
      await deliverFinal(deps, surface, progress, failedMessage({ user, what, errorMessage }));
      return;
    }
    const audioId = queued.audioId;
    logger.info({ user, audio: audioId, kind: command.kind }, "audio generation queued");
    const status: PolledAudio = await poller.waitForAudio(audioId, {
      onUpdate: (record) => {
        if (record.status === "COMPLETED" || record.status === "FAILED") return;
        showProgress(deps, progress, () => progressMessage({ user, command, percent: record.progress ?? 0 }));
      },
    });
    if (status.status !== "COMPLETED" || !status.audio) {
      logger.warn({ user, audio: audioId }, "audio generation failed");
      await deliverFinal(deps, surface, progress, failedMessage({ user, what, errorMessage: status.errorMessage }));
      return;
    }
    const asset = { id: status.audio.id, url: status.audio.url ?? status.audio.downloadUrl };
    await deliverFinal(deps, surface, progress, audioResultsMessage([asset], { user, prompt, defaultBoard }));
    const downloadUrl = status.audio.downloadUrl ?? status.audio.url;
    await uploadResults(deps, surface, progress, [{ id: asset.id, downloadUrl, kind: "audio", title: what }]);
  } catch (error) {
    logger.error({ err: error, user }, "audio generation did not finish");
    await deliverFinal(deps, surface, progress, problemMessage(error));
  }
}
