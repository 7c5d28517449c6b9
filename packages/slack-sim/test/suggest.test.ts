import { afterEach, describe, expect, it } from "vitest";
import { eventually, type Harness, startHarness } from "./support/bolt.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const PICKER = {
  type: "modal" as const,
  callback_id: "picker",
  title: { type: "plain_text" as const, text: "Pick a board" },
  submit: { type: "plain_text" as const, text: "Pick" },
  blocks: [
    {
      type: "input",
      block_id: "board",
      label: { type: "plain_text" as const, text: "Board" },
      element: { type: "external_select", action_id: "board_search", min_query_length: 1 },
    },
    {
      type: "input",
      block_id: "size",
      label: { type: "plain_text" as const, text: "Size" },
      element: {
        type: "static_select",
        action_id: "size",
        options: [{ text: { type: "plain_text" as const, text: "Large" }, value: "l" }],
      },
    },
  ],
};

const BOARDS = ["Spring launch", "Summer sale", "Autumn look"];

/** A Bolt app that opens the picker on /studio and answers the external select from a list of board titles. */
function pickerApp(typed: string[]) {
  return startHarness((app) => {
    app.command("/studio", async ({ ack, body, client }) => {
      await ack();
      await client.views.open({ trigger_id: body.trigger_id, view: PICKER });
    });
    app.options("board_search", async ({ ack, payload }) => {
      typed.push(payload.value);
      const matches = BOARDS.filter((title) => title.toLowerCase().includes(payload.value.toLowerCase()));
      await ack({ options: matches.map((title) => ({ text: { type: "plain_text", text: title }, value: title })) });
    });
  });
}

async function openPicker(h: Harness) {
  await h.sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
  return eventually(() => {
    const [view] = h.sim.views("U0ALICE");
    expect(view).toBeDefined();
    return view as NonNullable<typeof view>;
  });
}

describe("external selects", () => {
  it("sends block_suggestion to app.options and answers the options it acked", async () => {
    const typed: string[] = [];
    harness = await pickerApp(typed);
    const view = await openPicker(harness);
    const result = await harness.sim.suggest({
      user: "U0ALICE",
      viewId: view.id,
      actionId: "board_search",
      value: "su",
    });
    expect(result.delivery?.status).toBe(200);
    expect(result.options).toEqual([{ text: "Summer sale", value: "Summer sale" }]);
    expect(typed).toEqual(["su"]);
  });

  it("flattens option_groups into one list", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, body, client }) => {
        await ack();
        await client.views.open({ trigger_id: body.trigger_id, view: PICKER });
      });
      app.options("board_search", async ({ ack }) => {
        const option = (text: string) => ({ text: { type: "plain_text" as const, text }, value: text });
        await ack({
          option_groups: [
            { label: { type: "plain_text", text: "Mine" }, options: [option("A")] },
            { label: { type: "plain_text", text: "Team" }, options: [option("B"), option("C")] },
          ],
        });
      });
    });
    const view = await openPicker(harness);
    const result = await harness.sim.suggest({
      user: "U0ALICE",
      viewId: view.id,
      actionId: "board_search",
      value: "x",
    });
    expect(result.options.map((option) => option.value)).toEqual(["A", "B", "C"]);
  });

  it("asks the app nothing while fewer characters than min_query_length are typed", async () => {
    const typed: string[] = [];
    harness = await pickerApp(typed);
    const view = await openPicker(harness);
    const result = await harness.sim.suggest({ user: "U0ALICE", viewId: view.id, actionId: "board_search", value: "" });
    expect(result).toEqual({ options: [] });
    expect(typed).toEqual([]);
  });

  it("refuses a suggestion for an element that is not an external select", async () => {
    harness = await pickerApp([]);
    const view = await openPicker(harness);
    await expect(
      harness.sim.suggest({ user: "U0ALICE", viewId: view.id, actionId: "size", value: "l" }),
    ).rejects.toMatchObject({
      code: "invalid_options",
    });
    await expect(harness.sim.suggest({ user: "U0ALICE", viewId: view.id, actionId: "nope" })).rejects.toMatchObject({
      code: "action_not_found",
    });
  });

  it("sends the picked option of a select as selected_option in block_actions", async () => {
    const picked: unknown[] = [];
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, body, client }) => {
        await ack();
        await client.views.open({ trigger_id: body.trigger_id, view: PICKER });
      });
      app.action("size", async ({ ack, action }) => {
        await ack();
        picked.push("selected_option" in action ? action.selected_option : undefined);
      });
    });
    const view = await openPicker(harness);
    await harness.sim.click({
      user: "U0ALICE",
      viewId: view.id,
      actionId: "size",
      selectedOption: { text: "Large", value: "l" },
    });
    await eventually(() =>
      expect(picked).toEqual([{ text: { type: "plain_text", text: "Large", emoji: true }, value: "l" }]),
    );
  });
});
