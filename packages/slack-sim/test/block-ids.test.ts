import type { BlockAction } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, type Harness, startHarness } from "./support/bolt.js";

// "If not specified, a block_id will be generated" (https://docs.slack.dev/reference/block-kit/blocks): Slack returns
// the generated ids in the view and message objects, and the same ids come back in the payloads.

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const label = (text: string) => ({ type: "plain_text" as const, text });
const BLOCKS = [
  { type: "section", text: { type: "mrkdwn", text: "A fox" } },
  { type: "actions", elements: [{ type: "button", action_id: "again", text: label("Again") }] },
  { type: "actions", block_id: "mine", elements: [{ type: "button", action_id: "keep", text: label("Keep") }] },
];
const ids = (blocks: unknown) => (blocks as { block_id?: string }[] | undefined)?.map((block) => block.block_id);

describe("block_ids the app leaves out", () => {
  it("are generated once for a message: the answer, the history and the click agree", async () => {
    const clicks: BlockAction[] = [];
    harness = await startHarness((app) => {
      app.action("again", async ({ ack, body }) => {
        clicks.push(body as BlockAction);
        await ack();
      });
    });
    const { sim, app } = harness;
    const posted = await app.client.chat.postMessage({ channel: "C0GENERAL", text: "a fox", blocks: BLOCKS });
    const generated = ids(posted.message?.blocks);
    expect(generated).toHaveLength(3);
    const [section, actions, mine] = generated ?? [];
    expect(mine).toBe("mine");
    for (const id of [section, actions]) expect(id).toMatch(/^[A-Za-z0-9]{4}$/);
    expect(section).not.toBe(actions);
    expect(section).not.toMatch(/^b\d/);

    const history = await app.client.conversations.history({ channel: "C0GENERAL" });
    expect(ids(history.messages?.[0]?.blocks)).toEqual(generated);
    expect(ids(sim.conversation("C0GENERAL")[0]?.blocks)).toEqual(generated);
    await sim.click({ user: "U0ALICE", messageTs: posted.ts ?? "", actionId: "again" });
    await eventually(() => expect(clicks[0]?.actions[0]?.block_id).toBe(actions));
    expect(ids(clicks[0]?.message?.blocks)).toEqual(generated);

    // chat.update with blocks stores new ones, again with their generated ids.
    const updated = await app.client.chat.update({
      channel: "C0GENERAL",
      ts: posted.ts ?? "",
      text: "b",
      blocks: BLOCKS,
    });
    expect(ids(updated.message?.blocks)?.every((id) => typeof id === "string")).toBe(true);
    expect(ids(sim.conversation("C0GENERAL")[0]?.blocks)).toEqual(ids(updated.message?.blocks));
  });

  it("are generated once for a view: views.open's answer, the stored view and the click agree", async () => {
    const clicks: BlockAction[] = [];
    let opened: unknown;
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, body, client }) => {
        await ack();
        const answer = await client.views.open({
          trigger_id: body.trigger_id,
          view: { type: "modal", title: label("Fox"), blocks: BLOCKS },
        });
        opened = answer.view?.blocks;
      });
      app.action("again", async ({ ack, body }) => {
        clicks.push(body as BlockAction);
        await ack();
      });
    });
    const { sim } = harness;
    await sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
    const [view] = await eventually(() => {
      const views = sim.views("U0ALICE");
      expect(views).toHaveLength(1);
      return views;
    });
    const generated = ids(opened);
    expect(generated?.slice(0, 2).every((id) => /^[A-Za-z0-9]{4}$/.test(id ?? ""))).toBe(true);
    expect(ids(view?.view.blocks)).toEqual(generated);
    await sim.click({ user: "U0ALICE", viewId: view?.id ?? "", actionId: "again" });
    await eventually(() => expect(clicks[0]?.actions[0]?.block_id).toBe(generated?.[1]));
    expect(ids(clicks[0]?.view?.blocks)).toEqual(generated);
  });
});
