import type { GeneratedMedia } from "../state/types.js";
import { sampleMp4 } from "./mp4-sample.js";
import { renderPng } from "./png.js";
import { renderWav } from "./wav.js";

/** The bytes of a generated file, made when it is downloaded (only the last few PNGs are kept: png.ts). */
export function renderMedia(media: GeneratedMedia): Buffer {
  switch (media.kind) {
    case "png":
      return renderPng(media.width, media.height, media.seed);
    case "wav":
      return renderWav(media.durationMs, media.seed);
    case "mp4":
      return sampleMp4();
  }
}
