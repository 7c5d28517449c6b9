import { musicVariables, voiceVariables } from "@studio-kit/commands";
import { GenerateMusicTrackDocument, GenerateVoiceoverDocument } from "@studio-kit/operations";
import { shownAsset } from "../delivery/result-files.js";
import { whatIsAsked } from "../messages/describe.js";
import { failedMessage } from "../messages/errors.js";
import { progressMessage } from "../messages/progress.js";
import { audioResultsMessage } from "../messages/results.js";
import type { Finished, JobKindHandler } from "./kind.js";
import { untilStopped } from "./until-stopped.js";

/** `/studio music` (`generateMusicTrack`, with the model's provider) and `/studio voice` (`generateVoiceover`). */
export const audioJob: JobKindHandler<"audio"> = {
  takes: () => "seconds",
  streams: false,
  progress: (job) => progressMessage({ user: job.user, command: job.request.command }),
  async send(deps, job) {
    const { command, provider } = job.request;
    const workspaceId = await deps.studio.workspaceId();
    let queued: { audioId?: string | null; success?: boolean | null } | null | undefined;
    if (command.kind === "music") {
      if (!provider) {
        return { accepted: false, message: audioJob.failed(job, "No music model is available right now.") };
      }
      ({ generateMusicTrack: queued } = await deps.studio.request(GenerateMusicTrackDocument, {
        workspaceId,
        ...musicVariables(command, provider),
      }));
    } else {
      ({ generateVoiceover: queued } = await deps.studio.request(GenerateVoiceoverDocument, {
        workspaceId,
        ...voiceVariables(command),
      }));
    }
    if (!queued?.success || !queued.audioId) return { accepted: false, message: audioJob.failed(job) };
    return { accepted: true, ids: [queued.audioId] };
  },
  async follow(deps, job, onPercent): Promise<Finished> {
    const { command, defaultBoard } = job.request;
    const [audioId] = job.resultIds;
    if (!audioId) throw new Error("an audio job holds one audio id");
    const status = await deps.poller.waitForAudio(audioId, {
      ...untilStopped(deps),
      onUpdate: (record) => {
        if (record.status !== "COMPLETED" && record.status !== "FAILED") onPercent(record.progress ?? 0);
      },
    });
    if (status.status !== "COMPLETED" || !status.audio) {
      return { message: audioJob.failed(job, status.errorMessage), outcome: "failed" };
    }
    const audio = status.audio;
    const voice = command.kind === "voice";
    const prompt = voice ? command.script : command.prompt;
    const what = voice ? "Voiceover:" : "Music:";
    const ctx = { user: job.user, prompt, what, defaultBoard, jobId: job.id };
    const url = audio.url ?? audio.downloadUrl;
    return {
      outcome: "completed",
      files: [{ id: audio.id, downloadUrl: audio.downloadUrl ?? audio.url, kind: "audio", title: `${what} ${prompt}` }],
      render: (uploaded) => audioResultsMessage([shownAsset(uploaded, audio.id, url)], ctx),
    };
  },
  failed: (job, errorMessage) =>
    failedMessage({ user: job.user, what: whatIsAsked(job.request.command), errorMessage }),
};
