// A brand colour in words and the nearest of Slack's coloured squares: Slack shows no colour a message does not
// carry as an emoji, so `/studio brand` says each swatch ("dark green") next to its hex.

/** Slack's square emoji closest in hue, and the colour said in plain words. */
export interface ColourWords {
  emoji: string;
  words: string;
}

const SQUARES = {
  red: ":large_red_square:",
  orange: ":large_orange_square:",
  brown: ":large_brown_square:",
  yellow: ":large_yellow_square:",
  green: ":large_green_square:",
  blue: ":large_blue_square:",
  purple: ":large_purple_square:",
  black: ":black_large_square:",
  white: ":white_large_square:",
} as const;

/** The hue's name and square, from 0 to 360 degrees; `light` darkens orange into brown. */
function hueName(hue: number, light: number): { name: string; emoji: string } {
  if (hue < 15 || hue >= 345) return { name: "red", emoji: SQUARES.red };
  if (hue < 36)
    return light < 0.35 ? { name: "brown", emoji: SQUARES.brown } : { name: "orange", emoji: SQUARES.orange };
  if (hue < 65) return { name: "yellow", emoji: SQUARES.yellow };
  if (hue < 165) return { name: "green", emoji: SQUARES.green };
  if (hue < 195) return { name: "teal", emoji: SQUARES.green };
  if (hue < 255) return { name: "blue", emoji: SQUARES.blue };
  if (hue < 290) return { name: "purple", emoji: SQUARES.purple };
  return { name: "pink", emoji: SQUARES.red };
}

/**
 * A hex colour (`#2F5D3A`, `#abc`) in words: "dark green", "light grey", "near-black", with the nearest coloured
 * square. Undefined for anything that is not a hex colour.
 */
export function colourWords(hex: string): ColourWords | undefined {
  const digits = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (!digits) return undefined;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join("") : digits;
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2;
  const delta = max - min;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * light - 1));
  if (light < 0.15) return { emoji: SQUARES.black, words: "near-black" };
  if (light > 0.93) return { emoji: SQUARES.white, words: "near-white" };
  const shade = light < 0.3 ? "dark " : light > 0.7 ? "light " : "";
  if (saturation < 0.18) {
    return { emoji: light < 0.5 ? SQUARES.black : SQUARES.white, words: `${light < 0.35 ? "dark " : shade}grey` };
  }
  const sector = max === r ? ((g - b) / delta + 6) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  const { name, emoji } = hueName(sector * 60, light);
  return { emoji, words: name === "brown" ? name : `${shade}${name}` };
}
