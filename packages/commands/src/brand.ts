// `--brand`: the workspace's brand (the `brand` and `brandColors` queries) read into a short, bounded suffix for a
// generation prompt, in one place so that the Slack bot and the CLI send the same words for the same brand. Pure
// and deterministic: the same answers give the same text (colours ordered by role, whatever order they came in).

import type { BrandColorsQuery, BrandQuery } from "@studio-kit/operations";
import type { InvocationOptions } from "./types.js";

type BrandRecord = NonNullable<BrandQuery["brand"]>;
type ColorRecord = NonNullable<BrandColorsQuery["brandColors"]>[number];

/** What the reading takes of `brand`: the `Brand` query's answer fits as it is. */
export type BrandFacts = Partial<Pick<BrandRecord, "name" | "tagline" | "isConfigured" | "toneOfVoiceSections">>;

/** What the reading takes of each of `brandColors`: the `BrandColors` query's items fit as they are. */
export type BrandColorFacts = Partial<Pick<ColorRecord, "name" | "hex" | "role" | "usage">>;

/** A brand colour as the apps show it: its name and `#RRGGBB` hex, either of which may be missing (never both). */
export interface BrandSwatch {
  name: string | null;
  /** Upper-case with `#`, as given (three or six digits); null when the API gave none or not a hex colour. */
  hex: string | null;
  role: string | null;
  usage: string | null;
}

/** The brand as the apps show it: cleaned, de-duplicated and ordered, every list in full. */
export interface BrandProfile {
  name: string | null;
  tagline: string | null;
  /** Words of the tone of voice ("plain-spoken", "warm"): the voice sections' values, or every other section's. */
  tone: string[];
  /** What the brand leaves out: the values of "don't" sections (kind DONT, DO_NOT, AVOID or NEVER). */
  avoid: string[];
  /** Primary colours first, then secondary, accent, the rest, neutrals and text colours. */
  colours: BrandSwatch[];
}

/** Why a brand cannot steer a prompt. */
export type BrandProblem =
  /** The workspace has no brand (`brand` answered null or NOT_FOUND). */
  | "missing"
  /** It has one, but `isConfigured` is false: its analysis or set-up is not finished. */
  | "not-configured"
  /** Set up, but with no name, tone of voice or colours: nothing to say. */
  | "empty";

/** What `--brand` would add to a prompt, or why it cannot. */
export type BrandReading =
  | { ok: true; profile: BrandProfile; summary: string }
  | { ok: false; problem: BrandProblem; profile: BrandProfile | null };

/** The longest summary `readBrand` writes (characters): enough for a name, four tone words and four colours. */
export const MAX_BRAND_SUMMARY = 300;
const MAX_TONE = 4;
const MAX_AVOID = 3;
const MAX_COLOURS = 4;
// One value (a tone word, a colour name) is a word or a short phrase; a paragraph pasted there is cut.
const MAX_VALUE = 40;
const MAX_NAME = 60;

/** Control characters and runs of spaces become one space, so a value reads as one line. */
function clean(value: string | null | undefined, max: number): string {
  const text = (value ?? "")
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return (space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "");
}

/** "Plain-spoken" → "plain-spoken" inside a sentence; "UK" and "iPhone" stay as written. */
const lowerFirst = (word: string) => (/^[A-Z][a-z]/.test(word) ? word[0]?.toLowerCase() + word.slice(1) : word);

/** A section's kind as letters only, upper-case: "Don't" and "DO_NOT" read alike. */
const kindOf = (kind: string | null | undefined) => (kind ?? "").toUpperCase().replace(/[^A-Z]/g, "");
const AVOID_KINDS = new Set(["DONT", "DONOT", "AVOID", "NEVER"]);
const VOICE_KINDS = new Set(["VOICE", "TONE", "TONEOFVOICE"]);

function unique(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    kept.push(value);
  }
  return kept;
}

type Section = NonNullable<BrandFacts["toneOfVoiceSections"]>[number];
const valuesOf = (sections: readonly Section[]) =>
  sections.flatMap((section) => (section.values ?? []).map((value) => clean(value, MAX_VALUE)));

