// Speaking avatars and lip sync (issue 20), through slack-sim and the sandbox: an avatar is a voiceover of the script
// (generateVoiceover, waited for through audioStatus), then generateSpeakingCharacter with the image and that
// voiceover; a lip sync is generateLipsync with a video and an audio, or a script read aloud first. Each ends with one
// message, the video; whatever would refuse it does so before a credit is spent.
import { SANDBOX_WORKSPACE_ID } from "@studio-kit/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
// A 1x1 PNG: a real image the sandbox measures.
const PORTRAIT = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const sent = (operation: string) => bot.requests.filter((r) => r.operation === operation).map((r) => r.variables);
const asset = (id: unknown) => bot.sandbox.sandbox.state.assets.get(String(id)) as Record<string, unknown> | undefined;
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const fromBot = (messages: Shown[]) => messages.filter((m) => m.fromBot && !m.ephemeral);
const notes = (messages: Shown[]) => messages.filter((m) => m.fromBot && m.ephemeral).map((m) => m.text);
const videoIdOf = (result: Shown) =>
  (JSON.parse(buttonValue(result, ACTIONS.videoVertical)) as { videoId: string }).videoId;

/** The first message of the bot's whose text starts with `words`, among `messages()`. */
function resultIn(messages: () => Shown[], words: string): Promise<Shown> {
  return eventually(() => {
    const found = messages().find((m) => m.fromBot && !m.ephemeral && m.text.startsWith(words));
    expect(found).toBeDefined();
    return found as Shown;
  });
}

const inChannel = () => bot.sim.conversation(CHANNEL, { as: USER });

/** Leaves the workspace `left` credits in all (no free or bonus credits). */
function leaveCredits(left: number) {
  const credits = bot.sandbox.sandbox.state.credits.get(SANDBOX_WORKSPACE_ID);
  if (!credits) throw new Error("the sandbox has no credits for its workspace");
  Object.assign(credits, { balance: left, bonusBalance: 0, dailyFreeUsed: credits.dailyFreeLimit });
}

