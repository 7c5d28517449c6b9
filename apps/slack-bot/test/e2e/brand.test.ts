// Issue 20's brand-aware prompts: `--brand` puts the workspace's brand (its name, tone of voice and colours, in the
// words @studio-kit/commands writes for the CLI too) after the prompt the API records, and the result says so;
// `/studio brand` shows what the bot knows; a workspace with no brand to follow is refused before any spend.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

const ACME =
  "in the style of Acme Outdoor: plain-spoken, warm, quietly confident; colours forest #2F5D3A, clay #C8643B, " +
  "stone #D9D4CC, night #1B1F24; avoid superlatives, exclamation marks, extreme-sports clichés";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const shown = (): Shown[] => bot.sim.conversation(CHANNEL, { as: USER });
const textOf = (message: Shown | undefined) => JSON.stringify(message?.blocks ?? []);
const results = () => shown().filter((m) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate));
const generations = () =>
  bot.requests.filter((r) => r.operation === "GenerateImage" || r.operation === "GenerateVideo");
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/** The prompts the sandbox recorded on the workspace's generated assets, oldest first. */
function recordedPrompts(kind: "Image" | "Video"): string[] {
  return [...bot.sandbox.sandbox.state.assets.values()]
    .filter((asset) => asset.__typename === kind && "prompt" in asset)
    .map((asset) => (asset as { prompt?: string | null }).prompt ?? "")
    .filter((prompt) => prompt.includes("a tent at dawn") || prompt.includes("waves on a rocky shore"));
}

async function ephemeralAfter(text: string): Promise<Shown> {
  await bot.sim.command({ user: USER, channel: CHANNEL, text });
  return eventually(() => {
    const found = shown().find((m) => m.ephemeral && m.fromBot);
    expect(found).toBeDefined();
    return found as Shown;
  });
}

describe("--brand", () => {
  it("sends the brand's summary after the prompt: the sandbox records it, the result says the brand was applied", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a tent at dawn --brand" });
    const result = await eventually(() => {
      const [found] = results();
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(recordedPrompts("Image")).toEqual([`a tent at dawn, ${ACME}`]);
    expect(generations()[0]?.variables.prompt).toBe(`a tent at dawn, ${ACME}`);
    // The result names the prompt as typed, and says under it which words the brand added.
    expect(textOf(result)).toContain("“a tent at dawn”");
    expect(textOf(result)).toContain(`:art: Brand applied: _${ACME}_`);
    // The job keeps the words it sent: a restart sends the same ones.
    const [job] = await bot.app.store.jobs.recent(USER, 1);
    expect(job?.request).toMatchObject({
      kind: "image",
      brand: ACME,
      command: { prompt: "a tent at dawn", brand: true },
    });
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("does the same for a video, and Regenerate on it keeps the brand", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "video waves on a rocky shore --brand" });
    const result = await eventually(() => {
      const [found] = results();
      expect(found).toBeDefined();
      return found as Shown;
    });
    await bot.sim.click({
      user: USER,
      channel: CHANNEL,
      messageTs: result.ts,
      actionId: ACTIONS.regenerate,
      value: buttonValue(result, ACTIONS.regenerate),
    });
    await eventually(() => expect(recordedPrompts("Video")).toHaveLength(2));
    expect(recordedPrompts("Video")).toEqual([`waves on a rocky shore, ${ACME}`, `waves on a rocky shore, ${ACME}`]);
  });

  it("leaves the prompt as typed without --brand", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a tent at dawn" });
    await eventually(() => expect(results()).toHaveLength(1));
    expect(recordedPrompts("Image")).toEqual(["a tent at dawn"]);
    expect(textOf(results()[0])).not.toContain("Brand applied");
  });

  it("is refused before any spend when the brand is not set up, saying what to do", async () => {
    bot = await startBot();
    for (const brand of bot.sandbox.sandbox.state.brands.values()) brand.isConfigured = false;
    const note = await ephemeralAfter("image a tent at dawn --brand --count 2");
    expect(note.text).toContain(
      "`--brand` follows the workspace's brand, but the workspace's brand (Acme Outdoor) is not set up yet.",
    );
    expect(note.text).toContain("or run the command without `--brand`. Nothing was generated.");
    await settle();
    expect(generations()).toHaveLength(0);
    expect(bot.requests.some((r) => r.operation === "CreditsBalance")).toBe(false);
  });

  it("is refused when the workspace has no brand at all (the API's NOT_FOUND)", async () => {
    bot = await startBot();
    bot.sandbox.sandbox.state.brands.clear();
    const note = await ephemeralAfter("video waves --brand");
    expect(note.text).toContain("`--brand` follows the workspace's brand, and this workspace has none yet.");
    await settle();
    expect(generations()).toHaveLength(0);
  });
});

describe("/studio brand", () => {
  it("shows the brand's name, tagline, tone of voice, colours as swatches in words, and what --brand adds", async () => {
    bot = await startBot();
    const reply = await ephemeralAfter("brand");
    const all = textOf(reply);
    for (const expected of [
      "*Brand: Acme Outdoor*",
      "_Made for the long way round_",
      "*Tone of voice:* Plain-spoken, Warm, Quietly confident",
      "*Avoids:* Superlatives, Exclamation marks, Extreme-sports clichés",
      ":large_green_square: *Forest* `#2F5D3A` dark green · primary · backgrounds and headlines",
      ":large_orange_square: *Clay* `#C8643B` orange · accent · calls to action",
      "*Stone* `#D9D4CC` light grey",
      ":black_large_square: *Night* `#1B1F24` near-black · text · body text",
      `>${ACME}`,
    ]) {
      expect(all).toContain(expected);
    }
    expect(generations()).toHaveLength(0);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("says when the workspace has no brand, and what to do", async () => {
    bot = await startBot();
    bot.sandbox.sandbox.state.brands.clear();
    const reply = await ephemeralAfter("brand");
    expect(reply.text).toBe("This workspace has no brand yet, so `--brand` has nothing to follow.");
    expect(textOf(reply)).toContain(
      "Set the brand up on the platform (its brand settings: name, tone of voice, colours).",
    );
  });

  it("shows an unfinished brand as far as it goes, and that --brand waits for it", async () => {
    bot = await startBot();
    for (const brand of bot.sandbox.sandbox.state.brands.values()) brand.isConfigured = false;
    const all = textOf(await ephemeralAfter("brand"));
    expect(all).toContain(
      ":warning: The workspace's brand *Acme Outdoor* is not set up yet, so `--brand` is refused for now.",
    );
    expect(all).toContain("*Brand: Acme Outdoor*");
    expect(all).not.toContain("What `--brand` adds");
  });
});
