import { afterEach, describe, expect, it } from "vitest";
import { deliveredEvent } from "../src/index.js";
import { eventually, type Harness, startHarness } from "./support/bolt.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const MODAL = {
  type: "modal" as const,
  callback_id: "prompt",
  title: { type: "plain_text" as const, text: "New image" },
  submit: { type: "plain_text" as const, text: "Generate" },
  blocks: [
    {
      type: "input",
      block_id: "prompt",
      label: { type: "plain_text" as const, text: "Prompt" },
      element: { type: "plain_text_input", action_id: "text" },
    },
  ],
};

describe("events and interactions through a real Bolt app", () => {
  it("answers a mention in the thread of the message that mentioned the bot", async () => {
    harness = await startHarness((app) => {
      app.event("app_mention", async ({ event, client }) => {
        await client.chat.postMessage({ channel: event.channel, thread_ts: event.ts, text: "On it" });
      });
    });
    const { sim } = harness;
    const sent = deliveredEvent(await sim.mention({ user: "U0ALICE", channel: "C0GENERAL", text: "draw a cat" }));
    expect(sent.status).toBe(200);
    expect(sent.eventId).toMatch(/^Ev/);

    const thread = await eventually(() => {
      const messages = sim.thread("C0GENERAL", sent.ts ?? "");
      expect(messages).toHaveLength(2);
      return messages;
    });
    expect(thread[1]).toMatchObject({ text: "On it", threadTs: sent.ts });
    expect(sim.conversation("C0GENERAL")).toHaveLength(1);
  });

  it("redelivers an event with Slack's retry headers, which Bolt exposes as retryNum", async () => {
    const seen: Array<number | undefined> = [];
    harness = await startHarness((app) => {
      app.event("app_mention", async ({ context }) => {
        seen.push(context.retryNum);
      });
    });
    const sent = deliveredEvent(await harness.sim.mention({ user: "U0ALICE", channel: "C0GENERAL", text: "hi" }));
    await harness.sim.redeliver(sent.eventId, { num: 1, reason: "http_timeout" });
    await eventually(() => expect(seen).toEqual([undefined, 1]));
  });

  it("delivers a button click to app.action and applies replace_original from respond()", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, command, client }) => {
        await ack();
        await client.chat.postMessage({
          channel: command.channel_id,
          text: "Pick one",
          blocks: [
            { type: "section", text: { type: "mrkdwn", text: "Pick one" } },
            {
              type: "actions",
              block_id: "choices",
              elements: [{ type: "button", action_id: "pick", text: { type: "plain_text", text: "A" }, value: "a" }],
            },
          ],
        });
      });
      app.action("pick", async ({ ack, action, respond }) => {
        await ack();
        await respond({ replace_original: true, text: `You picked ${"value" in action ? action.value : "?"}` });
      });
    });
    const { sim } = harness;
    await sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
    const [message] = await eventually(() => {
      const messages = sim.conversation("C0GENERAL");
      expect(messages).toHaveLength(1);
      return messages;
    });

    const click = await sim.click({ user: "U0ALICE", channel: "C0GENERAL", messageTs: message?.ts, actionId: "pick" });
    expect(click.status).toBe(200);
    await eventually(() => expect(sim.conversation("C0GENERAL")[0]).toMatchObject({ text: "You picked a" }));
    expect(sim.conversation("C0GENERAL")[0]?.editedAt).toBeDefined();
  });

  it("opens a modal with the command's trigger_id and closes it when the submission is acked", async () => {
    const submitted: string[] = [];
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, body, client }) => {
        await ack();
        await client.views.open({ trigger_id: body.trigger_id, view: MODAL });
      });
      app.view("prompt", async ({ ack, view }) => {
        submitted.push(view.state.values.prompt?.text?.value ?? "");
        await ack();
      });
    });
    const { sim } = harness;
    await sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
    const [modal] = await eventually(() => {
      const views = sim.views("U0ALICE");
      expect(views).toHaveLength(1);
      return views;
    });

    const result = await sim.submitView({
      user: "U0ALICE",
      viewId: modal?.id ?? "",
      values: { prompt: { text: { type: "plain_text_input", value: "a red fox" } } },
    });
    expect(result).toMatchObject({ status: 200, responseAction: "close" });
    expect(submitted).toEqual(["a red fox"]);
    expect(sim.views()).toEqual([]);
  });

  it("keeps a modal open when the submission answers with errors", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, body, client }) => {
        await ack();
        await client.views.open({ trigger_id: body.trigger_id, view: MODAL });
      });
      app.view("prompt", async ({ ack }) => {
        await ack({ response_action: "errors", errors: { prompt: "Say what to draw" } });
      });
    });
    const { sim } = harness;
    await sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
    const [modal] = await eventually(() => {
      const views = sim.views();
      expect(views).toHaveLength(1);
      return views;
    });
    // The prompt is required: Slack's client sends no submit with it empty (test/view-submission.test.ts).
    const result = await sim.submitView({
      user: "U0ALICE",
      viewId: modal?.id ?? "",
      values: { prompt: { text: { value: "ox" } } },
    });
    expect(result).toMatchObject({ responseAction: "errors", errors: { prompt: "Say what to draw" } });
    expect(sim.views()).toHaveLength(1);
  });

  it("publishes the Home tab when the user opens it", async () => {
    harness = await startHarness((app) => {
      app.event("app_home_opened", async ({ event, client }) => {
        await client.views.publish({
          user_id: event.user,
          view: { type: "home", blocks: [{ type: "section", text: { type: "mrkdwn", text: "Welcome" } }] },
        });
      });
    });
    await harness.sim.openHome("U0BOB");
    await eventually(() => expect(harness?.sim.home("U0BOB")?.blocks).toHaveLength(1));
  });
});