describe("a speaking avatar", () => {
  it("an attached photo and a script end with one video: the photo speaks the voiceover read from the script", async () => {
    bot = await startBot();
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "avatar Welcome to the spring collection, made for long trails.",
      files: [{ name: "portrait.png", bytes: PORTRAIT }],
    });
    const thread = () => bot.sim.thread(CHANNEL, mention.ts ?? "", { as: USER });
    const result = await resultIn(thread, "Speaking avatar:");

    // First the voiceover, then the video, each asked for once.
    expect(sent("GenerateVoiceover")).toEqual([
      expect.objectContaining({ script: "Welcome to the spring collection, made for long trails." }),
    ]);
    const characters = sent("GenerateSpeakingCharacter");
    expect(characters).toHaveLength(1);
    const request = characters[0] ?? {};
    expect(bot.order.indexOf("studio:GenerateVoiceover")).toBeLessThan(
      bot.order.indexOf("studio:GenerateSpeakingCharacter"),
    );
    // The image is the uploaded photo; the audio is the voiceover, with its length; the catalog's default model.
    expect(asset(request.imageId)).toMatchObject({
      __typename: "Image",
      imageType: "UPLOADED",
      displayName: "portrait.png",
    });
    const voiceover = asset(request.audioId);
    expect(voiceover).toMatchObject({ __typename: "Audio", name: expect.stringMatching(/^Voiceover: Welcome/) });
    expect(request).toMatchObject({
      audioDurationSeconds: Number(voiceover?.durationMs) / 1000,
      model: "avatar-persona-2",
      resolution: "720p",
    });
    // The sandbox's speaking-character record: made from that image, as long as that voiceover.
    expect(asset(videoIdOf(result))).toMatchObject({
      __typename: "Video",
      displayName: "portrait.png (speaking)",
      duration: Number(voiceover?.durationMs) / 1000,
      model: "avatar-persona-2",
    });

    // One message for the job: its progress became the video, with a video's buttons; no Remix (no settings to edit).
    expect(fromBot(thread())).toHaveLength(1);
    expect(result.text).toBe("Speaking avatar: Welcome to the spring collection, made for long trails.");
    expect(result.files?.length).toBe(1);
    expect(actionIds(result)).toEqual(
      expect.arrayContaining([ACTIONS.addToBoard, ACTIONS.videoVertical, ACTIONS.videoSound, ACTIONS.regenerate]),
    );
    expect(actionIds(result)).not.toContain(ACTIONS.remix);
    expectAllMessagesValid(bot.sim, [CHANNEL]);

    // The job went through both steps and ended with the video, the voiceover kept with it. The record is marked
    // done a moment after the result is posted, so it is read until it is.
    const job = await eventually(async () => {
      const [latest] = await bot.app.store.jobs.recent(USER, 1);
      expect(latest?.state).toBe("done");
      return latest;
    });
    expect(job).toMatchObject({
      state: "done",
      outcome: "completed",
      step: 1,
      resultIds: [videoIdOf(result)],
      stepResults: { audioId: request.audioId },
    });

    // Regenerate makes the same photo speak the script again, from the stored job: nothing is downloaded or uploaded.
    await bot.sim.click({ user: USER, channel: CHANNEL, messageTs: result.ts, actionId: ACTIONS.regenerate });
    await eventually(() => expect(sent("GenerateSpeakingCharacter")).toHaveLength(2));
    expect(sent("GenerateSpeakingCharacter")[1]?.imageId).toBe(request.imageId);
    expect(sent("GenerateVoiceover")).toHaveLength(2);
    expect(bot.sim.downloads()).toHaveLength(1);
    expect(sent("CreateSignedUploadUrl")).toHaveLength(1);
    await eventually(() =>
      expect(fromBot(thread()).filter((m) => m.text.startsWith("Speaking avatar:"))).toHaveLength(2),
    );
    // Two avatars one after the other, each two jobs in a row (a voiceover, then the video made with it), the photo
    // downloaded from slack-sim and uploaded to the sandbox once, and each video uploaded to slack-sim.
  }, 30_000);

  it("`--image` makes an earlier image result speak, uploading nothing", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a lighthouse keeper, portrait" });
    const image = await resultIn(inChannel, "Image:");
    const imageId = (JSON.parse(buttonValue(image, ACTIONS.variations)) as { imageId: string }).imageId;

    await bot.sim.command({ user: USER, channel: CHANNEL, text: `avatar The light is on tonight. --image ${imageId}` });
    const result = await resultIn(inChannel, "Speaking avatar:");
    expect(sent("GenerateSpeakingCharacter")).toEqual([expect.objectContaining({ imageId })]);
    expect(sent("GenerateVoiceover")).toEqual([expect.objectContaining({ script: "The light is on tonight." })]);
    expect(sent("CreateSignedUploadUrl")).toEqual([]);
    expect(result.files?.length).toBe(1);
    // An image job, then an avatar's two jobs in a row (a voiceover, then the video made with it), over real HTTP.
  }, 30_000);

  it("refuses before anything is spent: no image, an unknown image, a video as the image, an image given twice", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "avatar Hello there" });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "avatar Hello there --image img_nope" });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "avatar Hello there --image vid_river_crossing" });
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "avatar Hello there --image img_trail_dawn",
      files: [{ name: "portrait.png", bytes: PORTRAIT }],
    });
    await eventually(() => expect(notes(inChannel())).toHaveLength(3));
    await eventually(() => expect(notes(bot.sim.thread(CHANNEL, mention.ts ?? "", { as: USER }))).toHaveLength(1));
    // The notes come as each check answers, not in the order of the commands.
    expect(notes(inChannel()).sort()).toEqual([
      expect.stringMatching(/^There is no image `img_nope` in the workspace/),
      expect.stringMatching(/^There is no image `vid_river_crossing` in the workspace/),
      expect.stringMatching(
        /^`avatar` needs the image that speaks: attach a photo .* or name an earlier image with `--image/,
      ),
    ]);
    expect(notes(bot.sim.thread(CHANNEL, mention.ts ?? "", { as: USER }))[0]).toMatch(
      /^Give the image one way: attach it, or name it with `--image`, not both/,
    );
    for (const note of [...notes(inChannel())]) expect(note).toContain("no credits were spent");
    await settle();
    expect(sent("GenerateVoiceover")).toEqual([]);
    expect(sent("GenerateSpeakingCharacter")).toEqual([]);
    expect(bot.sim.downloads()).toEqual([]); // the photo given with --image was not even downloaded
  });

  it("refuses when the credits cover the voiceover but not the video, before either is made", async () => {
    bot = await startBot();
    // The voiceover costs 3 and the speaking avatar 24: 20 credits pay the first step, not both.
    leaveCredits(20);
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "avatar Hello there --image img_trail_dawn" });
    const note = await eventually(() => {
      const [found] = notes(inChannel());
      expect(found).toBeDefined();
      return found as string;
    });
    expect(note).toMatch(/27/); // the cost of both steps, as the guard judged it
    await settle();
    expect(sent("GenerateVoiceover")).toEqual([]);
    expect(sent("GenerateSpeakingCharacter")).toEqual([]);
  });
});

describe("a costly avatar", () => {
  it("asks to confirm the cost of both steps, and Confirm makes the attached photo speak, uploaded once", async () => {
    bot = await startBot({ CREDITS_CONFIRM_THRESHOLD: "10" });
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "avatar Welcome back.",
      files: [{ name: "portrait.png", bytes: PORTRAIT }],
    });
    const thread = () => bot.sim.thread(CHANNEL, mention.ts ?? "", { as: USER });
    const ask = await eventually(() => {
      const found = thread().find((m) => m.ephemeral && actionIds(m).includes(ACTIONS.confirmSpend));
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(ask.text).toBe("Confirm: a speaking avatar will cost 27 credits");
    expect(sent("GenerateVoiceover")).toEqual([]);

    await bot.sim.click({ user: USER, actionId: ACTIONS.confirmSpend, messageTs: ask.ts, channel: CHANNEL });
    await resultIn(thread, "Speaking avatar:");
    const [request] = sent("GenerateSpeakingCharacter");
    expect(asset(request?.imageId)).toMatchObject({ __typename: "Image", displayName: "portrait.png" });
    expect(sent("CreateSignedUploadUrl")).toHaveLength(1);
    expect(bot.sim.downloads()).toHaveLength(1);
    // The ask, Confirm, then the avatar's two jobs in a row (a voiceover, then the video made with it), the photo
    // downloaded and uploaded once, over real HTTP.
  }, 30_000);
});

describe("a speaking avatar that fails", () => {
  it("a voiceover that fails ends the job there: no video is asked for, and the message says which step failed", async () => {
    bot = await startBot();
    // The sandbox fails a generation whose text holds its failure word.
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "avatar Hello [fail] there --image img_trail_dawn" });
    const failed = await resultIn(inChannel, "Generation failed");
    expect(JSON.stringify(failed.blocks)).toContain("the voiceover of a speaking avatar could not be made");
    await settle();
    expect(sent("GenerateVoiceover")).toHaveLength(1);
    expect(sent("GenerateSpeakingCharacter")).toEqual([]);
    expect(fromBot(inChannel())).toHaveLength(1);
    const job = await eventually(async () => {
      const [latest] = await bot.app.store.jobs.recent(USER, 1);
      expect(latest?.state).toBe("done");
      return latest;
    });
    expect(job).toMatchObject({ state: "done", outcome: "failed" });
    expect(job?.step).toBeUndefined(); // it never reached the video step
  });

  it("a video that fails after its voiceover names the voiceover, which was made and charged", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "avatar Hello there --image img_trail_dawn" });
    // The credits run out once the voiceover is paid for: the video is accepted, then fails for want of credits.
    // Wait until the sandbox has applied (and charged) the voiceover, not only until the bot sent it: draining the
    // credits between the two would fail the voiceover instead of the video.
    await eventually(() =>
      expect(
        bot.sandbox.sandbox.requests().some((entry) => entry.operation === "GenerateVoiceover" && entry.applied),
      ).toBe(true),
    );
    leaveCredits(0);
    const failed = await resultIn(inChannel, "Generation failed");
    const words = JSON.stringify(failed.blocks);
    expect(words).toContain("a speaking avatar could not be made");
    expect(words).toContain("ran out of credits");
    const [voiceover] = sent("GenerateSpeakingCharacter").map((r) => r.audioId);
    expect(words).toContain(`Its voiceover was made first and is in the asset library (\`${voiceover}\`)`);
    const job = await eventually(async () => {
      const [latest] = await bot.app.store.jobs.recent(USER, 1);
      expect(latest?.state).toBe("done");
      return latest;
    });
    expect(job).toMatchObject({ state: "done", outcome: "failed", step: 1 });
  });
});

