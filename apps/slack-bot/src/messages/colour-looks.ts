// The named colour looks of a video result's Colour look modal, as the seven values `applyVideoColorAdjustments`
// takes (spec, Mutations: generation: `exposure`, `contrast`, `saturation`, `temperature`, `tint`, `highlights`,
// `shadows`, each `Int!`). The spec shows no ranges (Gaps); the sandbox takes whole numbers from -100 to 100, the
// usual slider range, with 0 as "unchanged". The looks stay well inside it (no value past 40 at normal strength, so
// Strong at 1.5× is still inside), because a grade a person did not see before paying for it should be gentle.

import type { ColourAdjustments } from "../store/job-requests.js";

export type { ColourAdjustments } from "../store/job-requests.js";

/** The bounds every adjustment is kept within (the sandbox's; the spec shows none). */
export const COLOUR_RANGE = { min: -100, max: 100 } as const;

const look = (exposure: number, contrast: number, saturation: number, temperature: number, tint: number) =>
  ({ exposure, contrast, saturation, temperature, tint }) as const;

/** The looks offered, in the order shown, each with words saying what it does (after its label in the select). */
export const COLOUR_LOOKS = [
  {
    name: "warm",
    label: "Warm",
    description: "golden light and warmer skin tones",
    values: { ...look(0, 5, 10, 35, 5), highlights: -5, shadows: 5 },
  },
  {
    name: "cool",
    label: "Cool",
    description: "bluer whites, a crisp evening feel",
    values: { ...look(0, 5, -5, -35, -5), highlights: 0, shadows: 0 },
  },
  {
    name: "punchy",
    label: "Punchy",
    description: "more contrast and colour, deeper shadows",
    values: { ...look(5, 35, 30, 0, 0), highlights: -10, shadows: -15 },
  },
  {
    name: "muted",
    label: "Muted",
    description: "soft contrast and quiet colour",
    values: { ...look(0, -20, -40, 0, 0), highlights: -10, shadows: 15 },
  },
  {
    name: "film",
    label: "Film",
    description: "lifted shadows, softer highlights, a warm cast",
    values: { ...look(-5, 15, -15, 15, 5), highlights: -20, shadows: 20 },
  },
  {
    name: "mono",
    label: "Black and white",
    description: "no colour, a little more contrast",
    values: { ...look(0, 20, -100, 0, 0), highlights: 0, shadows: 0 },
  },
] as const satisfies readonly { name: string; label: string; description: string; values: ColourAdjustments }[];

/** One of the looks' names. */
export type ColourLookName = (typeof COLOUR_LOOKS)[number]["name"];

/** How strongly a look is applied: its values times the factor, rounded and kept within {@link COLOUR_RANGE}. */
export const COLOUR_STRENGTHS = [
  { name: "subtle", label: "Subtle", factor: 0.5 },
  { name: "normal", label: "Normal", factor: 1 },
  { name: "strong", label: "Strong", factor: 1.5 },
] as const;

/** One of the strengths' names. */
export type ColourStrength = (typeof COLOUR_STRENGTHS)[number]["name"];

/** The look of this name, or undefined (a forged or outdated value). */
export function colourLook(name: string) {
  return COLOUR_LOOKS.find((candidate) => candidate.name === name);
}

/** A look's label for the words of a result ("Colour look (Warm):"); the name itself when it is not listed. */
export function colourLookLabel(name: string): string {
  return colourLook(name)?.label ?? name;
}

const clamp = (value: number) => Math.min(COLOUR_RANGE.max, Math.max(COLOUR_RANGE.min, Math.round(value)));

/**
 * The seven values to send for a look at a strength: whole numbers within {@link COLOUR_RANGE}.
 *
 * @example colourAdjustments("warm", "subtle").temperature // 18
 */
export function colourAdjustments(name: ColourLookName, strength: ColourStrength = "normal"): ColourAdjustments {
  const values: ColourAdjustments = colourLook(name)?.values ?? COLOUR_LOOKS[0].values;
  const factor = COLOUR_STRENGTHS.find((candidate) => candidate.name === strength)?.factor ?? 1;
  return {
    exposure: clamp(values.exposure * factor),
    contrast: clamp(values.contrast * factor),
    saturation: clamp(values.saturation * factor),
    temperature: clamp(values.temperature * factor),
    tint: clamp(values.tint * factor),
    highlights: clamp(values.highlights * factor),
    shadows: clamp(values.shadows * factor),
  };
}
