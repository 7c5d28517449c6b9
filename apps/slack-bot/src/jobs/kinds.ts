import type { JobKind } from "../store/types.js";
import { audioJob } from "./audio-kind.js";
import { imageEditJob, imageJob } from "./image-kinds.js";
import type { JobKindHandler, JobOf } from "./kind.js";
import { videoFormatJob, videoJob } from "./video-kinds.js";

const HANDLERS: { [K in JobKind]: JobKindHandler<K> } = {
  image: imageJob,
  "image-edit": imageEditJob,
  video: videoJob,
  "video-format": videoFormatJob,
  audio: audioJob,
};

/** The handler of a job's kind. */
export function handlerOf<K extends JobKind>(job: JobOf<K>): JobKindHandler<K> {
  return HANDLERS[job.request.kind as K];
}
