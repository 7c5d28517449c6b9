// Streamed progress (issue 29, decision 0019): a job asked in a thread shows its phases as the tasks of one streamed
// message (chat.startStream / appendStream) that ends as its result (chat.stopStream with its blocks and metadata);
// a slash command in a channel keeps its progress message; a stream Slack no longer takes is replaced by chat.update.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, headline, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["thread"]>[number];

/** The bot's replies in a mention's thread once none of them streams any more. */
async function settledReplies(ts: string, count: number): Promise<Shown[]> {
  return eventually(() => {
    const replies = bot.sim.thread(CHANNEL, ts).filter((m) => m.fromBot);
    expect(replies).toHaveLength(count);
    expect(replies.every((m) => m.stream?.state !== "streaming" && !m.text.includes("so far"))).toBe(true);
    return replies;
  });
}

/** The tasks in progress, in the order the stream showed them (one entry per change of the running task). */
function runningOrder(message: Shown | undefined): string[] {
  const order: string[] = [];
  for (const chunk of message?.stream?.chunks ?? []) {
    if (chunk.type !== "task_update" || chunk.status !== "in_progress") continue;
    if (order[order.length - 1] !== chunk.id) order.push(String(chunk.id));
  }
  return order;
}

const TASK_ORDER = ["send", "queue", "generate", "deliver"];

