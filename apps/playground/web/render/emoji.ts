// The emoji the bot's messages use (apps/slack-bot/src), and a few common ones, as Unicode. Anything else stays as
// its `:name:` text, as Slack shows an emoji it does not know. test/emoji-shortcodes.test.ts scans the bot's source
// for every `:name:` it can send and fails when one is missing here.

const EMOJI: Record<string, string> = {
  hourglass_flowing_sand: "⏳",
  hourglass: "⌛",
  sparkles: "✨",
  white_check_mark: "✅",
  heavy_check_mark: "✔️",
  x: "❌",
  warning: "⚠️",
  coin: "🪙",
  pushpin: "📌",
  leftwards_arrow_with_hook: "↩️",
  lock: "🔒",
  unlock: "🔓",
  moneybag: "💰",
  closed_lock_with_key: "🔐",
  art: "🎨",
  frame_with_picture: "🖼️",
  no_entry: "⛔",
  no_entry_sign: "🚫",
  information_source: "ℹ️",
  inbox_tray: "📥",
  outbox_tray: "📤",
  mag: "🔍",
  tada: "🎉",
  thumbsup: "👍",
  "+1": "👍",
  thumbsdown: "👎",
  "-1": "👎",
  wave: "👋",
  eyes: "👀",
  fire: "🔥",
  rocket: "🚀",
  bulb: "💡",
  movie_camera: "🎥",
  film_frames: "🎞️",
  musical_note: "🎵",
  notes: "🎶",
  microphone: "🎤",
  camera: "📷",
  robot_face: "🤖",
  smile: "😄",
  slightly_smiling_face: "🙂",
  heart: "❤️",
  star: "⭐",
  clock3: "🕒",
  calendar: "📅",
  link: "🔗",
  gear: "⚙️",
  key: "🔑",
  bust_in_silhouette: "👤",
  busts_in_silhouette: "👥",
  thinking_face: "🤔",
  repeat: "🔁",
  // A stopped agent session's note (apps/slack-bot/src/messages/agent-sessions.ts): ⏹️ is Slack's black_square_for_stop.
  black_square_for_stop: "⏹️",
  // The brand's colour swatches (apps/slack-bot/src/messages/brand-colours.ts).
  large_red_square: "🟥",
  large_orange_square: "🟧",
  large_yellow_square: "🟨",
  large_green_square: "🟩",
  large_blue_square: "🟦",
  large_purple_square: "🟪",
  large_brown_square: "🟫",
  black_large_square: "⬛",
  white_large_square: "⬜",
  // A swatch without a hex (messages/brand.ts). Slack's own name for ⬜ is white_large_square: in Slack this one
  // shows as text unless the workspace adds it.
};

/** The Unicode for `:name:`, or undefined when the page does not know it. */
export function emojiFor(name: string): string | undefined {
  return Object.hasOwn(EMOJI, name) ? EMOJI[name] : undefined;
}
