import type { ImageCommand } from "@studio-kit/commands";
import { imageVariables } from "@studio-kit/commands";
import { generateImages } from "@studio-kit/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseCommand } from "../../src/intent/slack-grammar.js";
import { jobMetadata } from "../../src/services/job-metadata.js";
import { openSqliteStore } from "../../src/store/sqlite/open.js";
import type { BotStore, JobRecord } from "../../src/store/types.js";
import { type Bot, blocksOf, eventually, sandboxClient, startBot } from "./harness.js";

// A job asked for in an assistant thread survives a restart (decision 0012): its record says so, and the replica
// that carries it on shows its progress on the thread's status line and posts the result there once.

const USER = "U0ALICE";
const DEAD = "replica-that-died";

let bot: Bot;
let store: BotStore;
beforeEach(async () => {
  store = openSqliteStore({ path: ":memory:" });
  bot = await startBot({}, { store });
});
afterEach(async () => {
  await bot.close();
});

/** A job a replica that died left running in the thread: sent, its ids recorded, nothing posted yet. */
async function leftRunning(channel: string, threadTs: string, prompt: string): Promise<JobRecord> {
  const parsed = parseCommand(`image ${prompt}`);
  if (!parsed.ok || parsed.command.kind !== "image") throw new Error("not an image command");
  const command: ImageCommand = parsed.command;
  const created = await store.jobs.create(
    {
      user: USER,
      channel,
      threadTs,
      request: { kind: "image", command, pushTo: null, defaultBoard: null },
      progress: { assistantThread: true },
      outputs: 1,
      credits: 1,
      createdAt: Date.now(),
    },
    {},
    { owner: DEAD, until: 0 },
  );
  if (!created.ok) throw new Error("not created");
  const images = await generateImages(sandboxClient(bot), imageVariables(command));
  await store.jobs.update(created.job.id, { state: "sending" }, DEAD);
  return store.jobs.update(created.job.id, { state: "running", resultIds: images.map((i) => i.id) }, DEAD);
}

async function openThread() {
  const { channel, threadTs } = await bot.sim.openAssistant({ user: USER });
  await eventually(() => expect(bot.sim.assistantThread(channel, threadTs)?.suggestedPrompts).toBeDefined());
  return { channel, threadTs };
}

const botReplies = (channel: string, threadTs: string) =>
  bot.sim
    .thread(channel, threadTs, { as: USER })
    .filter((m) => m.fromBot)
    .slice(1);

describe("an assistant thread's job carried on after a restart", () => {
  it("shows its progress on the status line and posts the result in the thread, once", async () => {
    const { channel, threadTs } = await openThread();
    const job = await leftRunning(channel, threadTs, "a red fox on snow");
    await new Promise((resolve) => setTimeout(resolve, 500)); // the sandbox finishes it meanwhile

    expect(await bot.app.resumeJobs()).toBe(1);
    const [result, ...more] = botReplies(channel, threadTs);
    expect(more).toHaveLength(0);
    expect(result?.text).toBe("Image: a red fox on snow");
    expect(blocksOf(result, "image")).toHaveLength(1);
    const shown = bot.sim.assistantThread(channel, threadTs);
    expect(shown?.statusHistory.some((status) => status.startsWith("is generating an image…"))).toBe(true);
    expect(shown?.status).toBe("");
    const stored = await store.jobs.get(job.id);
    expect(stored).toMatchObject({
      state: "done",
      outcome: "completed",
      progress: { ts: result?.ts, assistantThread: true },
    });
  });

  it("replaces a result that was posted but not recorded instead of posting it twice", async () => {
    const { channel, threadTs } = await openThread();
    const job = await leftRunning(channel, threadTs, "a lighthouse");
    // The dead replica posted the result (tagged with the job) and died before recording it.
    const early = await bot.app.client.chat.postMessage({
      channel,
      thread_ts: threadTs,
      text: "Image: a lighthouse",
      metadata: jobMetadata(job.id),
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    await bot.app.resumeJobs();
    const replies = botReplies(channel, threadTs);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.ts).toBe(early.ts);
    expect(blocksOf(replies[0], "image")).toHaveLength(1);
    expect((await store.jobs.get(job.id))?.state).toBe("done");
  });
});
