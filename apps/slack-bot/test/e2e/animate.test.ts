// Animate (issue 20): a button on every image result, and `/studio video <prompt> --from <image>`: a video whose
// first frame (`firstFrame`) is the image; `--end` sends `endImage`.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const sent = (operation: string) => bot.requests.filter((r) => r.operation === operation).map((r) => r.variables);
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const isResult = (m: Shown) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate);
const everything = (ts: string): Shown[] => [
  ...bot.sim.conversation(CHANNEL, { as: USER }),
  ...bot.sim.thread(CHANNEL, ts, { as: USER }),
];

/** Runs a slash command and returns its first result message in the channel. */
async function imageResult(text: string): Promise<{ result: Shown; imageId: string }> {
  await bot.sim.command({ user: USER, channel: CHANNEL, text });
  const result = await eventually(() => {
    const found = bot.sim.conversation(CHANNEL, { as: USER }).find(isResult);
    expect(found).toBeDefined();
    return found as Shown;
  });
  const { imageId } = JSON.parse(buttonValue(result, ACTIONS.animate)) as { imageId: string };
  return { result, imageId };
}

function clickAnimate(result: Shown) {
  const value = buttonValue(result, ACTIONS.animate);
  return bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId: ACTIONS.animate, value });
}

describe("Animate on an image result", () => {
  it("makes a video whose request had the image as firstFrame, with the image's prompt and ratio", async () => {
    bot = await startBot();
    const { result, imageId } = await imageResult("a paper boat on a pond --ratio 16:9");
    await clickAnimate(result);
    const [request] = await eventually(() => {
      expect(sent("GenerateVideo")).toHaveLength(1);
      return sent("GenerateVideo");
    });
    expect(request).toMatchObject({
      prompt: "a paper boat on a pond",
      aspectRatio: "16:9",
      firstFrame: { id: imageId },
    });
    expect(request).not.toHaveProperty("endImage");
    // The video arrives in the image's thread, saying first what it is.
    const video = await eventually(() => {
      const found = bot.sim.thread(CHANNEL, result.ts, { as: USER }).find((m) => isResult(m) && m.ts !== result.ts);
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(video.text).toBe("Video from an image: a paper boat on a pond");
    expect(actionIds(video)).toContain(ACTIONS.videoVertical);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
    // An image job, then the video Animate asks for (twice an image's time in the harness's sandbox, about 0.6 s),
    // one after the other over real HTTP.
  }, 30_000);

  it("is refused by the credits guard like any video: short of credits, nothing is generated", async () => {
    bot = await startBot();
    const { result } = await imageResult("a paper boat");
    const credits = bot.sandbox.sandbox.state.credits.get(bot.sandbox.sandbox.workspaceId);
    if (!credits) throw new Error("the sandbox has no credits for its workspace");
    Object.assign(credits, { balance: 0, bonusBalance: 0, dailyFreeUsed: credits.dailyFreeLimit });
    await clickAnimate(result);
    await eventually(() => {
      expect(everything(result.ts).some((m) => m.ephemeral && m.text.startsWith("Not enough credits"))).toBe(true);
    });
    await settle();
    expect(sent("GenerateVideo")).toHaveLength(0);
  });
});

describe("/studio video --from", () => {
  it("sends the image as firstFrame, and --end as endImage", async () => {
    bot = await startBot();
    const { imageId } = await imageResult("a paper boat on a pond");
    await bot.sim.command({
      user: USER,
      channel: CHANNEL,
      text: `video the boat drifts away --from ${imageId} --end ${imageId} --duration 5`,
    });
    const [request] = await eventually(() => {
      expect(sent("GenerateVideo")).toHaveLength(1);
      return sent("GenerateVideo");
    });
    expect(request).toMatchObject({
      prompt: "the boat drifts away",
      duration: 5,
      firstFrame: { id: imageId },
      endImage: { id: imageId },
    });
    await eventually(() => {
      const videos = bot.sim
        .conversation(CHANNEL, { as: USER })
        .filter((m) => isResult(m) && m.text.startsWith("Video"));
      expect(videos.map((m) => m.text)).toEqual(["Video from an image: the boat drifts away"]);
    });
    // An image job, then a video made from it (about 0.6 s in the harness's sandbox), one after the other over
    // real HTTP.
  }, 30_000);

  it("--from on an image command is the image it is made from (parentImageId), not refused", async () => {
    bot = await startBot();
    const [seeded] = [...bot.sandbox.sandbox.state.assets.values()].filter(
      (asset) => asset.__typename === "Image" && asset.workspaceId === bot.sandbox.sandbox.workspaceId,
    );
    await bot.sim.command({ user: USER, channel: CHANNEL, text: `a boat, at night --from ${seeded?.id}` });
    await eventually(() => expect(sent("GenerateImage")).toHaveLength(1));
    expect(sent("GenerateImage")[0]).toMatchObject({ prompt: "a boat, at night", parentImageId: seeded?.id });
  });
});
