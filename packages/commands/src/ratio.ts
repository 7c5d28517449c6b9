import { echo } from "./flags.js";

// The one ratio rule of both apps. The command check (`--ratio`), the bot's Home modal choices, the error text and
// help all read this module, so what is accepted and what is listed cannot drift apart.
//
// The spec says only that `aspectRatio` is "ratio text of the form width:height" (spec, Mutations: generation).
// The sandbox refuses zero, non-integers and anything beyond 8:1 (packages/sandbox/src/generation/validate.ts);
// the catalog gives no per-model ratio list. The apps are stricter than the sandbox on purpose, so they never send
// what an API could refuse: each side a whole number from 1 to 32 (so 64:36 is written 16:9) and the long side at
// most 4 times the short one. That keeps every common photo, screen and banner shape (1:1 to 21:9 and 32:9, 1:4
// banners) and stays far inside 8:1.
//
// Video takes the same rule: generateVideo's `aspectRatio` is the same field with the same words in the spec, the
// sandbox checks both with one function, and the video format buttons (9:16, 1:1) are in the suggested list.

/** The bounds of a ratio the apps send: each side from 1 to `maxSide`, long side at most `maxElongation` × short. */
export const RATIO_BOUNDS = { maxSide: 32, maxElongation: 4 } as const;

/** The ratios the apps suggest, in the order shown: the bot's Home modal choices, and the examples in errors and help. */
export const SUGGESTED_RATIOS = [
  { value: "1:1", label: "Square 1:1" },
  { value: "16:9", label: "Landscape 16:9" },
  { value: "9:16", label: "Portrait 9:16" },
  { value: "4:3", label: "Landscape 4:3" },
  { value: "3:4", label: "Portrait 3:4" },
  { value: "3:2", label: "Landscape 3:2" },
  { value: "2:3", label: "Portrait 2:3" },
  { value: "4:5", label: "Portrait 4:5" },
  { value: "21:9", label: "Widescreen 21:9" },
] as const satisfies readonly { value: string; label: string }[];

/** The suggested ratios' values, such as `"16:9"`. */
export const SUGGESTED_RATIO_VALUES: readonly string[] = SUGGESTED_RATIOS.map((ratio) => ratio.value);

/** The outcome of {@link checkRatio}: the ratio to send, or why it cannot be used (in words for the user). */
export type RatioCheck = { ok: true; ratio: string } | { ok: false; reason: string };

// Digits only, no sign, no decimals, no leading zero: what is accepted is exactly what is sent.
const FORM = /^([1-9]\d*):([1-9]\d*)$/;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Checks `--ratio` text against the rule: `W:H`, whole numbers from 1 to 32, the long side at most 4 times the short.
 *
 * @example
 * checkRatio("3:2"); // { ok: true, ratio: "3:2" }
 * checkRatio("7:1"); // { ok: false, reason: "`--ratio 7:1` is too wide: the long side can be at most 4 times the short one." }
 */
export function checkRatio(text: string): RatioCheck {
  const trimmed = text.trim();
  const given = `\`--ratio ${echo(trimmed)}\``;
  const match = FORM.exec(trimmed);
  if (!match) return { ok: false, reason: `${given} is not width:height in whole numbers above zero.` };
  const width = Number(match[1]);
  const height = Number(match[2]);
  const { maxSide, maxElongation } = RATIO_BOUNDS;
  if (width > maxSide || height > maxSide) {
    // 64:36 is a fine shape written large: say how to write it.
    const divisor = gcd(width, height);
    const reduced = `${width / divisor}:${height / divisor}`;
    const hint = divisor > 1 && checkRatio(reduced).ok ? ` Write \`${reduced}\`.` : "";
    return { ok: false, reason: `${given}: each side is a whole number from 1 to ${maxSide}.${hint}` };
  }
  if (Math.max(width, height) > maxElongation * Math.min(width, height)) {
    const shape = width > height ? "wide" : "tall";
    return {
      ok: false,
      reason: `${given} is too ${shape}: the long side can be at most ${maxElongation} times the short one.`,
    };
  }
  return { ok: true, ratio: trimmed };
}

/** The rule in one line for errors and help: "`--ratio` takes width:height, e.g. 1:1, 16:9, ...". */
export function ratioRuleText(): string {
  const { maxSide, maxElongation } = RATIO_BOUNDS;
  const examples = SUGGESTED_RATIO_VALUES.join(", ");
  return `\`--ratio\` takes width:height, e.g. ${examples} (whole numbers up to ${maxSide}, the long side at most ${maxElongation} times the short).`;
}
