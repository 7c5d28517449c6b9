// The App Home's section for admins (STUDIO_ADMIN_USERS, issue 29): how the results of each model were rated in the
// last 7 days, from the feedback buttons under every result. It is the quality signal a team picks models by, so it
// reads as words ("12 good, 3 not what they wanted, 80% good") in the buttons' own terms. The Home is published per
// person (views.publish takes the `user_id` the view is for: https://docs.slack.dev/reference/methods/views.publish),
// so a section left out of a person's view is never shown to them.

import { mostRatedFirst } from "../store/ratings.js";
import type { ModelRatings, RatedModel } from "../store/types.js";
import { type Block, context, quote, section } from "./blocks.js";

/** How many models the section lists before "and N more". */
export const HOME_RATED_MODELS = 10;
// Catalog model ids are short slugs; a stored oddity is cut so that ten lines stay far below a section's 3,000
// characters (https://docs.slack.dev/reference/block-kit/blocks/section-block).
const MODEL_CHARS = 64;

const n = (value: number) => value.toLocaleString("en-US");

/** A model as the section names it: its id, escaped (mrkdwn), or which default it was when none was named. */
function modelName({ model, media }: RatedModel): string {
  if (model !== null) return `*${quote(model, MODEL_CHARS)}*`;
  if (media === "tool") return "_Video tools and format variants_";
  return `_The default ${media} model_ (none named)`;
}

/**
 * The share of good ratings as a whole percentage. Rounded, but never 0% or 100% while both kinds were given: 199
 * good and 1 not wanted reads 99%, not a "100% good" that one person contradicts.
 */
export function percentGood(good: number, bad: number): number {
  const total = good + bad;
  if (total === 0) return 0;
  const percent = Math.round((good / total) * 100);
  return good > 0 && bad > 0 ? Math.min(99, Math.max(1, percent)) : percent;
}

/** One model's line: "12 good, 3 not what they wanted, 80% good". */
export function ratingsLine(entry: ModelRatings): string {
  const { good, bad } = entry;
  return `• ${modelName(entry)}: ${n(good)} good, ${n(bad)} not what they wanted, ${percentGood(good, bad)}% good`;
}

/**
 * The section "Results rated this week": for an admin, each model's ratings of the last 7 days, most rated first, at
 * most {@link HOME_RATED_MODELS} and "…and N more"; a line when there are none, or when they could not be read.
 *
 * @example ratingsBlocks([{ model: "flux-pro", media: "image", good: 12, bad: 3, ratio: 0.8 }])
 */
export function ratingsBlocks(ratings: readonly ModelRatings[] | null): Block[] {
  const title = section("*Results rated this week*");
  if (!ratings)
    return [title, section(":warning: The week's ratings could not be read right now. Refresh tries again.")];
  if (ratings.length === 0) return [title, section("No ratings this week yet.")];
  const sorted = [...ratings].sort(mostRatedFirst);
  const blocks = [title, section(sorted.slice(0, HOME_RATED_MODELS).map(ratingsLine).join("\n"))];
  const rest = sorted.length - HOME_RATED_MODELS;
  const note = "From the feedback buttons under each result: each person's latest rating, in the last 7 days.";
  blocks.push(context(rest > 0 ? `…and ${n(rest)} more ${rest === 1 ? "model" : "models"}. ${note}` : note));
  return blocks;
}
