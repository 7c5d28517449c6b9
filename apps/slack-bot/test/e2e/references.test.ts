// Reference images (issue 20): images shared with a prompt (a mention, the DM) and `--ref` ids of earlier results go
// to generateImage / generateVideo as `referenceImages`; shared images are uploaded as AI_IMAGE_REFERENCE first; more
// than the model takes is refused with the limit named, before any download, upload or credit.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
// Two 1x1 PNGs (a red and a blue pixel): real images the sandbox measures.
const png = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const RED = png("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==");
const BLUE = png("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPj/HwADBwIAMCbHYQAAAABJRU5ErkJggg==");

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const sent = (operation: string) => bot.requests.filter((r) => r.operation === operation).map((r) => r.variables);
const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const inThread = (ts: string): Shown[] => bot.sim.thread(CHANNEL, ts, { as: USER });
const isResult = (m: Shown) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate);

/** The sandbox's record of an asset's stored file: its upload category says how it was uploaded. */
function uploadCategoryOf(assetId: string): string | null | undefined {
  const { state } = bot.sandbox.sandbox;
  const asset = state.assets.get(assetId) as { _fileId?: string } | undefined;
  return asset?._fileId ? state.files.get(asset._fileId)?.category : undefined;
}

const spent = () => {
  const credits = bot.sandbox.sandbox.state.credits.get(bot.sandbox.sandbox.workspaceId);
  return { balance: credits?.balance, daily: credits?.dailyFreeUsed };
};

describe("images shared with a prompt are reference images", () => {
  it("a mention with two attached images generates with both as references, uploaded as AI_IMAGE_REFERENCE", async () => {
    bot = await startBot();
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "image the same jacket on a hiker at dawn",
      files: [
        { name: "jacket-front.png", bytes: RED },
        { name: "jacket-back.png", bytes: BLUE },
      ],
    });
    const [request] = await eventually(() => {
      expect(sent("GenerateImage")).toHaveLength(1);
      return sent("GenerateImage");
    });
    expect(request).toMatchObject({ prompt: "the same jacket on a hiker at dawn", aspectRatio: "1:1" });
    const references = (request?.referenceImages ?? []) as { id: string }[];
    expect(references).toHaveLength(2);
    // The sandbox's records: each reference is an uploaded image whose file came in as AI_IMAGE_REFERENCE.
    for (const { id } of references) {
      expect(bot.sandbox.sandbox.state.assets.get(id)).toMatchObject({ __typename: "Image", imageType: "UPLOADED" });
      expect(uploadCategoryOf(id)).toBe("AI_IMAGE_REFERENCE");
    }
    // Downloaded once each with the bot token; the result arrives in the mention's thread, and no library reply.
    expect(bot.sim.downloads().map((d) => [d.status, d.authorized])).toEqual([
      [200, true],
      [200, true],
    ]);
    const result = await eventually(() => {
      const found = inThread(mention.ts ?? "").find(isResult);
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(blocksOf(result, "image")).toHaveLength(1);
    expect(inThread(mention.ts ?? "").some((m) => m.text.includes("is in the studio library"))).toBe(false);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
    // Two files downloaded from slack-sim and uploaded to the sandbox as references, then the image job, over
    // real HTTP.
  }, 30_000);

  it("an image shared in the DM with a video prompt is a reference of the video", async () => {
    bot = await startBot();
    const dm = bot.sim.dm(USER);
    await bot.sim.message({
      user: USER,
      channel: dm,
      text: "video the jacket in the wind",
      files: [{ name: "a.png", bytes: RED }],
    });
    const [request] = await eventually(() => {
      expect(sent("GenerateVideo")).toHaveLength(1);
      return sent("GenerateVideo");
    });
    const references = (request?.referenceImages ?? []) as { id: string }[];
    expect(references).toHaveLength(1);
    expect(uploadCategoryOf(references[0]?.id ?? "")).toBe("AI_IMAGE_REFERENCE");
    // With references and no --model the API picks the reference-to-video default; the bot priced that one.
    await eventually(() =>
      expect(bot.sim.conversation(dm).some((m) => m.fromBot && m.text.startsWith("Video:"))).toBe(true),
    );
    // A file downloaded and uploaded as a reference, then a video job (about 0.6 s in the harness's sandbox),
    // over real HTTP.
  }, 30_000);

  it("names a file that cannot be a reference and generates with the images only", async () => {
    bot = await startBot();
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "image a jacket on a hiker",
      files: [
        { name: "brief.txt", bytes: new TextEncoder().encode("make it blue") },
        { name: "jacket.png", bytes: RED },
      ],
    });
    await eventually(() => expect(sent("GenerateImage")).toHaveLength(1));
    expect(sent("GenerateImage")[0]?.referenceImages).toHaveLength(1);
    const note = inThread(mention.ts ?? "").find((m) => m.ephemeral && m.text.startsWith("Only JPEG"));
    expect(note?.text).toBe("Only JPEG, PNG, WebP and AVIF images can be reference images: “brief.txt” was not used.");
    // Only the image was downloaded: nothing is fetched for a file that cannot be used.
    expect(bot.sim.downloads()).toHaveLength(1);
  });

  it("a bare prompt with images may be a caption: the images go to the library, and one click generates with them", async () => {
    bot = await startBot();
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "here is the new jacket",
      files: [
        { name: "jacket-front.png", bytes: RED },
        { name: "jacket-back.png", bytes: BLUE },
      ],
    });
    const offer = await eventually(() => {
      const found = inThread(mention.ts ?? "").find((m) => actionIds(m).includes(ACTIONS.askImage));
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(offer.text).toContain("with these 2 images as reference? Nothing was generated.");
    expect(inThread(mention.ts ?? "").filter((m) => m.text.includes("is in the studio library"))).toHaveLength(2);
    await settle();
    expect(operations("GenerateImage")).toBe(0);

    await bot.sim.click({
      user: USER,
      channel: CHANNEL,
      messageTs: offer.ts,
      actionId: ACTIONS.askImage,
      value: buttonValue(offer, ACTIONS.askImage),
    });
    const [request] = await eventually(() => {
      expect(sent("GenerateImage")).toHaveLength(1);
      return sent("GenerateImage");
    });
    expect(request).toMatchObject({ prompt: "here is the new jacket" });
    // The references are the two images the library reply named.
    expect(((request?.referenceImages ?? []) as unknown[]).length).toBe(2);
    // Two files downloaded and uploaded to the library, the offer, a 400 ms settle, then the image job its click
    // starts, over real HTTP.
  }, 30_000);

  it("a greeting with a file stores it in the library and generates nothing, as before", async () => {
    bot = await startBot();
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "thanks!",
      files: [{ name: "logo.png", bytes: RED }],
    });
    await eventually(() => {
      expect(inThread(mention.ts ?? "").some((m) => m.fromBot && m.text === "logo.png is in the studio library")).toBe(
        true,
      );
    });
    await settle();
    expect(operations("GenerateImage")).toBe(0);
  });
});

