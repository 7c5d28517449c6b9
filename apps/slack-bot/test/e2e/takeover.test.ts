// Taking a job over from a replica that died: the jobs it left are found by their leases, and a progress message
// it posted but never recorded is found by the job id in its Slack metadata, so the result is posted once.

import type { ImageCommand } from "@studio-kit/commands";
import { afterEach, describe, expect, it } from "vitest";
import { parseCommand } from "../../src/intent/slack-grammar.js";
import { jobMetadata } from "../../src/services/job-metadata.js";
import { openSqliteStore } from "../../src/store/sqlite/open.js";
import type { BotStore, Lease } from "../../src/store/types.js";
import { type Bot, blocksOf, eventually, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
const DEAD: Lease = { owner: "replica-that-died", until: 0 };

let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

function imageCommand(text: string): ImageCommand {
  const parsed = parseCommand(`image ${text}`);
  if (!parsed.ok || parsed.command.kind !== "image") throw new Error("not an image command");
  return parsed.command;
}

/** A job a dead replica left in `new`, as if it died right after posting its progress. */
async function leftJob(store: BotStore, prompt: string, lease: Lease = DEAD) {
  const created = await store.jobs.create(
    {
      user: USER,
      channel: CHANNEL,
      request: { kind: "image", command: imageCommand(prompt), pushTo: null, defaultBoard: null },
      outputs: 1,
      credits: 0,
      createdAt: Date.now(),
    },
    {},
    lease,
  );
  if (!created.ok) throw new Error("refused");
  return created.job;
}

describe("a job left by a replica that died", () => {
  it("reuses the progress message the replica posted but never recorded, instead of posting another", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    bot = await startBot({}, { store });
    const job = await leftJob(store, "a lighthouse at dusk");
    const progress = await bot.app.client.chat.postMessage({
      channel: CHANNEL,
      text: "Generating a lighthouse at dusk",
      metadata: jobMetadata(job.id),
    });
    // Another message of the bot's, tagged for another job, must not be taken for it.
    await bot.app.client.chat.postMessage({ channel: CHANNEL, text: "other", metadata: jobMetadata("job_other") });
    const posts = bot.sim.calls("chat.postMessage").length;

    expect(await bot.app.resumeJobs()).toBe(1);

    expect(bot.sim.calls("chat.postMessage")).toHaveLength(posts); // nothing posted anew
    const stored = await store.jobs.get(job.id);
    expect(stored).toMatchObject({ state: "done", outcome: "completed", progress: { ts: progress.ts } });
    const message = bot.sim.conversation(CHANNEL).find((m) => m.ts === progress.ts);
    expect(blocksOf(message, "image")).toHaveLength(1);
    expect(bot.sandbox.sandbox.stats().operations.GenerateImage).toBe(1);
  });

  it("posts a progress message when the replica died before posting one", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    bot = await startBot({}, { store });
    const job = await leftJob(store, "a red kite");
    expect(await bot.app.resumeJobs()).toBe(1);
    const posts = bot.sim.calls("chat.postMessage");
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.args.metadata))).toEqual(jobMetadata(job.id));
    expect((await store.jobs.get(job.id))?.state).toBe("done");
  });

  it("leaves alone a job whose replica still holds its lease, and takes it once the lease runs out", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    bot = await startBot({}, { store });
    const job = await leftJob(store, "a heron", { owner: "live-replica", until: Date.now() + 600 });
    expect(await bot.app.resumeJobs()).toBe(0);
    expect((await store.jobs.get(job.id))?.state).toBe("new");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await bot.app.resumeJobs()).toBe(1);
    await eventually(async () => expect((await store.jobs.get(job.id))?.state).toBe("done"));
    expect((await store.jobs.get(job.id))?.lease?.owner).toBe(bot.app.replicaId);
  });
});
