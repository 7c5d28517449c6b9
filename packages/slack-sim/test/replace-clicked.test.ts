import { afterEach, describe, expect, it } from "vitest";
import { eventually, type Harness, startHarness } from "./support/bolt.js";

// What an app's answer to a click may do to what was clicked. A click's response_url "can be used to publish new
// messages. It can also be used to update the original interactive message, regardless of whether it was an
// ephemeral message or not" (https://docs.slack.dev/messaging/modifying-messages, Updating messages using
// response_url): an ephemeral offer is replaced (or deleted) in place and stays the one person's. A Home tab has a
// view `hash` like a modal's, new on each views.publish (https://docs.slack.dev/reference/methods/views.publish),
// and a click on the Home carries the hash of the Home as published.

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const OFFER = [
  { type: "section", text: { type: "mrkdwn", text: "Make it?" } },
  {
    type: "actions",
    block_id: "offer",
    elements: [{ type: "button", action_id: "go", text: { type: "plain_text", text: "Go" }, value: "v" }],
  },
];

/** A slash command answered with an ephemeral offer, whose click answers with `answer` through its response_url. */
async function clickedEphemeral(answer: Record<string, unknown>) {
  harness = await startHarness((app) => {
    app.command("/studio", async ({ ack, respond }) => {
      await ack();
      await respond({ response_type: "ephemeral", text: "Make it?", blocks: OFFER as never });
    });
    app.action("go", async ({ ack, respond }) => {
      await ack();
      await respond(answer as never);
    });
  });
  const { sim } = harness;
  await sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
  const offer = await eventually(() => {
    const [found] = sim.conversation("C0GENERAL", { as: "U0ALICE" });
    expect(found?.ephemeral).toBe(true);
    return found as NonNullable<typeof found>;
  });
  await sim.click({ user: "U0ALICE", channel: "C0GENERAL", messageTs: offer.ts, actionId: "go" });
  return { sim, offer };
}

describe("a click's response_url on an ephemeral message", () => {
  it("replaces it in place with replace_original: the same message, still only the clicker's", async () => {
    const { sim, offer } = await clickedEphemeral({ replace_original: true, text: "Done: made it" });
    await eventually(() =>
      expect(sim.conversation("C0GENERAL", { as: "U0ALICE" }).map((m) => m.text)).toEqual(["Done: made it"]),
    );
    const [replaced] = sim.conversation("C0GENERAL", { as: "U0ALICE" });
    expect(replaced).toMatchObject({ ts: offer.ts, ephemeral: true, visibleTo: "U0ALICE" });
    expect(replaced?.blocks).toBeUndefined();
    expect(replaced?.editedAt).toBeDefined();
    expect(sim.conversation("C0GENERAL", { as: "U0BOB" })).toEqual([]);
  });

  it("deletes it with delete_original", async () => {
    const { sim } = await clickedEphemeral({ delete_original: true });
    await eventually(() => expect(sim.conversation("C0GENERAL", { as: "U0ALICE" })).toEqual([]));
  });

  it("leaves it and adds an ephemeral note with replace_original false", async () => {
    const { sim } = await clickedEphemeral({ replace_original: false, response_type: "ephemeral", text: "A note" });
    await eventually(() =>
      expect(sim.conversation("C0GENERAL", { as: "U0ALICE" }).map((m) => m.text)).toEqual(["Make it?", "A note"]),
    );
    expect(sim.conversation("C0GENERAL", { as: "U0BOB" })).toEqual([]);
  });
});

describe("the Home tab's hash", () => {
  const home = (text: string) => ({
    type: "home" as const,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text } },
      { type: "actions", elements: [{ type: "button", action_id: "go", text: { type: "plain_text", text: "Go" } }] },
    ],
  });

  it("is new on each publish, sent with a click on the Home, and a publish from a stale hash is refused", async () => {
    const seen: (string | undefined)[] = [];
    const published: string[] = [];
    const refused: string[] = [];
    harness = await startHarness((app) => {
      app.event("app_home_opened", async ({ event, client }) => {
        const first = await client.views.publish({ user_id: event.user, view: home("one") });
        published.push(first.view?.hash ?? "");
        const second = await client.views.publish({ user_id: event.user, view: home("two") });
        published.push(second.view?.hash ?? "");
        await client.views
          .publish({ user_id: event.user, view: home("three"), hash: first.view?.hash ?? "" })
          .catch((error: { data?: { error?: string } }) => refused.push(error.data?.error ?? ""));
      });
      app.action("go", async ({ ack, body }) => {
        await ack();
        seen.push((body as { view?: { hash?: string } }).view?.hash);
      });
    });
    const { sim } = harness;
    await sim.openHome("U0ALICE");
    await eventually(() => expect(refused).toEqual(["hash_conflict"]));
    expect(published[0]).not.toBe(published[1]);
    expect(JSON.stringify(sim.home("U0ALICE")?.blocks)).toContain("two");
    await sim.click({ user: "U0ALICE", viewId: "VHU0ALICE", actionId: "go" });
    await eventually(() => expect(seen).toEqual([published[1]]));
  });
});
