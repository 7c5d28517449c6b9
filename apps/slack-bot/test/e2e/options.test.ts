import { SUGGESTED_RATIOS } from "@studio-kit/commands";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS, NEW_IMAGE_MODAL } from "../../src/messages/ids.js";
import { type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";

// One ratio rule for the command, the Home modal and the error text, and option errors that name only the help
// that fits them: through slack-sim and the sandbox, as a person meets them.

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

const generations = (operation: "GenerateImage" | "GenerateVideo") =>
  bot.sandbox.sandbox.stats().operations[operation] ?? 0;

/** Runs `/studio <text>` and returns the ephemeral reply's text as the person reads it (every block, joined). */
async function refusal(text: string): Promise<string> {
  await bot.sim.command({ user: USER, channel: CHANNEL, text });
  const reply = await eventually(() => {
    const [message] = bot.sim.conversation(CHANNEL, { as: USER }).filter((m) => m.fromBot);
    expect(message?.ephemeral).toBe(true);
    return message;
  });
  expectAllMessagesValid(bot.sim, [CHANNEL]);
  return (reply?.blocks ?? []).map((block) => JSON.stringify(block)).join("\n");
}

/** The ratios listed after "`--ratio` takes width:height, e.g." in a refusal, in order. */
function listedRatios(reply: string): string[] {
  const line = /takes width:height, e\.g\. ([^"\\]*)/.exec(reply)?.[1] ?? "";
  return [...line.matchAll(/`(\d+:\d+)`/g)].map((match) => match[1] ?? "");
}

/** The values of the Home modal's ratio select, opened by clicking New image as a person would. */
async function modalRatios(): Promise<string[]> {
  await bot.sim.openHome(USER);
  await eventually(() => expect(bot.sim.calls("views.publish").length).toBeGreaterThan(0));
  await bot.sim.click({ user: USER, actionId: ACTIONS.homeNewImage, viewId: `VH${USER}` });
  const modal = await eventually(() => {
    const found = bot.sim.views(USER).find((v) => v.open && v.view.callback_id === NEW_IMAGE_MODAL.callbackId);
    expect(found).toBeDefined();
    return found;
  });
  const input = (modal?.view.blocks ?? []).find((block) => block.block_id === NEW_IMAGE_MODAL.ratioBlock) as
    | { element: { options: { value: string }[] } }
    | undefined;
  return (input?.element.options ?? []).map((option) => option.value);
}

describe("--ratio: one rule for the command, the modal and the error", () => {
  it("generates with --ratio 3:2, a ratio the error and the modal list", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a harbour at dawn --ratio 3:2" });
    const result = await eventually(() => {
      const [message] = bot.sim.conversation(CHANNEL, { as: USER }).filter((m) => m.fromBot && !m.ephemeral);
      expect(blocksOf(message, "image")).toHaveLength(1);
      return message;
    });
    expect(result).toBeDefined();
    const images = [...bot.sandbox.sandbox.state.assets.values()].filter((a) => a.__typename === "Image");
    expect(images.filter((image) => image.prompt === "a harbour at dawn").map((image) => image.aspectRatio)).toEqual([
      "3:2",
    ]);
    expect(await modalRatios()).toContain("3:2");
  });

  it("refuses --ratio 7:1 before any generation, listing exactly the ratios the Home modal offers", async () => {
    const reply = await refusal("image a long banner --ratio 7:1");
    expect(reply).toContain("`--ratio 7:1` is too wide");
    const listed = listedRatios(reply);
    expect(listed).toContain("3:2");
    expect(listed).toEqual(await modalRatios());
    expect(reply).not.toContain("/studio models");
    expect(generations("GenerateImage")).toBe(0);
  });

  it("holds video to the same rule and the same list", async () => {
    const reply = await refusal("video a tall waterfall --ratio 1:5");
    expect(reply).toContain("`--ratio 1:5` is too tall");
    expect(listedRatios(reply)).toEqual(SUGGESTED_RATIOS.map((ratio) => ratio.value));
    expect(generations("GenerateVideo")).toBe(0);
  });
});

describe("an option error names only the help that fits it", () => {
  it("answers --count 9 with the allowed range and no /studio models hint", async () => {
    const reply = await refusal("image three foxes --count 9");
    expect(reply).toContain("1 to 4 images");
    expect(reply).not.toContain("/studio models");
    expect(reply).not.toContain("/studio presets");
    expect(generations("GenerateImage")).toBe(0);
  });

  it("points a model, quality or resolution error to /studio models for that kind", async () => {
    const reply = await refusal("image a fox --model img-aurora-2-fast --quality ultra");
    expect(reply).toContain("`/studio models image`");
    expect(reply).not.toContain("/studio presets");
  });

  it("points a preset error to /studio presets, not to the models", async () => {
    const reply = await refusal("image a fox --preset no-such-preset");
    expect(reply).toContain("`/studio presets`");
    expect(reply).not.toContain("/studio models");
  });

  it("names each fitting help once when several options are wrong", async () => {
    const reply = await refusal("video a wave --duration 7 --preset no-such-preset --preset nor-this");
    expect(reply.match(/\/studio models video/g)).toHaveLength(1);
    expect(reply.match(/\/studio presets/g)).toHaveLength(1);
  });
});
