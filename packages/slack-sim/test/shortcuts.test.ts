// Global and message shortcuts against a real Bolt app, over HTTP and Socket Mode. Payloads as Slack documents them:
// https://api.slack.com/reference/interaction-payloads/shortcuts; a shortcut's trigger_id opens a modal and only the
// app's declared shortcuts (manifest features.shortcuts) are in Slack's menus:
// https://docs.slack.dev/interactivity/implementing-shortcuts
import type { App, GlobalShortcut, MessageShortcut } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import { createSlackSim, type ManifestShortcut, type SlackSim, SlackSimError } from "../src/index.js";
import { BOT_TOKEN, eventually, SIGNING_SECRET, startHarness } from "./support/bolt.js";
import { startSocketHarness } from "./support/socket.js";

const SHORTCUTS: ManifestShortcut[] = [
  { name: "New task", type: "global", callback_id: "new_task", description: "Create a task" },
  { name: "Make a task of it", type: "message", callback_id: "task_from_message", description: "From this message" },
];

const TASK_MODAL = {
  type: "modal" as const,
  callback_id: "task",
  title: { type: "plain_text" as const, text: "New task" },
  submit: { type: "plain_text" as const, text: "Create" },
  blocks: [
    {
      type: "input",
      block_id: "title",
      label: { type: "plain_text" as const, text: "Title" },
      element: { type: "plain_text_input", action_id: "text" },
    },
  ],
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** The app every test here runs, over either transport: what it received, in order. */
function register(app: App, received: Array<GlobalShortcut | MessageShortcut>): void {
  app.shortcut<GlobalShortcut>("new_task", async ({ ack, shortcut, client }) => {
    await ack();
    received.push(shortcut);
    await client.views.open({ trigger_id: shortcut.trigger_id, view: TASK_MODAL });
  });
  app.shortcut<MessageShortcut>("task_from_message", async ({ ack, shortcut, respond }) => {
    await ack();
    received.push(shortcut);
    await respond({ response_type: "ephemeral", text: `Task made from: ${shortcut.message.text}` });
  });
}

const transports = [
  ["HTTP", startHarness],
  ["Socket Mode", startSocketHarness],
] as const;

describe.each(transports)("shortcuts over %s", (_name, start) => {
  async function started(): Promise<{ sim: SlackSim; received: Array<GlobalShortcut | MessageShortcut> }> {
    const received: Array<GlobalShortcut | MessageShortcut> = [];
    const harness = await start((app) => register(app, received), { shortcuts: SHORTCUTS });
    close = harness.close;
    return { sim: harness.sim, received };
  }

  it("a global shortcut reaches app.shortcut with Slack's fields, and its trigger_id opens the app's modal", async () => {
    const { sim, received } = await started();
    const result = await sim.shortcut({ user: "U0ALICE", callbackId: "new_task" });
    expect(result.status).toBe(200);

    const [view] = await eventually(() => {
      const open = sim.views("U0ALICE");
      expect(open).toHaveLength(1);
      return open;
    });
    expect(view?.view.title).toEqual({ type: "plain_text", text: "New task" });
    expect(received[0]).toMatchObject({
      type: "shortcut",
      callback_id: "new_task",
      trigger_id: result.triggerId,
      user: { id: "U0ALICE", username: "alice", team_id: expect.any(String) },
      team: { id: expect.any(String), domain: expect.any(String) },
      token: expect.any(String),
      action_ts: expect.stringMatching(/^\d+\.\d+$/),
    });
    // A global shortcut is made away from any message: none of a message shortcut's fields.
    expect(received[0]).not.toHaveProperty("channel");
    expect(received[0]).not.toHaveProperty("response_url");
  });

  it("a message shortcut carries the message, its channel and a response_url the app answers the person with", async () => {
    const { sim, received } = await started();
    const posted = await sim.message({ user: "U0BOB", channel: "C0GENERAL", text: "ship the fox poster" });
    const result = await sim.messageShortcut({
      user: "U0ALICE",
      channel: "C0GENERAL",
      messageTs: posted.ts,
      callbackId: "task_from_message",
    });
    expect(result.status).toBe(200);

    const reply = await eventually(() => {
      const seen = sim.conversation("C0GENERAL", { as: "U0ALICE" }).filter((m) => m.fromBot);
      expect(seen).toHaveLength(1);
      return seen[0];
    });
    expect(reply).toMatchObject({ text: "Task made from: ship the fox poster", ephemeral: true, visibleTo: "U0ALICE" });
    expect(sim.conversation("C0GENERAL", { as: "U0BOB" }).filter((m) => m.fromBot)).toEqual([]);
    expect(received[0]).toMatchObject({
      type: "message_action",
      callback_id: "task_from_message",
      trigger_id: result.triggerId,
      response_url: result.responseUrl,
      message_ts: posted.ts,
      channel: { id: "C0GENERAL", name: "general" },
      message: { type: "message", user: "U0BOB", ts: posted.ts, text: "ship the fox poster" },
      user: { id: "U0ALICE" },
    });
  });

  it("refuses a shortcut the app does not declare, and one run from the wrong menu, sending the app nothing", async () => {
    const { sim, received } = await started();
    const posted = await sim.message({ user: "U0BOB", channel: "C0GENERAL", text: "hello" });
    const undeclared = sim.shortcut({ user: "U0ALICE", callbackId: "delete_everything" });
    await expect(undeclared).rejects.toThrow(SlackSimError);
    await expect(undeclared).rejects.toMatchObject({ code: "shortcut_not_found" });
    await expect(
      sim.messageShortcut({ user: "U0ALICE", channel: "C0GENERAL", messageTs: posted.ts, callbackId: "new_task" }),
    ).rejects.toMatchObject({ code: "shortcut_not_found" });
    await expect(sim.shortcut({ user: "U0ALICE", callbackId: "task_from_message" })).rejects.toMatchObject({
      code: "shortcut_not_found",
    });
    expect(received).toEqual([]);
  });
});

describe("shortcut declarations", () => {
  it("a message shortcut works on a message in a channel the app is not in (the docs set no membership rule)", async () => {
    const received: Array<GlobalShortcut | MessageShortcut> = [];
    const harness = await startHarness((app) => register(app, received), { shortcuts: SHORTCUTS });
    close = harness.close;
    const { sim } = harness;
    const posted = await sim.message({ user: "U0BOB", channel: "C0RANDOM", text: "in random" });
    expect(posted.delivered).toBe(false);
    await sim.messageShortcut({
      user: "U0ALICE",
      channel: "C0RANDOM",
      messageTs: posted.ts,
      callbackId: "task_from_message",
    });
    await eventually(() =>
      expect(sim.conversation("C0RANDOM", { as: "U0ALICE" }).map((m) => m.text)).toContain("Task made from: in random"),
    );
  });

  it("refuses a shortcut on a message that is not in the channel named, sending the app nothing", async () => {
    const received: Array<GlobalShortcut | MessageShortcut> = [];
    const harness = await startHarness((app) => register(app, received), { shortcuts: SHORTCUTS });
    close = harness.close;
    const { sim } = harness;
    // Delivered, so Bolt has finished starting (its auth.test) before the test ends.
    const posted = await sim.message({ user: "U0BOB", channel: "C0GENERAL", text: "in general" });
    expect(posted.delivered).toBe(true);
    for (const [channel, messageTs] of [
      ["C0RANDOM", posted.ts],
      ["C0GENERAL", "1.000001"],
    ] as const) {
      await expect(
        sim.messageShortcut({ user: "U0ALICE", channel, messageTs, callbackId: "task_from_message" }),
      ).rejects.toMatchObject({ code: "message_not_found" });
    }
    expect(received).toEqual([]);
  });

  it("lists the declared shortcuts and refuses a declaration without the manifest's fields", () => {
    const options = { signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: "http://127.0.0.1:1/slack/events" };
    expect(createSlackSim({ ...options, shortcuts: SHORTCUTS }).shortcuts()).toEqual(SHORTCUTS);
    expect(createSlackSim(options).shortcuts()).toEqual([]);
    const noDescription = [{ name: "x", type: "global", callback_id: "x" }] as unknown as ManifestShortcut[];
    expect(() => createSlackSim({ ...options, shortcuts: noDescription })).toThrow(/description/);
    const badType = [
      { name: "x", type: "channel", callback_id: "x", description: "d" },
    ] as unknown as ManifestShortcut[];
    expect(() => createSlackSim({ ...options, shortcuts: badType })).toThrow(/global or message/);
  });
});
