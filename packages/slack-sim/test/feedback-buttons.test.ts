// Slack's feedback buttons (https://docs.slack.dev/reference/block-kit/block-elements/feedback-buttons-element) live
// only in a context_actions block of 1 to 5 elements (https://docs.slack.dev/reference/block-kit/blocks/context-actions-block);
// a click sends block_actions carrying the clicked button's own value and text
// (https://docs.slack.dev/tools/bolt-js/reference/interfaces/FeedbackButtonsAction).
import { describe, expect, it } from "vitest";
import { validateMessage } from "../src/index.js";
import { startHarness } from "./support/bolt.js";

const side = (text: string, value: string, extra: object = {}) => ({
  text: { type: "plain_text", text },
  value,
  ...extra,
});
const feedback = (extra: object = {}) => ({
  type: "feedback_buttons",
  action_id: "rate",
  positive_button: side("Good", "up"),
  negative_button: side("Bad", "down"),
  ...extra,
});
const row = (...elements: object[]) => [{ type: "context_actions", elements }];

describe("feedback buttons in slack-sim", () => {
  it("accepts a feedback pair in a context_actions block", () => {
    expect(validateMessage(row(feedback()), "t")).toEqual({ ok: true });
  });

  it("refuses what Slack refuses: outside context_actions, more than 5 elements, none, a missing or long part", () => {
    const refused = [
      [{ type: "actions", elements: [feedback()] }],
      row(...Array.from({ length: 6 }, () => feedback())),
      row(),
      row({ type: "button", text: { type: "plain_text", text: "B" }, action_id: "b" }),
      row(feedback({ negative_button: undefined })),
      row(feedback({ positive_button: side("x".repeat(76), "up") })),
      row(feedback({ positive_button: side("Good", "v".repeat(2001)) })),
      row(feedback({ positive_button: { text: { type: "mrkdwn", text: "*Good*" }, value: "up" } })),
      row(feedback({ positive_button: side("Good", "up", { accessibility_label: "l".repeat(76) }) })),
    ];
    for (const blocks of refused) {
      expect(validateMessage(blocks, "t"), JSON.stringify(blocks)).toMatchObject({
        ok: false,
        error: "invalid_blocks",
      });
    }
  });

  it("sends a click as block_actions with the clicked button's value and text, and refuses a value of neither", async () => {
    const seen: unknown[] = [];
    const harness = await startHarness((app) => {
      app.action("rate", async ({ ack, action }) => {
        await ack();
        seen.push(action);
      });
    });
    try {
      const { sim } = harness;
      const posted = await harness.app.client.chat.postMessage({
        channel: "C0GENERAL",
        text: "A result",
        blocks: row(feedback()) as never,
      });
      const messageTs = posted.ts ?? "";
      await sim.click({ user: "U0ALICE", channel: "C0GENERAL", messageTs, actionId: "rate", value: "down" });
      expect(seen).toEqual([
        expect.objectContaining({
          type: "feedback_buttons",
          action_id: "rate",
          value: "down",
          text: side("Bad", "down").text,
        }),
      ]);
      await expect(
        sim.click({ user: "U0ALICE", channel: "C0GENERAL", messageTs, actionId: "rate", value: "sideways" }),
      ).rejects.toThrow(/positive or negative/);
    } finally {
      await harness.close();
    }
  });

  it("shows each person the button they clicked last as chosen, as Slack's client does, and tells the app nothing of it", async () => {
    const seen: unknown[] = [];
    const harness = await startHarness((app) => {
      app.action("rate", async ({ ack, body }) => {
        await ack();
        seen.push(body);
      });
    });
    try {
      const { sim } = harness;
      const posted = await harness.app.client.chat.postMessage({
        channel: "C0GENERAL",
        text: "A result",
        blocks: row(feedback()) as never,
      });
      const messageTs = posted.ts ?? "";
      const chosen = () => sim.conversation("C0GENERAL").find((m) => m.ts === messageTs)?.chosenFeedback;
      expect(chosen()).toBeUndefined();
      const click = (user: string, value: string) =>
        sim.click({ user, channel: "C0GENERAL", messageTs, actionId: "rate", value });
      await click("U0ALICE", "up");
      await click("U0BOB", "down");
      expect(chosen()).toEqual({ U0ALICE: { rate: "positive" }, U0BOB: { rate: "negative" } });
      await click("U0ALICE", "down"); // Alice changes her mind
      await click("U0BOB", "down"); // Bob clicks his again: it stays chosen, and the app hears of it again
      expect(chosen()).toEqual({ U0ALICE: { rate: "negative" }, U0BOB: { rate: "negative" } });
      expect(seen).toHaveLength(4);
      // The payload's message is the message as posted: Slack sends no chosen state.
      expect(JSON.stringify(seen)).not.toContain("chosen");
    } finally {
      await harness.close();
    }
  });
});
