// `avatar` and `lipsync`: jobs of two steps (a voiceover of the script, then the video made with it) or, for a lip
// sync given `--audio`, of one. Each step is sent once (the runner records `sending` before it, per step), and the
// move from the voiceover to the video is recorded with the voiceover's audio id before the video is asked for
// (jobs/run.ts `nextStep`), so a restart between the two neither reads the script aloud again nor asks twice for
// the video.

import { spokenVoiceVariables } from "@studio-kit/commands";
import {
  GenerateLipsyncDocument,
  GenerateSpeakingCharacterDocument,
  GenerateVoiceoverDocument,
  isTerminalStatus,
} from "@studio-kit/operations";
import { shownAsset } from "../delivery/result-files.js";
import type { BotDeps } from "../deps.js";
import type { SlackMessage } from "../messages/blocks.js";
import { whatIsAsked } from "../messages/describe.js";
import { videoResultsMessage } from "../messages/results.js";
import { speakingFailedMessage, speakingProgressMessage } from "../messages/speaking.js";
import type { StepResults } from "../store/types.js";
import type { Finished, JobKindHandler, JobOf, Sent } from "./kind.js";
import { untilStopped } from "./until-stopped.js";

type SpeakingJob = JobOf<"avatar"> | JobOf<"lipsync">;

/** Of the progress bar, the share the voiceover takes when it comes first: the video is most of the wait. */
const VOICEOVER_SHARE = 25;

/** Whether the job reads its script aloud first: an avatar always, a lip sync unless it was given `--audio`. */
const voiced = (job: SpeakingJob) => job.request.kind === "avatar" || job.request.audio === null;

/** Whether the job is at its voiceover step (step 0 of a voiced job). */
const atVoiceover = (job: SpeakingJob) => voiced(job) && (job.step ?? 0) === 0;

/** The job's progress as a whole, from the percentage of the step it is at. */
function overall(job: SpeakingJob, percent: number): number {
  if (!voiced(job)) return percent;
  const share = atVoiceover(job) ? VOICEOVER_SHARE : 100 - VOICEOVER_SHARE;
  return (atVoiceover(job) ? 0 : VOICEOVER_SHARE) + (percent * share) / 100;
}

const onlyId = (ids: string[]) => {
  const [id] = ids;
  if (!id) throw new Error("a speaking job's step holds one id");
  return id;
};

/** The voiceover an earlier step made, if any (for the words of a later failure). */
const voiceoverOf = (job: SpeakingJob) => {
  const id = job.stepResults?.audioId;
  return typeof id === "string" ? id : undefined;
};

/** The audio the video speaks: `--audio`, or the voiceover the first step made (its id and length). */
function speech(job: SpeakingJob): { audioId: string; seconds: number | null } {
  if (job.request.kind === "lipsync" && job.request.audio) {
    return { audioId: job.request.audio.id, seconds: job.request.audio.seconds };
  }
  const audioId = voiceoverOf(job);
  if (!audioId) throw new Error("a speaking job's video step needs the voiceover's audio id");
  const seconds = job.stepResults?.audioSeconds;
  return { audioId, seconds: typeof seconds === "number" ? seconds : null };
}

/** The final message of a step that FAILED or was refused, saying which step, and what was made before it. */
function failedOf(job: SpeakingJob, errorMessage?: string | null): SlackMessage {
  const what = whatIsAsked(job.request.command);
  if (atVoiceover(job))
    return speakingFailedMessage({ user: job.user, what: `the voiceover of ${what}`, errorMessage });
  return speakingFailedMessage({ user: job.user, what, errorMessage, voiceoverId: voiceoverOf(job) });
}

/** Step 0 of a voiced job: `generateVoiceover` with the script, the voice and the language. */
async function sendVoiceover(deps: BotDeps, job: SpeakingJob): Promise<Sent> {
  const variables = spokenVoiceVariables(job.request.command);
  if (!variables) throw new Error("a speaking job without a script has no voiceover step");
  const { generateVoiceover: queued } = await deps.studio.request(GenerateVoiceoverDocument, {
    workspaceId: await deps.studio.workspaceId(),
    ...variables,
  });
  if (!queued?.success || !queued.audioId) return { accepted: false, message: failedOf(job) };
  return { accepted: true, ids: [queued.audioId] };
}

