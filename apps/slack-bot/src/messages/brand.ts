import { type BrandProfile, type BrandReading, type BrandSwatch, brandProblemText } from "@studio-kit/commands";
import { type Block, context, escapeText, message, quote, type SlackMessage, section, truncate } from "./blocks.js";
import { actionNoteMessage } from "./boards.js";
import { colourWords } from "./brand-colours.js";

// The brand comes from the platform, typed by whoever set it up: every value is escaped before it goes into mrkdwn.

const INVOCATION = "/studio";
// One line per colour: a brand with dozens of colours shows the first ones and says how many more.
const MAX_SWATCHES = 12;

const words = (values: readonly string[]) => values.map((value) => quote(value, 60)).join(", ");

/** "🟩 *Forest* `#2F5D3A` dark green · primary · backgrounds and headlines". */
function swatchLine(swatch: BrandSwatch): string {
  const said = swatch.hex ? colourWords(swatch.hex) : undefined;
  const name = swatch.name ? `*${quote(swatch.name, 60)}*` : "";
  const hex = swatch.hex ? `\`${swatch.hex}\`` : "";
  const about = [said?.words, swatch.role?.toLowerCase(), swatch.usage?.toLowerCase()]
    .filter((part): part is string => Boolean(part))
    .map((part) => quote(part, 80))
    .join(" · ");
  return [said?.emoji ?? ":white_large_square:", name, hex, about].filter(Boolean).join(" ");
}

/** What the bot knows: name and tagline, tone of voice, what the brand avoids, the colours as swatches in words. */
function profileBlocks(profile: BrandProfile): Block[] {
  const title = profile.name ? `*Brand: ${quote(profile.name, 100)}*` : "*The workspace's brand* (no name yet)";
  const tagline = profile.tagline ? `\n_${quote(profile.tagline, 200)}_` : "";
  const lines = [
    `*Tone of voice:* ${profile.tone.length ? words(profile.tone) : "none given"}`,
    ...(profile.avoid.length ? [`*Avoids:* ${words(profile.avoid)}`] : []),
  ];
  const shown = profile.colours.slice(0, MAX_SWATCHES).map(swatchLine);
  const more = profile.colours.length - shown.length;
  const colours = shown.length
    ? `*Colours*\n${shown.join("\n")}${more > 0 ? `\n…and ${more} more` : ""}`
    : "*Colours:* none given";
  return [section(`${title}${tagline}`), section(lines.join("\n")), section(truncate(colours, 2900))];
}

const WHAT_TO_DO =
  "Set the brand up on the platform (its brand settings: name, tone of voice, colours). Then " +
  `\`${INVOCATION} brand\` shows it here and \`--brand\` on \`image\` or \`video\` follows it.`;

/**
 * `/studio brand`: what the bot knows of the workspace's brand and what `--brand` would add after a prompt; a
 * missing, unfinished or empty brand says so and what to do (and `--brand` is refused until then).
 */
export function brandMessage(reading: BrandReading): SlackMessage {
  if (reading.ok) {
    const summary = escapeText(reading.summary);
    return message(`Brand: ${reading.profile.name ?? "the workspace's brand"}`, [
      ...profileBlocks(reading.profile),
      section(`*What \`--brand\` adds* after your prompt:\n>${summary}`),
      context(
        `\`${INVOCATION} image a tent at dawn --brand\` sends “a tent at dawn, ${summary}”. \`--brand\` works on \`image\` and \`video\`.`,
      ),
    ]);
  }
  if (reading.problem === "missing") {
    const text = "This workspace has no brand yet, so `--brand` has nothing to follow.";
    return message(text, [section(`:information_source: ${text}`), context(WHAT_TO_DO)]);
  }
  const { profile } = reading;
  const name = profile?.name ? ` *${quote(profile.name, 100)}*` : "";
  const text =
    reading.problem === "not-configured"
      ? `The workspace's brand${name} is not set up yet, so \`--brand\` is refused for now. This is what there is so far:`
      : `The workspace's brand${name} has no name, tone of voice or colours yet, so \`--brand\` has nothing to add.`;
  const known = reading.problem === "not-configured" && profile ? profileBlocks(profile) : [];
  return message(text.replace(/\*/g, ""), [section(`:warning: ${text}`), ...known, context(WHAT_TO_DO)]);
}

/** The note when `--brand` cannot be used: why and what to do, the CLI's words (nothing was generated). */
export function brandRefusedMessage(reading: Extract<BrandReading, { ok: false }>): SlackMessage {
  return actionNoteMessage(brandProblemText(reading, { invocation: INVOCATION }));
}

/** The result's line saying the brand was applied, and with what words. */
export function brandAppliedNote(summary: string): string {
  return `:art: Brand applied: _${escapeText(truncate(summary, 400))}_`;
}
