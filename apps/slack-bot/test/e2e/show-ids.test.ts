// Issue 39: every result shows an id `/studio show` takes, whatever it is (an image, an edit of one, a video, a
// music track), and that id, copied from the result's id line as a person copies it, brings the result back.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, buttonValue, eventually, startBot } from "./harness.js";

const ALICE = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const contextText = (message: Shown) =>
  blocksOf(message, "context")
    .flatMap((block) => (block.elements as { text: string }[]).map((element) => element.text))
    .join(" ");
/** Every result message in the channel and its threads, first ones first. */
const allResults = () =>
  bot.sim
    .conversation(CHANNEL, { as: ALICE })
    .flatMap((m) => (m.ts ? bot.sim.thread(CHANNEL, m.ts, { as: ALICE }) : [m]))
    .filter((m, i, list) => list.findIndex((other) => other.ts === m.ts) === i)
    .filter((m) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate));
const isShownAgain = (m: Shown) => contextText(m).includes("Brought back by");
/** What a result says it is, in its first section ("*Upscaled ×2:* “a lighthouse at dusk”…"): a streamed reply's
 * fallback text is empty, its blocks are not. */
const headerOf = (m: Shown) => String((blocksOf(m, "section")[0]?.text as { text?: string } | undefined)?.text ?? "");

/** The result whose first words are these (not one shown again). */
function resultStarting(words: string): Promise<Shown> {
  return eventually(() => {
    const found = allResults().find((m) => headerOf(m).startsWith(words) && !isShownAgain(m));
    expect(found).toBeDefined();
    return found as Shown;
  });
}

/** The first id a person copies from a result's id line, which must say `/studio show` takes it. */
function copiedId(result: Shown): string {
  const blocks = blocksOf(result, "context").map((block) => (block.elements as { text: string }[])[0]?.text ?? "");
  const line = blocks.find((text) => text.startsWith("Id"));
  expect(line, `no id line on "${result.text}"`).toBeDefined();
  expect(line).toContain("`/studio show`");
  const [, id] = /`([^`]+)`/.exec(line ?? "") ?? [];
  return id ?? "";
}

describe("the id on every result", () => {
  it("is one /studio show takes, for an image, an edit of it, a video and a music track", async () => {
    bot = await startBot();
    await bot.sim.command({ user: ALICE, channel: CHANNEL, text: "image a lighthouse at dusk" });
    const image = await resultStarting("*Image:*");
    await bot.sim.click({
      user: ALICE,
      channel: CHANNEL,
      messageTs: image.ts,
      actionId: ACTIONS.upscale,
      value: buttonValue(image, ACTIONS.upscale),
    });
    const upscaled = await resultStarting("*Upscaled");
    await bot.sim.command({ user: ALICE, channel: CHANNEL, text: "video waves on a rocky shore" });
    const video = await resultStarting("*Video");
    await bot.sim.command({ user: ALICE, channel: CHANNEL, text: "music calm piano" });
    const music = await resultStarting("*Music");
    const generated = bot.requests.length;

    for (const result of [image, upscaled, video, music]) {
      const id = copiedId(result);
      const before = allResults().filter(isShownAgain).length;
      await bot.sim.command({ user: ALICE, channel: CHANNEL, text: `show ${id}` });
      const again = await eventually(() => {
        const shown = allResults().filter(isShownAgain);
        expect(shown).toHaveLength(before + 1);
        return shown.at(-1) as Shown;
      });
      expect(headerOf(again)).toBe(headerOf(result));
    }
    // Showing read the results again and generated nothing.
    const mutations = bot.requests.slice(generated).filter((r) => /^(Generate|Update|Upscale)/.test(r.operation));
    expect(mutations).toEqual([]);
    // Four jobs (a video 0.6 s in the harness's sandbox) and four shows, each waited for over real HTTP.
  }, 45_000);
});