function toneOf(sections: readonly Section[]): { tone: string[]; avoid: string[] } {
  const avoiding = sections.filter((section) => AVOID_KINDS.has(kindOf(section.kind)));
  const rest = sections.filter((section) => !AVOID_KINDS.has(kindOf(section.kind)));
  // A "Voice" section says how the brand sounds; "Vocabulary" or "Do" sections list words for copy. When the brand
  // has a voice section, its words are the tone; otherwise every section that is not a "don't" is.
  const voice = rest.filter(
    (section) => VOICE_KINDS.has(kindOf(section.kind)) || /voice|tone/i.test(section.title ?? ""),
  );
  return { tone: unique(valuesOf(voice.length ? voice : rest)), avoid: unique(valuesOf(avoiding)) };
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const ROLE_RANK: Record<string, number> = { PRIMARY: 0, SECONDARY: 1, ACCENT: 2, NEUTRAL: 4, BACKGROUND: 4, TEXT: 5 };
const rankOf = (role: string | null) => ROLE_RANK[kindOf(role)] ?? 3;

function swatchesOf(colors: readonly BrandColorFacts[]): BrandSwatch[] {
  const seen = new Set<string>();
  const swatches: BrandSwatch[] = [];
  for (const color of colors) {
    const name = clean(color.name, MAX_VALUE) || null;
    const match = HEX.exec((color.hex ?? "").trim());
    const hex = match ? `#${match[1]?.toUpperCase()}` : null;
    const key = (hex ?? name ?? "").toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    swatches.push({ name, hex, role: clean(color.role, MAX_VALUE) || null, usage: clean(color.usage, 200) || null });
  }
  // A stable sort: colours of one role keep the API's order.
  return swatches
    .map((swatch, index) => ({ swatch, index }))
    .sort((a, b) => rankOf(a.swatch.role) - rankOf(b.swatch.role) || a.index - b.index)
    .map(({ swatch }) => swatch);
}

/** A colour as the summary says it: "forest #2F5D3A", or its name or hex alone. */
export function swatchWords(swatch: BrandSwatch): string {
  return [swatch.name ? lowerFirst(swatch.name) : null, swatch.hex].filter(Boolean).join(" ");
}

function render(name: string | null, tone: string[], avoid: string[], colours: string[]): string {
  const who = name ? `in the style of ${name}` : "in the brand's style";
  const parts = [tone.length ? `${who}: ${tone.map(lowerFirst).join(", ")}` : who];
  if (colours.length) parts.push(`colours ${colours.join(", ")}`);
  if (avoid.length) parts.push(`avoid ${avoid.map(lowerFirst).join(", ")}`);
  return parts.join("; ");
}

/**
 * The summary within {@link MAX_BRAND_SUMMARY}: what to avoid goes first, then tone words and colours beyond two,
 * then down to one of each (the name is kept).
 */
function summaryOf(profile: BrandProfile): string {
  const tone = profile.tone.slice(0, MAX_TONE);
  const avoid = profile.avoid.slice(0, MAX_AVOID);
  const colours = profile.colours.slice(0, MAX_COLOURS).map(swatchWords);
  for (;;) {
    const text = render(profile.name, tone, avoid, colours);
    if (text.length <= MAX_BRAND_SUMMARY) return text;
    if (avoid.length) avoid.pop();
    else if (tone.length > 2) tone.pop();
    else if (colours.length > 2) colours.pop();
    else if (tone.length > 1) tone.pop();
    else if (colours.length > 1) colours.pop();
    else return clean(text, MAX_BRAND_SUMMARY);
  }
}

/**
 * Reads the workspace's brand (the `brand` query's answer, null when there is none) and its colours (`brandColors`)
 * into what the apps show, and the suffix `--brand` adds to a prompt: "in the style of Acme Outdoor: plain-spoken,
 * warm, quietly confident; colours forest #2F5D3A, clay #C8643B; avoid superlatives". At most
 * {@link MAX_BRAND_SUMMARY} characters (four tone words, four colours and three things to avoid at most, the least
 * important dropped first when they do not fit). A brand that is missing, not configured (`isConfigured: false`) or says nothing is not
 * `ok`, with the reason: the apps refuse `--brand` then rather than generate without it.
 *
 * @example
 * const { brand } = await client.request(BrandDocument, { workspaceId });
 * const { brandColors } = await client.request(BrandColorsDocument, { workspaceId });
 * const reading = readBrand(brand, brandColors);
 * if (reading.ok) prompt = brandedPrompt(prompt, reading.summary);
 */
export function readBrand(
  brand: BrandFacts | null | undefined,
  colors: readonly BrandColorFacts[] | null | undefined,
): BrandReading {
  if (!brand) return { ok: false, problem: "missing", profile: null };
  const profile: BrandProfile = {
    name: clean(brand.name, MAX_NAME) || null,
    tagline: clean(brand.tagline, 200) || null,
    ...toneOf(brand.toneOfVoiceSections ?? []),
    colours: swatchesOf(colors ?? []),
  };
  if (brand.isConfigured === false) return { ok: false, problem: "not-configured", profile };
  if (!profile.name && profile.tone.length === 0 && profile.colours.length === 0) {
    return { ok: false, problem: "empty", profile };
  }
  return { ok: true, profile, summary: summaryOf(profile) };
}

/**
 * The prompt with the brand's summary after it: "a tent at dawn, in the style of Acme Outdoor: …". A prompt that
 * ends a sentence gets the summary as a sentence of its own ("A tent at dawn. In the style of …").
 */
export function brandedPrompt(prompt: string, summary: string): string {
  const text = prompt.trim();
  if (!text) return summary;
  if (/[.!?]$/.test(text)) return `${text} ${summary.charAt(0).toUpperCase()}${summary.slice(1)}`;
  return /[,;:]$/.test(text) ? `${text} ${summary}` : `${text}, ${summary}`;
}

/**
 * Why `--brand` cannot be used, and what to do, in the words every app shows (nothing was generated: the caller
 * refuses before any credit is spent).
 *
 * @example brandProblemText({ ok: false, problem: "missing", profile: null }, { invocation: "/studio" })
 * // "`--brand` follows the workspace's brand, and this workspace has none yet. Set it up on the platform (its brand
 * // settings), or run the command without `--brand`. Nothing was generated."
 */
export function brandProblemText(
  reading: Extract<BrandReading, { ok: false }>,
  { invocation }: InvocationOptions,
): string {
  const name = reading.profile?.name ? ` (${reading.profile.name})` : "";
  const why = {
    missing: "this workspace has none yet. Set it up on the platform (its brand settings)",
    "not-configured": `the workspace's brand${name} is not set up yet. Finish it on the platform (its brand settings; \`${invocation} brand\` shows what is there)`,
    empty: `the workspace's brand${name} has no name, tone of voice or colours yet. Add them on the platform (its brand settings)`,
  }[reading.problem];
  const lead =
    reading.problem === "missing"
      ? "`--brand` follows the workspace's brand, and "
      : "`--brand` follows the workspace's brand, but ";
  return `${lead}${why}, or run the command without \`--brand\`. Nothing was generated.`;
}
