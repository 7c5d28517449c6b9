import type { LipsyncCommand } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { mayGenerate } from "../jobs/gate.js";
import { runJob } from "../jobs/run.js";
import { actionNoteMessage } from "../messages/boards.js";
import { clearForGeneration, type PrecheckOptions } from "./precheck.js";
import { findAudio, findVideo } from "./speaking-sources.js";
import { tellProblem } from "./tell-problem.js";

const NEEDS_VIDEO =
  "`lipsync` needs the video whose lips move: name it with `--video <video id>` (a video result's id, or one `/studio assets <a word>` lists). Nothing was generated and no credits were spent.";

/**
 * `/studio lipsync --video <id>` with `--audio <id>` or a script: the video lip-synced (`generateLipsync`, the
 * catalog's default lip-sync model) to the audio, or to the script read aloud first (`generateVoiceover`), as one
 * durable job of one or two steps (jobs/speaking-kinds.ts).
 *
 * Before anything is spent: the video is named, the access rules let the asker generate, the video (and `--audio`)
 * are finished media of the workspace (the audio's length is read then, for `audioDurationSeconds`), the options
 * (the voice, a lip-sync model) and the credits guard, which judges every step together and asks to confirm above
 * the threshold. Resolves true when a generation was sent; never throws.
 */
export async function runLipsync(
  deps: BotDeps,
  surface: Surface,
  command: LipsyncCommand,
  checks: PrecheckOptions = {},
): Promise<boolean> {
  try {
    return await lipsync(deps, surface, command, checks);
  } catch (error) {
    await tellProblem(deps, surface, error, "lipsync failed");
    return false;
  }
}

async function lipsync(deps: BotDeps, surface: Surface, command: LipsyncCommand, checks: PrecheckOptions) {
  const { video: videoId, audio: audioId } = command;
  if (!videoId) {
    await surface.ephemeral(actionNoteMessage(NEEDS_VIDEO));
    return false;
  }
  // Access first, so that nobody learns what the workspace holds through a refusal.
  if (!(await mayGenerate(deps, surface))) return false;
  const video = await findVideo(deps, videoId);
  if (!video.ok) {
    await surface.ephemeral(actionNoteMessage(video.note));
    return false;
  }
  const audio = audioId === undefined ? null : await findAudio(deps, audioId);
  if (audio && !audio.ok) {
    await surface.ephemeral(actionNoteMessage(audio.note));
    return false;
  }
  const cleared = await clearForGeneration(deps, surface, command, checks);
  if (!cleared) return false;
  // The checks passed, so the catalog has a lip-sync model (checkOptions answers with it).
  const model = cleared.model;
  if (!model) throw new Error("lipsync: the checks passed without a lip-sync model");
  const defaultBoard = (await deps.store.channelDefaults.get(surface.channel)) ?? null;
  return runJob(deps, surface, {
    request: {
      kind: "lipsync",
      command: { ...command, video: video.media.id },
      model: model.id,
      audio: audio?.ok ? audio.media : null,
      defaultBoard,
    },
    outputs: 1,
    credits: cleared.cost,
    ...(checks.origin ? { origin: checks.origin } : {}),
  });
}
