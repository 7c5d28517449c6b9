// A video tool's job is durable like every job: a replica that died leaves it in the store, and the one that takes
// it over carries it on from its record, never sending the tool's mutation a second time.
import { AddSubtitlesDocument } from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../src/store/sqlite/open.js";
import type { BotStore, JobRequest, Lease } from "../../src/store/types.js";
import { type Bot, eventually, sandboxClient, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
const DEAD: Lease = { owner: "replica-that-died", until: 0 };

let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

const sent = (b: Bot, operation: string) => b.requests.filter((r) => r.operation === operation);

/** A finished video result in the channel: its message ts and video id. */
async function videoResult(b: Bot) {
  await b.sim.command({ user: USER, channel: CHANNEL, text: "video a lighthouse at dusk" });
  const result = await eventually(() => {
    const found = b.sim.conversation(CHANNEL).find((m) => m.fromBot && m.text.startsWith("Video: "));
    expect(found).toBeDefined();
    return found as NonNullable<typeof found>;
  });
  const job = (await b.app.store.jobs.recent(USER, 1))[0];
  const videoId = job?.resultIds[0];
  if (!videoId) throw new Error("no video");
  return { ts: result.ts, videoId };
}

/** A video-tool job the dead replica left in `state`, in the result's thread. */
async function leftJob(store: BotStore, ts: string, request: JobRequest, state: "sending" | "running", ids: string[]) {
  const created = await store.jobs.create(
    { user: USER, channel: CHANNEL, threadTs: ts, request, outputs: 1, credits: 0, createdAt: Date.now() },
    {},
    DEAD,
  );
  if (!created.ok) throw new Error("refused");
  await store.jobs.update(created.job.id, { state: "sending" }, DEAD.owner);
  if (state === "running") await store.jobs.update(created.job.id, { state: "running", resultIds: ids }, DEAD.owner);
  return created.job.id;
}

describe("a video tool's job left by a replica that died", () => {
  it("is followed to its result from its record when it was running, without sending the tool again", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    bot = await startBot({}, { store });
    const { ts, videoId } = await videoResult(bot);
    // The dead replica had sent addSubtitles and recorded the new video's id.
    const client = sandboxClient(bot);
    const { addSubtitles } = await client.request(AddSubtitlesDocument, {
      workspaceId: await client.workspaceId(),
      videoId,
      language: "es",
    });
    const subtitled = addSubtitles?.video?.id as string;
    const tool = { name: "subtitles", language: "es" } as const;
    const request: JobRequest = {
      kind: "video-tool",
      tool,
      videoId,
      prompt: "a lighthouse at dusk",
      defaultBoard: null,
    };
    const id = await leftJob(store, ts, request, "running", [subtitled]);

    expect(await bot.app.resumeJobs()).toBe(1);

    const result = bot.sim.thread(CHANNEL, ts).find((m) => m.fromBot && m.text.startsWith("Subtitled (Spanish): "));
    expect(result?.text).toContain("a lighthouse at dusk");
    expect(await store.jobs.get(id)).toMatchObject({ state: "done", outcome: "completed" });
    expect(sent(bot, "AddSubtitles")).toHaveLength(0);
  });

  it("is reported lost, and never sent again, when it stopped while sending an upscale", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    bot = await startBot({}, { store });
    const { ts, videoId } = await videoResult(bot);
    const request: JobRequest = {
      kind: "video-tool",
      tool: { name: "upscale", scale: "2x" },
      videoId,
      prompt: "a lighthouse at dusk",
      defaultBoard: null,
    };
    const id = await leftJob(store, ts, request, "sending", []);

    expect(await bot.app.resumeJobs()).toBe(1);

    const note = bot.sim
      .thread(CHANNEL, ts)
      .find((m) => m.fromBot && m.text.includes("restarted while it was starting"));
    expect(note?.text).toContain("an upscaled (×2) video");
    expect(await store.jobs.get(id)).toMatchObject({ state: "done", outcome: "lost" });
    expect(sent(bot, "UploadVideo")).toHaveLength(0);
    expect(sent(bot, "UpdateVideo")).toHaveLength(0);
  });
});
