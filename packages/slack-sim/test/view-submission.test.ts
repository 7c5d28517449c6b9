import type { ViewSubmitAction } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import type { SlackSim } from "../src/index.js";
import { eventually, type Harness, startHarness } from "./support/bolt.js";

// A submission is checked as Slack's client checks it, and carries the state of every input block
// (https://docs.slack.dev/reference/block-kit/blocks/input-block), with a response_url for each conversation picked in
// a select with `response_url_enabled` (https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload).

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const label = (text: string) => ({ type: "plain_text" as const, text });

const FORM = {
  type: "modal" as const,
  callback_id: "form",
  title: label("Share"),
  submit: label("Share"),
  blocks: [
    { type: "input", block_id: "title", label: label("Title"), element: { type: "plain_text_input", action_id: "t" } },
    {
      type: "input",
      block_id: "note",
      optional: true,
      label: label("Note"),
      element: { type: "plain_text_input", action_id: "n" },
    },
    {
      type: "input",
      block_id: "where",
      label: label("Post to"),
      element: { type: "conversations_select", action_id: "c", response_url_enabled: true },
    },
  ],
};

/** Starts an app that opens FORM on /studio and keeps every view_submission body it is sent. */
async function openForm() {
  const submitted: ViewSubmitAction[] = [];
  harness = await startHarness((app) => {
    app.command("/studio", async ({ ack: done, body, client }) => {
      await done();
      await client.views.open({ trigger_id: body.trigger_id, view: FORM });
    });
    app.view("form", async ({ ack: done, body }) => {
      submitted.push(body as ViewSubmitAction);
      await done();
    });
  });
  const { sim } = harness;
  await sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
  const [modal] = await eventually(() => {
    const views = sim.views("U0ALICE");
    expect(views).toHaveLength(1);
    return views;
  });
  return { sim: sim as SlackSim, viewId: modal?.id ?? "", submitted };
}

const typed = (title: string, channel: string) => ({
  title: { t: { type: "plain_text_input", value: title } },
  where: { c: { type: "conversations_select", selected_conversation: channel } },
});

describe("view_submission, as Slack's client sends it", () => {
  it("refuses a submit with a required input left empty: the view shows the error, the app gets nothing", async () => {
    const { sim, viewId, submitted } = await openForm();
    const result = await sim.submitView({
      user: "U0ALICE",
      viewId,
      values: { where: { c: { selected_conversation: "C0GENERAL" } } },
    });
    expect(result).toMatchObject({
      sent: false,
      responseAction: "errors",
      errors: { title: "This field is required" },
    });
    expect(sim.views("U0ALICE")).toMatchObject([{ id: viewId, errors: { title: "This field is required" } }]);
    expect(submitted).toEqual([]);
  });

  it("sends the state of every input block, an optional one left empty as null", async () => {
    const { sim, viewId, submitted } = await openForm();
    const result = await sim.submitView({ user: "U0ALICE", viewId, values: typed("Foxes", "C0GENERAL") });
    expect(result).toMatchObject({ status: 200, responseAction: "close" });
    expect(submitted[0]?.view.state.values).toEqual({
      title: { t: { type: "plain_text_input", value: "Foxes" } },
      note: { n: { type: "plain_text_input", value: null } },
      where: { c: { type: "conversations_select", selected_conversation: "C0GENERAL" } },
    });
  });

  it("refuses values for a block or an action the view has no input for (a test error)", async () => {
    const { sim, viewId, submitted } = await openForm();
    await expect(
      sim.submitView({
        user: "U0ALICE",
        viewId,
        values: { ...typed("Foxes", "C0GENERAL"), titel: { t: { value: "x" } } },
      }),
    ).rejects.toThrow(/no input with block_id titel/);
    await expect(
      sim.submitView({ user: "U0ALICE", viewId, values: { title: { text: { value: "x" } } } }),
    ).rejects.toThrow(/no input with block_id title and action_id text/);
    await expect(
      sim.submitView({ user: "U0ALICE", viewId, values: { title: { t: { type: "static_select" } } } }),
    ).rejects.toThrow(/plain_text_input, not a static_select/);
    expect(submitted).toEqual([]);
  });

  it("sends a response_url for the conversation picked in a select with response_url_enabled", async () => {
    const { sim, viewId, submitted } = await openForm();
    await sim.submitView({ user: "U0ALICE", viewId, values: typed("Foxes", "C0GENERAL") });
    expect(submitted[0]?.response_urls).toEqual([
      {
        block_id: "where",
        action_id: "c",
        channel_id: "C0GENERAL",
        response_url: expect.stringMatching(/\/response\//),
      },
    ]);
    const posted = await fetch(submitted[0]?.response_urls?.[0]?.response_url ?? "", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ response_type: "in_channel", text: "Foxes, shared" }),
    });
    expect(posted.status).toBe(200);
    expect(sim.conversation("C0GENERAL").map((message) => message.text)).toContain("Foxes, shared");
  });
});
