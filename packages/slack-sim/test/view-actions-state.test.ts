import type { BlockAction } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, type Harness, startHarness } from "./support/bolt.js";

// Since 2020 a block_actions from a view carries the full state of the view's inputs, as view_submission does
// (https://api.slack.com/changelog/2020-09-full-state-on-view-submisson-and-block-actions).

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const label = (text: string) => ({ type: "plain_text" as const, text });

const MODAL = {
  type: "modal" as const,
  callback_id: "draw",
  title: label("Draw"),
  submit: label("Draw"),
  blocks: [
    {
      type: "input",
      block_id: "prompt",
      label: label("Prompt"),
      element: { type: "plain_text_input", action_id: "p" },
    },
    {
      type: "input",
      block_id: "size",
      label: label("Size"),
      element: {
        type: "static_select",
        action_id: "s",
        options: [{ text: label("Large"), value: "l" }],
        initial_option: { text: label("Large"), value: "l" },
      },
    },
    {
      type: "actions",
      block_id: "tools",
      elements: [{ type: "button", action_id: "surprise", text: label("Surprise me") }],
    },
  ],
};

describe("block_actions from a modal", () => {
  it("carries every input's value at the time of the click, what was typed and what was preset", async () => {
    const clicks: BlockAction[] = [];
    const submitted: Record<string, unknown>[] = [];
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, body, client }) => {
        await ack();
        await client.views.open({ trigger_id: body.trigger_id, view: MODAL });
      });
      app.action("surprise", async ({ ack, body }) => {
        clicks.push(body as BlockAction);
        await ack();
      });
      app.view("draw", async ({ ack, view }) => {
        submitted.push(view.state.values);
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
    const viewId = modal?.id ?? "";
    await sim.click({ user: "U0ALICE", viewId, actionId: "surprise", values: { prompt: { p: { value: "a fox" } } } });
    const expected = {
      prompt: { p: { type: "plain_text_input", value: "a fox" } },
      size: { s: { type: "static_select", selected_option: { text: label("Large"), value: "l" } } },
    };
    await eventually(() => expect(clicks[0]?.view?.state.values).toEqual(expected));
    // What was typed before the click stays typed: the submission sends it without the test repeating it.
    await sim.submitView({ user: "U0ALICE", viewId });
    expect(submitted).toEqual([expected]);
  });

  it("refuses values with a click on a message, where no one types into a view", async () => {
    harness = await startHarness(() => {});
    const { sim } = harness;
    await harness.app.client.chat.postMessage({
      channel: "C0GENERAL",
      text: "pick",
      blocks: [{ type: "actions", elements: [{ type: "button", action_id: "go", text: label("Go") }] }],
    });
    const [message] = sim.conversation("C0GENERAL");
    await expect(
      sim.click({
        user: "U0ALICE",
        messageTs: message?.ts ?? "",
        actionId: "go",
        values: { a: { b: { value: "c" } } },
      }),
    ).rejects.toThrow(/give its viewId/);
  });
});
