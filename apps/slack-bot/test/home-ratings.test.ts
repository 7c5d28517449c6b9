// The App Home's "Results rated this week" (issue 29): an admin's section, in words, most rated first, within Slack's
// limits; everyone else's Home has none of it.
import { validateView } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { type HomeInput, homeView } from "../src/messages/home.js";
import { HOME_RATED_MODELS, percentGood, ratingsBlocks, ratingsLine } from "../src/messages/home-ratings.js";
import type { ModelRatings } from "../src/store/types.js";

const rated = (model: string | null, good: number, bad: number, media: ModelRatings["media"] = "image") => ({
  model,
  media,
  good,
  bad,
  ratio: good / (good + bad),
});

const input = (over: Partial<HomeInput> = {}): HomeInput => ({
  credits: null,
  boards: [],
  jobs: [],
  limits: {},
  usage: null,
  access: { allowed: true, via: "open" },
  allowedChannels: [],
  readOnly: false,
  channelDefaults: [],
  now: Date.UTC(2026, 0, 1),
  ...over,
});

const textOf = (blocks: unknown) => JSON.stringify(blocks);
const TITLE = "Results rated this week";

describe("ratingsBlocks", () => {
  it("says each model's ratings in words, with the share of good", () => {
    expect(ratingsLine(rated("flux-pro", 12, 3))).toBe("• *flux-pro*: 12 good, 3 not what they wanted, 80% good");
    expect(ratingsLine(rated("veo3", 0, 2, "video"))).toBe("• *veo3*: 0 good, 2 not what they wanted, 0% good");
  });

  it("lists the most rated models first, whatever order they come in", () => {
    const all = textOf(ratingsBlocks([rated("few", 1, 0), rated("many", 3, 4), rated("some", 2, 1)]));
    expect(all).toContain(TITLE);
    expect(all.indexOf("*many*")).toBeLessThan(all.indexOf("*some*"));
    expect(all.indexOf("*some*")).toBeLessThan(all.indexOf("*few*"));
  });

  it("lists at most 10 models and says how many more there are", () => {
    const ratings = Array.from({ length: HOME_RATED_MODELS + 3 }, (_, i) => rated(`model-${i}`, 100 - i, 0));
    const all = textOf(ratingsBlocks(ratings));
    expect(all).toContain("*model-9*");
    expect(all).not.toContain("*model-10*");
    expect(all).toContain("and 3 more models");
    expect(textOf(ratingsBlocks(ratings.slice(0, HOME_RATED_MODELS)))).not.toContain("more model");
  });

  it("says when nothing was rated this week, and when the ratings could not be read", () => {
    expect(textOf(ratingsBlocks([]))).toContain("No ratings this week yet.");
    expect(textOf(ratingsBlocks(null))).toContain("could not be read");
  });

  it("escapes a model's name, and names the defaults and the tools when no model was named", () => {
    const all = textOf(
      ratingsBlocks([rated("<!channel> & *x*", 1, 0), rated(null, 2, 0, "video"), rated(null, 3, 0, "tool")]),
    );
    expect(all).toContain("&lt;!channel&gt; &amp; *x*");
    expect(all).not.toContain("<!channel>");
    expect(all).toContain("The default video model");
    expect(all).toContain("Video tools and format variants");
  });

  it("never rounds to 0% or 100% while both ratings were given", () => {
    expect(percentGood(199, 1)).toBe(99);
    expect(percentGood(1, 199)).toBe(1);
    expect(percentGood(2, 0)).toBe(100);
    expect(percentGood(0, 2)).toBe(0);
    expect(percentGood(2, 1)).toBe(67);
  });
});

describe("homeView's ratings section", () => {
  it("is in an admin's Home, within Slack's limits even with long names", () => {
    const long = Array.from({ length: 15 }, (_, i) => rated(`${"m".repeat(500)}-${i}`, 5, 5));
    const view = homeView(input({ ratings: long }));
    expect(validateView(view)).toEqual({ ok: true });
    expect(textOf(view.blocks)).toContain(TITLE);
  });

  it("is in an admin's Home with no ratings, and absent from everyone else's", () => {
    expect(textOf(homeView(input({ ratings: [] })).blocks)).toContain("No ratings this week yet.");
    const other = textOf(homeView(input()).blocks);
    expect(other).not.toContain(TITLE);
    expect(other).not.toContain("No ratings this week");
  });
});
