import { afterEach, describe, expect, it } from "vitest";
import { eventually, type Harness, startHarness } from "./support/bolt.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const modal = (notify: boolean) => ({
  type: "modal" as const,
  callback_id: "survey",
  notify_on_close: notify,
  title: { type: "plain_text" as const, text: "Survey" },
  close: { type: "plain_text" as const, text: "Cancel" },
  blocks: [{ type: "section", text: { type: "mrkdwn", text: "How was it?" } }],
});

/** A Bolt app that opens the modal on /studio and records every view_closed it gets. */
async function surveyApp(notify: boolean, closed: Array<{ id: string; cleared: boolean }>) {
  const started = await startHarness((app) => {
    app.command("/studio", async ({ ack, body, client }) => {
      await ack();
      await client.views.open({ trigger_id: body.trigger_id, view: modal(notify) });
    });
    app.view({ callback_id: "survey", type: "view_closed" }, async ({ ack, body }) => {
      await ack();
      closed.push({ id: body.view.id, cleared: "is_cleared" in body && body.is_cleared === true });
    });
  });
  await started.sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
  const view = await eventually(() => {
    const [open] = started.sim.views("U0ALICE");
    expect(open).toBeDefined();
    return open as NonNullable<typeof open>;
  });
  return { started, view };
}

describe("closing a modal", () => {
  it("closes the view and sends view_closed when the view set notify_on_close", async () => {
    const closed: Array<{ id: string; cleared: boolean }> = [];
    const { started, view } = await surveyApp(true, closed);
    harness = started;
    const result = await started.sim.closeView({ user: "U0ALICE", viewId: view.id });
    expect(result.closed).toEqual([view.id]);
    expect(result.delivery?.status).toBe(200);
    expect(started.sim.views("U0ALICE")).toEqual([]);
    await eventually(() => expect(closed).toEqual([{ id: view.id, cleared: false }]));
  });

  it("closes the view without telling the app when notify_on_close is not set", async () => {
    const closed: Array<{ id: string; cleared: boolean }> = [];
    const { started, view } = await surveyApp(false, closed);
    harness = started;
    const result = await started.sim.closeView({ user: "U0ALICE", viewId: view.id });
    expect(result).toEqual({ closed: [view.id] });
    expect(started.sim.views()).toEqual([]);
    expect(closed).toEqual([]);
  });

  it("refuses to close a view someone else has open, or one already closed", async () => {
    const { started, view } = await surveyApp(false, []);
    harness = started;
    await expect(started.sim.closeView({ user: "U0BOB", viewId: view.id })).rejects.toMatchObject({
      code: "view_not_found",
    });
    await started.sim.closeView({ user: "U0ALICE", viewId: view.id });
    await expect(started.sim.closeView({ user: "U0ALICE", viewId: view.id })).rejects.toMatchObject({
      code: "view_not_found",
    });
  });
});