describe("lip sync", () => {
  it("with a script: the script read aloud, then the video lip-synced to that voiceover", async () => {
    bot = await startBot();
    await bot.sim.command({
      user: USER,
      channel: CHANNEL,
      text: "lipsync We cross here at dawn. --video vid_river_crossing --language en",
    });
    const result = await resultIn(inChannel, "Lip sync:");
    expect(sent("GenerateVoiceover")).toEqual([
      expect.objectContaining({ script: "We cross here at dawn.", language: "en" }),
    ]);
    const [request] = sent("GenerateLipsync");
    expect(sent("GenerateLipsync")).toHaveLength(1);
    expect(request).toMatchObject({ videoId: "vid_river_crossing", model: "lipsync-sync-3" });
    expect(asset(request?.audioId)).toMatchObject({ __typename: "Audio", name: expect.stringMatching(/^Voiceover:/) });
    expect(asset(videoIdOf(result))).toMatchObject({ displayName: "River crossing (lip-synced)" });
    expect(result.files?.length).toBe(1);
    expect(fromBot(inChannel())).toHaveLength(1);
    // Two jobs in a row (the script's voiceover, then the video lip-synced to it), over real HTTP.
  }, 30_000);

  it("with an audio id: the video lip-synced to that audio, nothing read aloud", async () => {
    bot = await startBot();
    await bot.sim.command({
      user: USER,
      channel: CHANNEL,
      text: "lipsync --video vid_river_crossing --audio aud_campfire",
    });
    // No script to quote: the result says what it is, never a bare "Lip sync:" (issue 27, point 16).
    const result = await resultIn(inChannel, "Lip sync of a video");
    expect(JSON.stringify(result.blocks)).toContain("*Lip sync of a video*");
    expect(sent("GenerateLipsync")).toEqual([
      expect.objectContaining({ videoId: "vid_river_crossing", audioId: "aud_campfire", audioDurationSeconds: 2 }),
    ]);
    expect(sent("GenerateVoiceover")).toEqual([]);
    expect(asset(videoIdOf(result))).toMatchObject({ duration: 2, model: "lipsync-sync-3" });
  });

  it("refuses before anything is spent: no video, an unknown video, an unknown audio", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "lipsync --audio aud_campfire" });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "lipsync Hello --video vid_nope" });
    await bot.sim.command({
      user: USER,
      channel: CHANNEL,
      text: "lipsync --video vid_river_crossing --audio aud_nope",
    });
    await eventually(() => expect(notes(inChannel())).toHaveLength(3));
    expect(notes(inChannel()).sort()).toEqual([
      expect.stringMatching(/^There is no audio `aud_nope` in the workspace/),
      expect.stringMatching(/^There is no video `vid_nope` in the workspace/),
      expect.stringMatching(/^`lipsync` needs the video whose lips move: name it with `--video/),
    ]);
    await settle();
    expect(sent("GenerateVoiceover")).toEqual([]);
    expect(sent("GenerateLipsync")).toEqual([]);
  });
});