describe("--ref with an earlier result", () => {
  it("generates with the result as a reference image", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a red fox in the snow" });
    const first = await eventually(() => {
      const found = bot.sim.conversation(CHANNEL, { as: USER }).find(isResult);
      expect(found).toBeDefined();
      return found as Shown;
    });
    const { imageId } = JSON.parse(buttonValue(first, ACTIONS.variations)) as { imageId: string };
    await bot.sim.command({
      user: USER,
      channel: CHANNEL,
      text: `the same fox, running --ref ${imageId} --ratio 16:9`,
    });
    await eventually(() => expect(sent("GenerateImage")).toHaveLength(2));
    expect(sent("GenerateImage")[1]).toMatchObject({
      prompt: "the same fox, running",
      aspectRatio: "16:9",
      referenceImages: [{ id: imageId }],
    });
    await eventually(() => expect(bot.sim.conversation(CHANNEL, { as: USER }).filter(isResult)).toHaveLength(2));
    // Two image jobs one after the other (the second with the first's result as its reference), over real HTTP.
  }, 30_000);
});

describe("too many references", () => {
  it("is refused with the model's limit named, before any download, upload or credit", async () => {
    bot = await startBot();
    const before = spent();
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "image a jacket --model img-aurora-2-fast",
      files: [
        { name: "front.png", bytes: RED },
        { name: "back.png", bytes: BLUE },
      ],
    });
    const note = await eventually(() => {
      const found = inThread(mention.ts ?? "").find((m) => m.ephemeral && m.text.startsWith("Some options"));
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(JSON.stringify(note.blocks)).toContain("img-aurora-2-fast takes at most 1 reference image (got 2).");
    expect(JSON.stringify(note.blocks)).toContain("Nothing was generated and no credits were spent.");
    await settle();
    expect(operations("GenerateImage")).toBe(0);
    expect(operations("CreateSignedUploadUrl")).toBe(0);
    expect(bot.sim.downloads()).toEqual([]);
    expect(spent()).toEqual(before);
  });

  it("counts --ref ids with the attachments", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a jacket --model img-aurora-2-fast --ref a --ref b" });
    await eventually(() => {
      const note = bot.sim
        .conversation(CHANNEL, { as: USER })
        .find((m) => m.ephemeral && m.text.startsWith("Some options"));
      expect(JSON.stringify(note?.blocks)).toContain("img-aurora-2-fast takes at most 1 reference image (got 2).");
    });
    expect(operations("GenerateImage")).toBe(0);
  });
});
