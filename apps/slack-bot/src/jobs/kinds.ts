import type { JobKind, JobRecord } from "../store/types.js";
import { audioJob } from "./audio-kind.js";
import { imageEditJob, imageJob } from "./image-kinds.js";
import type { JobKindHandler } from "./kind.js";
import { avatarJob, lipsyncJob } from "./speaking-kinds.js";
import { videoFormatJob, videoJob } from "./video-kinds.js";
import { videoToolJob } from "./video-tool-kind.js";

const HANDLERS: { [K in JobKind]: JobKindHandler<K> } = {
  image: imageJob,
  "image-edit": imageEditJob,
  video: videoJob,
  "video-format": videoFormatJob,
  audio: audioJob,
  "video-tool": videoToolJob,
  avatar: avatarJob,
  lipsync: lipsyncJob,
};

/** The handler of a job's kind (its methods take any job: each handler is only ever given jobs of its kind). */
export function handlerOf(job: JobRecord): JobKindHandler<JobKind> {
  // The one cast of the jobs module: the table pairs each kind with its handler, which TypeScript cannot follow
  // through `job.request.kind`.
  return HANDLERS[job.request.kind] as unknown as JobKindHandler<JobKind>;
}
