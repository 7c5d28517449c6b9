// Every kind of delivery the sim makes, run against the same Bolt listeners over HTTP and over Socket Mode: the
// person must see the same thing either way, because Slack applies a Socket Mode ack's `payload` as it applies an
// HTTP response body (https://docs.slack.dev/apis/events-api/using-socket-mode, "Acknowledging events").
import type { App } from "@slack/bolt";
import { afterEach, describe, expect, it } from "vitest";
import type { SlackSim } from "../src/index.js";
import { eventually, startHarness } from "./support/bolt.js";
import { startSocketHarness } from "./support/socket.js";

const MODAL = {
  type: "modal" as const,
  callback_id: "prompt",
  title: { type: "plain_text" as const, text: "New image" },
  submit: { type: "plain_text" as const, text: "Generate" },
  notify_on_close: true,
  blocks: [
    {
      type: "input",
      block_id: "prompt",
      label: { type: "plain_text" as const, text: "Prompt" },
      element: { type: "plain_text_input", action_id: "text" },
    },
    {
      type: "input",
      block_id: "board",
      label: { type: "plain_text" as const, text: "Board" },
      element: { type: "external_select", action_id: "board_search", min_query_length: 1 },
    },
  ],
};

const PICK = {
  type: "actions",
  block_id: "choices",
  elements: [{ type: "button", action_id: "pick", text: { type: "plain_text", text: "A" }, value: "a" }],
};

/** The listeners every test here runs against, over either transport. */
function register(app: App, closed: string[], events: string[]): void {
  app.message(async ({ message }) => {
    events.push(`message:${"text" in message ? message.text : ""}`);
  });
  app.event("app_home_opened", async ({ event }) => {
    events.push(`app_home_opened:${event.user}`);
  });
  app.command("/studio", async ({ ack, command, client }) => {
    if (command.text === "modal") {
      await ack();
      await client.views.open({ trigger_id: command.trigger_id, view: MODAL });
    } else if (command.text === "buttons") {
      await ack();
      await client.chat.postMessage({ channel: command.channel_id, text: "Pick one", blocks: [PICK] });
    } else if (command.text === "loud") {
      await ack({ response_type: "in_channel", text: `Everyone sees: ${command.text}` });
    } else {
      await ack(`Only you see: ${command.text}`);
    }
  });
  app.action("pick", async ({ ack, respond }) => {
    await ack();
    await respond({ replace_original: true, text: "You picked a" });
  });
  app.options("board_search", async ({ ack, payload }) => {
    await ack({ options: [{ text: { type: "plain_text", text: `Board ${payload.value}` }, value: "B1" }] });
  });
  app.view("prompt", async ({ ack, view }) => {
    const prompt = view.state.values.prompt?.text?.value ?? "";
    if (prompt.length < 3) await ack({ response_action: "errors", errors: { prompt: "Say a bit more" } });
    else await ack();
  });
  app.view({ callback_id: "prompt", type: "view_closed" }, async ({ ack, view }) => {
    await ack();
    closed.push(view.id);
  });
}

const TRANSPORTS = [
  { name: "HTTP", start: startHarness },
  { name: "Socket Mode", start: startSocketHarness },
] as const;

describe.each(TRANSPORTS)("every delivery over $name", ({ start }) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });
  const closed: string[] = [];
  const events: string[] = [];
  const started = async (): Promise<SlackSim> => {
    closed.length = 0;
    events.length = 0;
    const harness = await start((app) => register(app, closed, events));
    close = harness.close;
    return harness.sim;
  };
  const user = "U0ALICE";
  const channel = "C0GENERAL";

  it("shows a slash command's ack text to the person alone, and an in_channel ack to everyone", async () => {
    const sim = await started();
    const quiet = await sim.command({ user, channel, text: "hello" });
    expect(quiet.status).toBe(200);
    const loud = await sim.command({ user, channel, text: "loud" });
    expect(loud.status).toBe(200);
    const shown = sim.conversation(channel, { as: user }).map((m) => [m.text, m.ephemeral, m.visibleTo]);
    expect(shown).toEqual([
      ["Only you see: hello", true, user],
      ["Everyone sees: loud", false, undefined],
    ]);
    expect(sim.conversation(channel, { as: "U0BOB" }).map((m) => m.text)).toEqual(["Everyone sees: loud"]);
  });

  it("delivers a button click (block_actions) and its respond() replaces the message", async () => {
    const sim = await started();
    await sim.command({ user, channel, text: "buttons" });
    const message = await eventually(() => {
      const [found] = sim.conversation(channel);
      expect(found?.text).toBe("Pick one");
      return found;
    });
    const click = await sim.click({ user, channel, messageTs: message?.ts ?? "", actionId: "pick" });
    expect(click.status).toBe(200);
    await eventually(() => expect(sim.conversation(channel).map((m) => m.text)).toEqual(["You picked a"]));
  });

  it("applies a view_submission's response_action, answers an options load, and sends view_closed", async () => {
    const sim = await started();
    await sim.command({ user, channel, text: "modal" });
    const view = await eventually(() => {
      const [open] = sim.views(user);
      expect(open?.view.callback_id).toBe("prompt");
      return open;
    });
    const viewId = view?.id ?? "";
    const suggested = await sim.suggest({ user, viewId, actionId: "board_search", value: "moo" });
    expect(suggested.options).toEqual([{ text: "Board moo", value: "B1" }]);
    // The board is a required input: Slack's client would not send a submit without it.
    const board = {
      board_search: { selected_option: { text: { type: "plain_text", text: "Board moo" }, value: "B1" } },
    };
    const refused = await sim.submitView({ user, viewId, values: { prompt: { text: { value: "ox" } }, board } });
    expect(refused).toMatchObject({ responseAction: "errors", errors: { prompt: "Say a bit more" } });
    expect(sim.views(user).map((v) => v.id)).toEqual([viewId]);
    const shut = await sim.closeView({ user, viewId });
    expect(shut.delivery?.status).toBe(200);
    await eventually(() => expect(closed).toEqual([viewId]));
    expect(sim.views(user)).toEqual([]);
  });

  it("sends a message event and app_home_opened to their listeners", async () => {
    const sim = await started();
    expect(await sim.message({ user, channel: sim.dm(user), text: "hi there" })).toMatchObject({ status: 200 });
    expect((await sim.openHome(user)).status).toBe(200);
    await eventually(() => expect(events).toEqual(["message:hi there", `app_home_opened:${user}`]));
  });
});
