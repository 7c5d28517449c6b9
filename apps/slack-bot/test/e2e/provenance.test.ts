// Every finished result carries Slack message metadata (issue 29): `studio_job_finished` with its job, kind, settings,
// the assets it made and those it was made from, so another app reads a result's settings without parsing its words;
// a result made from another names that one's job. Read here as another app would: conversations.history with
// include_all_metadata, through slack-sim's Web API.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, buttonValue, eventually, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

interface Read {
  ts: string;
  text: string;
  thread_ts?: string;
  metadata?: { event_type: string; event_payload: Record<string, unknown> };
}

/** The channel's messages and their threads' replies as another app reads them, with their metadata. */
async function readAsAnApp(): Promise<Read[]> {
  const { client } = bot.app;
  const history = (await client.conversations.history({ channel: CHANNEL, include_all_metadata: true }))
    .messages as Read[];
  const replies: Read[] = [];
  for (const message of history) {
    if (!message.thread_ts) continue;
    const thread = await client.conversations.replies({ channel: CHANNEL, ts: message.ts, include_all_metadata: true });
    replies.push(...((thread.messages as Read[]) ?? []).slice(1));
  }
  return [...history, ...replies];
}

const finished = (messages: Read[]) => messages.filter((m) => m.metadata?.event_type === "studio_job_finished");
const madeImages = () =>
  [...bot.sandbox.sandbox.state.assets.values()].filter((asset) => asset.__typename === "Image").map((a) => a.id);

describe("a result's metadata", () => {
  it("names its job, kind, settings and images, and never its prompt", async () => {
    bot = await startBot();
    const before = new Set(madeImages());
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a red fox in the snow --count 2 --ratio 16:9" });
    const [result] = await eventually(async () => {
      const found = finished(await readAsAnApp());
      expect(found).toHaveLength(1);
      return found;
    });
    const payload = result?.metadata?.event_payload ?? {};
    const made = madeImages().filter((id) => !before.has(id));
    expect(payload).toMatchObject({ kind: "image", ratio: "16:9", count: 2, results: made.map((id) => ({ id })) });
    expect(payload.job_id).toMatch(/\S/);
    expect(payload).not.toHaveProperty("made_from");
    expect(JSON.stringify(payload)).not.toContain("fox");
  });

  it("says what a variation was made from, and the job that made that", async () => {
    bot = await startBot();
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "a lighthouse at dusk" });
    const original = await eventually(async () => {
      const [found] = finished(await readAsAnApp());
      expect(found).toBeDefined();
      return found as Read;
    });
    const shown = bot.sim.conversation(CHANNEL, { as: USER }).find((m) => m.ts === original.ts);
    expect(actionIds(shown)).toContain(ACTIONS.variations);
    const value = buttonValue(shown, ACTIONS.variations);
    await bot.sim.click({ user: USER, channel: CHANNEL, messageTs: original.ts, actionId: ACTIONS.variations, value });

    const variation = await eventually(async () => {
      const found = finished(await readAsAnApp()).find((m) => m.metadata?.event_payload.kind === "image-edit");
      expect(found).toBeDefined();
      return found as Read;
    });
    const source = ((original.metadata?.event_payload.results ?? []) as { id: string }[])[0]?.id;
    expect(variation.metadata?.event_payload).toMatchObject({
      edit: "variations",
      made_from: [{ id: source }],
      parent_job_id: original.metadata?.event_payload.job_id,
    });
  });
});
