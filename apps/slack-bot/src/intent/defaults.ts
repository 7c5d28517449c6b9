import { DEFAULT_RATIOS } from "@studio-kit/commands";

// Values the API requires that a command may leave out: the same in every app (@studio-kit/commands).

/** The image ratio used when none is given. */
export const DEFAULT_RATIO = DEFAULT_RATIOS.image;

/** The video ratio used when none is given. */
export const DEFAULT_VIDEO_RATIO = DEFAULT_RATIOS.video;
