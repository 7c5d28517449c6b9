// Values the API requires that a command may leave out.

/** The image ratio used when none is given. */
export const DEFAULT_RATIO = "1:1";

/** The video ratio used when none is given. */
export const DEFAULT_VIDEO_RATIO = "16:9";