/** The voiceover, waited for through `audioStatus`: its id and length go on to the video step. */
async function followVoiceover(
  deps: BotDeps,
  job: SpeakingJob,
  onPercent: (percent: number) => void,
): Promise<Finished> {
  const status = await deps.poller.waitForAudio(onlyId(job.resultIds), {
    ...untilStopped(deps),
    onUpdate: (record) => {
      if (!isTerminalStatus(record.status)) onPercent(overall(job, record.progress ?? 0));
    },
  });
  if (status.status !== "COMPLETED" || !status.audio) {
    return { outcome: "failed", message: failedOf(job, status.errorMessage) };
  }
  const { id, durationMs } = status.audio;
  const results: StepResults = { audioId: id };
  // The speaking models take the audio's length; the API reads it from the audio when it is not known here.
  if (typeof durationMs === "number" && durationMs > 0) results.audioSeconds = durationMs / 1000;
  return { outcome: "next", results };
}

/** The video step's answer: the new video's id, or the failure. */
function queuedVideo(
  job: SpeakingJob,
  queued: { success?: boolean | null; video?: { id: string } | null } | null | undefined,
): Sent {
  const id = queued?.video?.id;
  if (!queued?.success || !id) return { accepted: false, message: failedOf(job) };
  return { accepted: true, ids: [id] };
}

/** The video, to its end: one result message with the video (Slack's player) and a video's buttons. */
async function followVideo(deps: BotDeps, job: SpeakingJob, onPercent: (percent: number) => void) {
  const video = await deps.poller.waitForVideo(onlyId(job.resultIds), {
    ...untilStopped(deps),
    onUpdate: (record) => {
      if (!isTerminalStatus(record.status)) onPercent(overall(job, record.progress ?? 0));
    },
  });
  if (video.status !== "COMPLETED") {
    return { outcome: "failed", message: failedOf(job, video.errorMessage) } satisfies Finished;
  }
  const { command, defaultBoard } = job.request;
  const prompt = command.script ?? "";
  // Made from an image and a voice, not from settings the Remix modal knows: no Remix (Regenerate runs it again).
  // Without a script (a lip sync to an audio file) the header says what it is rather than ending at "Lip sync:".
  const what = command.kind === "avatar" ? "Speaking avatar:" : prompt ? "Lip sync:" : "Lip sync of a video";
  const ctx = { user: job.user, prompt, what, defaultBoard, jobId: job.id, remix: false };
  const url = video.videoUrl ?? video.downloadUrl;
  return {
    outcome: "completed",
    files: [
      {
        id: video.id,
        downloadUrl: video.downloadUrl ?? video.videoUrl,
        kind: "video",
        title: `${what} ${prompt || video.id}`,
      },
    ],
    render: (uploaded) => videoResultsMessage([shownAsset(uploaded, video.id, url)], ctx),
  } satisfies Finished;
}

/** Follows the step the job is at: the voiceover (then `next`), or the video (then the result). */
const followStep = (deps: BotDeps, job: SpeakingJob, onPercent: (percent: number) => void): Promise<Finished> =>
  atVoiceover(job) ? followVoiceover(deps, job, onPercent) : followVideo(deps, job, onPercent);

/** `/studio avatar`: the voiceover, then `generateSpeakingCharacter` with the image and it. */
export const avatarJob: JobKindHandler<"avatar"> = {
  takes: () => "minutes",
  streams: false,
  progress: (job) => speakingProgressMessage(job.user, job.request.command, job.step ?? 0),
  async send(deps, job) {
    if (atVoiceover(job)) return sendVoiceover(deps, job);
    const { command, model, resolution } = job.request;
    const { audioId, seconds } = speech(job);
    const { generateSpeakingCharacter } = await deps.studio.request(GenerateSpeakingCharacterDocument, {
      workspaceId: await deps.studio.workspaceId(),
      imageId: command.image,
      audioId,
      audioDurationSeconds: seconds,
      model,
      resolution,
    });
    return queuedVideo(job, generateSpeakingCharacter);
  },
  follow: followStep,
  failed: failedOf,
};

/** `/studio lipsync`: the voiceover when a script is given, then `generateLipsync` with the video and the audio. */
export const lipsyncJob: JobKindHandler<"lipsync"> = {
  takes: () => "minutes",
  streams: false,
  progress: (job) => speakingProgressMessage(job.user, job.request.command, job.step ?? 0),
  async send(deps, job) {
    if (atVoiceover(job)) return sendVoiceover(deps, job);
    const { command, model } = job.request;
    const { audioId, seconds } = speech(job);
    const { generateLipsync } = await deps.studio.request(GenerateLipsyncDocument, {
      workspaceId: await deps.studio.workspaceId(),
      videoId: command.video,
      audioId,
      audioDurationSeconds: seconds,
      model,
    });
    return queuedVideo(job, generateLipsync);
  },
  follow: followStep,
  failed: failedOf,
};
