// Every action_id the bot's messages carry, in one place: the listeners (added with the Bolt wiring) match on
// these, so renaming one here renames both sides.

/** Stable `action_id`s for buttons. */
export const ACTIONS = {
  addToBoard: "studio_add_to_board",
  addToDefaultBoard: "studio_add_to_default_board",
  variations: "studio_variations",
  upscale: "studio_upscale",
  removeBackground: "studio_remove_background",
  regenerate: "studio_regenerate",
  videoVertical: "studio_video_vertical",
  videoSquare: "studio_video_square",
  confirmSpend: "studio_confirm_spend",
  cancelSpend: "studio_cancel_spend",
  homeRefresh: "studio_home_refresh",
  homeNewImage: "studio_home_new_image",
  askCommand: "studio_ask_command",
  askImage: "studio_ask_image",
  remix: "studio_remix",
  videoSound: "studio_video_sound",
  videoSubtitles: "studio_video_subtitles",
  videoUpscale: "studio_video_upscale",
  videoColourLook: "studio_video_colour_look",
  animate: "studio_animate",
  historyRunAgain: "studio_history_run_again",
  feedback: "studio_feedback",
  // The question asked back in a result's thread (flows/follow-up.ts): change the result, or a new image.
  followUpChange: "studio_follow_up_change",
  followUpNew: "studio_follow_up_new",
} as const;

/** One of {@link ACTIONS}. */
export type ActionId = (typeof ACTIONS)[keyof typeof ACTIONS];

/** The New image modal (opened from the App Home): its `callback_id`, and the `block_id` / `action_id` of each input. */
export const NEW_IMAGE_MODAL = {
  callbackId: "studio_new_image_modal",
  promptBlock: "studio_new_image_prompt",
  promptAction: "prompt",
  ratioBlock: "studio_new_image_ratio",
  ratioAction: "ratio",
  countBlock: "studio_new_image_count",
  countAction: "count",
} as const;
