import { GenerateMusicTrackDocument, GenerateVoiceoverDocument } from "@studio-kit/operations";
import { whatIsAsked } from "../messages/describe.js";
import { failedMessage } from "../messages/errors.js";
import { progressMessage } from "../messages/progress.js";
import { audioResultsMessage } from "../messages/results.js";
import type { Finished, JobKindHandler } from "./kind.js";

/** `/studio music` (`generateMusicTrack`, with the model's provider) and `/studio voice` (`generateVoiceover`). */
export const audioJob: JobKindHandler<"audio"> = {
  progress: (job, percent) => progressMessage({ user: job.user, command: job.request.command, percent }),
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
        provider,
        prompt: command.prompt,
        lyrics: command.lyrics ?? null,
        instrumental: command.instrumental ? true : null,
        minDurationSeconds: command.minDuration ?? null,
        maxDurationSeconds: command.maxDuration ?? null,
      }));
    } else {
      ({ generateVoiceover: queued } = await deps.studio.request(GenerateVoiceoverDocument, {
        workspaceId,
        script: command.script,
        voiceId: command.voice ?? null,
        language: command.language ?? null,
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
      onUpdate: (record) => {
        if (record.status !== "COMPLETED" && record.status !== "FAILED") onPercent(record.progress ?? 0);
      },
    });
    if (status.status !== "COMPLETED" || !status.audio) {
      return { message: audioJob.failed(job, status.errorMessage), files: [], outcome: "failed" };
    }
    const what = whatIsAsked(command);
    const prompt = command.kind === "voice" ? command.script : command.prompt;
    const asset = { id: status.audio.id, url: status.audio.url ?? status.audio.downloadUrl };
    const message = audioResultsMessage([asset], { user: job.user, prompt, defaultBoard, jobId: job.id });
    const downloadUrl = status.audio.downloadUrl ?? status.audio.url;
    return { message, files: [{ id: asset.id, downloadUrl, kind: "audio", title: what }], outcome: "completed" };
  },
  failed: (job, errorMessage) =>
    failedMessage({ user: job.user, what: whatIsAsked(job.request.command), errorMessage }),
};