describe("streamed progress", () => {
  it("shows a mention's job as tasks in one streamed reply that ends as its result, with its metadata", async () => {
    bot = await startBot();
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> image a lighthouse" });
    const ts = mention.ts ?? "";
    const [result] = await settledReplies(ts, 1);

    // One message: the stream, started for the asker in the mention's thread, stopped by the bot as the result.
    const [start] = bot.sim.calls("chat.startStream");
    expect(start?.args).toMatchObject({ channel: CHANNEL, thread_ts: ts, recipient_user_id: USER });
    expect(start?.args.recipient_team_id).toMatch(/^T/);
    expect(result?.stream).toMatchObject({ state: "stopped", stoppedBy: "app", planTitle: "Studio is on it" });
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(0);
    expect(bot.sim.calls("chat.update")).toHaveLength(0);

    // Its phases went by in order, starting with the request on its way, and the end shows every task done.
    const order = runningOrder(result);
    expect(order[0]).toBe("send");
    expect(order).toContain("deliver");
    expect(order.map((id) => TASK_ORDER.indexOf(id))).toEqual([...order.map((id) => TASK_ORDER.indexOf(id))].sort());
    expect(result?.stream?.tasks.map((task) => [task.id, task.status])).toEqual(
      TASK_ORDER.map((id) => [id, "complete"]),
    );
    // No chunk carries the prompt: a person's words are only in the result's (escaped) blocks.
    expect(JSON.stringify(result?.stream?.chunks)).not.toContain("lighthouse");

    // The end is the result: headline, its image hosted in Slack, its buttons, feedback and provenance.
    expect(headline(result)).toBe("Image: a lighthouse");
    expect(blocksOf(result, "image")).toHaveLength(1);
    expect(actionIds(result)).toContain(ACTIONS.variations);
    expect(blocksOf(result, "context_actions")).toHaveLength(1);
    expect(result?.metadata?.event_type).toBe("studio_job_finished");
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("keeps at most ten streams open at once: the jobs past them post a progress message", async () => {
    bot = await startBot();
    const mentions = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        bot.sim.mention({ user: USER, channel: CHANNEL, text: `<@U0SIMBOT1> image a lighthouse number ${i}` }),
      ),
    );
    const results = await eventually(() => {
      const found = mentions.flatMap((mention) =>
        bot.sim.thread(CHANNEL, mention.ts ?? "").filter((m) => m.metadata?.event_type === "studio_job_finished"),
      );
      expect(found).toHaveLength(14);
      return found;
    });
    // The most streams open at any moment, from when each started to when it stopped.
    const edges = results
      .flatMap((m) => (m.stream ? [[m.stream.startedAt, 1] as const, [m.stream.stoppedAt ?? 0, -1] as const] : []))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let open = 0;
    let most = 0;
    for (const [, step] of edges) {
      open += step;
      most = Math.max(most, open);
    }
    expect(most).toBeLessThanOrEqual(10);
    expect(bot.sim.calls("chat.startStream").length + bot.sim.calls("chat.postMessage").length).toBe(14);
    expect(bot.sim.calls("chat.postMessage").length).toBeGreaterThanOrEqual(4);
  });

  it("keeps a progress message for a slash command in a channel, where there is no thread to stream in", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a lighthouse" });
    await eventually(() => {
      const [result] = bot.sim.conversation(CHANNEL).filter((m) => m.fromBot);
      expect(result?.metadata?.event_type).toBe("studio_job_finished");
    });
    expect(bot.sim.calls("chat.startStream")).toHaveLength(0);
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(1);
  });

  it("posts and updates a progress message in the thread with STUDIO_SLACK_PROGRESS=update", async () => {
    bot = await startBot({ STUDIO_SLACK_PROGRESS: "update" });
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> image a lighthouse" });
    const [result] = await settledReplies(mention.ts ?? "", 1);
    expect(result?.stream).toBeUndefined();
    expect(headline(result)).toBe("Image: a lighthouse");
    expect(bot.sim.calls("chat.startStream")).toHaveLength(0);
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(1);
  });

  it("keeps a video's progress message: a job taking minutes would outlive its stream", async () => {
    bot = await startBot();
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> video a wave" });
    await eventually(() => {
      const [reply] = bot.sim.thread(CHANNEL, mention.ts ?? "").filter((m) => m.fromBot);
      expect(reply?.text).toMatch(/asked for|Video/);
    });
    expect(bot.sim.calls("chat.startStream")).toHaveLength(0);
  });

  it("ends a failed generation's stream with the task that failed and the problem in words", async () => {
    bot = await startBot();
    // "[fail]" in a prompt makes the sandbox's generation end FAILED.
    const mention = await bot.sim.mention({
      user: USER,
      channel: CHANNEL,
      text: "<@U0SIMBOT1> image a lighthouse [fail]",
    });
    const [result] = await settledReplies(mention.ts ?? "", 1);
    // The task the stream showed when the job failed is marked so: queued, or generating if a poll saw it running
    // first. The tasks before it are done and those after it were never reached.
    const statuses = result?.stream?.tasks.map((task) => task.status) ?? [];
    const failed = statuses.indexOf("error");
    expect(["queue", "generate"]).toContain(result?.stream?.tasks[failed]?.id);
    expect(statuses).toEqual(statuses.map((_, i) => (i < failed ? "complete" : i === failed ? "error" : "pending")));
    expect(blocksOf(result, "image")).toHaveLength(0);
    expect(JSON.stringify(result?.blocks)).toContain("could not be made");
    expectAllMessagesValid(bot.sim, [CHANNEL]);
  });

  it("replaces the message by chat.update when Slack no longer takes the stream (it ended on its own)", async () => {
    let offset = 0;
    bot = await startBot({}, { simClock: { now: () => Date.now() + offset } });
    // Slack ends a stream on its own after about five minutes: the sim's clock jumps past that once it started.
    const stop = bot.sim.onChange(() => {
      if (bot.sim.calls("chat.startStream").length > 0) offset = 6 * 60_000;
    });
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> image a lighthouse" });
    const [result] = await eventually(() => {
      const replies = bot.sim.thread(CHANNEL, mention.ts ?? "").filter((m) => m.fromBot);
      expect(replies.map((m) => m.metadata?.event_type)).toEqual(["studio_job_finished"]);
      return replies;
    });
    stop();
    expect(result?.stream?.stoppedBy).toBe("expired");
    expect(headline(result)).toBe("Image: a lighthouse");
    expect(blocksOf(result, "image")).toHaveLength(1);
    expect(result?.metadata?.event_type).toBe("studio_job_finished");
    expect(bot.sim.calls("chat.update").filter((call) => call.ok)).toHaveLength(1);
    expect(bot.sim.calls("chat.postMessage")).toHaveLength(0);
  });
});
