// The bot in Socket Mode, end to end (issue 26, part 3): Bolt's SocketModeReceiver opens its connection through
// slack-sim's apps.connections.open (SLACK_API_URL reaches the socket client too: Bolt hands its clientOptions to
// it) and every command, event and interaction arrives as a Socket Mode envelope that the bot acks on the socket.
// https://docs.slack.dev/apis/events-api/using-socket-mode
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { REMIX_MODAL } from "../../src/messages/remix-modal.js";
import { actionIds, type Bot, blocksOf, buttonValue, eventually, headline, startBot } from "../e2e/harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
beforeEach(async () => {
  bot = await startBot({}, { socketMode: true });
});
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
type View = ReturnType<Bot["sim"]["views"]>[number];

const prompts = () => bot.requests.filter((r) => r.operation === "GenerateImage").map((r) => r.variables.prompt);
const isResult = (m: Shown) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate);
const unfinished = () => bot.app.store.jobs.unfinished();

/** Waits until no job is left running, then returns the result messages in the channel and `ts`'s thread. */
async function finishedResults(count: number, ts = ""): Promise<Shown[]> {
  return eventually(async () => {
    expect(await unfinished()).toEqual([]);
    const results = [...bot.sim.conversation(CHANNEL, { as: USER }), ...bot.sim.thread(CHANNEL, ts, { as: USER })]
      .filter(isResult)
      .filter((m, index, all) => all.findIndex((other) => other.ts === m.ts) === index);
    expect(results).toHaveLength(count);
    return results;
  });
}

/** Every envelope so far went over the socket and was acked once, on time. */
function expectAllAcked(types: string[]): void {
  const envelopes = bot.sim.socketMode.envelopes();
  expect(envelopes.map((e) => e.type)).toEqual(types);
  expect(envelopes.every((e) => e.status === "acked" && (e.retryAttempt ?? 0) === 0)).toBe(true);
}

/** What Slack sends for an untouched modal: every input's initial value, keyed by block and action. */
function untouched(view: View): Record<string, Record<string, Record<string, unknown>>> {
  type Element = { type: string; action_id: string; initial_value?: string; initial_option?: { value: string } };
  const values: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const block of view.view.blocks as { type: string; block_id?: string; element?: Element }[]) {
    const element = block.element;
    if (block.type !== "input" || !block.block_id || !element) continue;
    const state: Record<string, unknown> = { type: element.type };
    if (element.type === "plain_text_input") state.value = element.initial_value ?? null;
    else if (element.type === "multi_static_select") {
      const initial = (element as { initial_options?: { value: string }[] }).initial_options ?? [];
      state.selected_options = initial.map(({ value }) => ({ value }));
    } else state.selected_option = element.initial_option ? { value: element.initial_option.value } : null;
    values[block.block_id] = { [element.action_id]: state };
  }
  return values;
}

describe("the bot over Socket Mode", () => {
  it("/studio image: acked on the socket, then one result message with its image and buttons", async () => {
    expect(bot.sim.socketMode.connections()).toMatchObject([{ id: "L1", open: true }]);
    expect(bot.sim.calls("apps.connections.open")).toMatchObject([{ ok: true }]);
    expect(bot.healthUrl).toBeUndefined();

    const ack = await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a red fox on snow" });
    expect(ack.status).toBe(200);
    expect(bot.order[0]).toBe("ack");
    const [result] = await finishedResults(1);
    expect(result?.text).toBe("Image: a red fox on snow");
    expect(blocksOf(result, "image")).toHaveLength(1);
    expect(bot.sim.conversation(CHANNEL).filter((m) => m.fromBot)).toHaveLength(1);
    expect(prompts()).toEqual(["a red fox on snow"]);
    expectAllAcked(["slash_commands"]);
    const [envelope] = bot.sim.socketMode.envelopes();
    expect(envelope).toMatchObject({ acceptsResponsePayload: true, payload: { command: "/studio" } });
  });

  it("a mention: its result is one message in the mention's thread", async () => {
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> a lighthouse" });
    expect(mention).toMatchObject({ delivered: true, status: 200 });
    const [result] = await finishedResults(1, mention.ts);
    expect(result?.threadTs).toBe(mention.ts);
    expect(headline(result)).toBe("Image: a lighthouse");
    expect(prompts()).toEqual(["a lighthouse"]);
    expectAllAcked(["events_api"]);
  });

  it("a button on a result: Regenerate's block_actions runs a new job with the same prompt", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a harbour at night" });
    const [result] = await finishedResults(1);
    const click = await bot.sim.click({
      user: USER,
      channel: CHANNEL,
      messageTs: result?.ts ?? "",
      actionId: ACTIONS.regenerate,
      value: buttonValue(result, ACTIONS.regenerate),
    });
    expect(click.status).toBe(200);
    await finishedResults(2, result?.ts);
    expect(prompts()).toEqual(["a harbour at night", "a harbour at night"]);
    expectAllAcked(["slash_commands", "interactive"]);
  });

  it("a modal: Remix opens it from the button and its view_submission runs the job", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "image a fox in a field" });
    const [result] = await finishedResults(1);
    await bot.sim.click({
      user: USER,
      channel: CHANNEL,
      messageTs: result?.ts ?? "",
      actionId: ACTIONS.remix,
      value: buttonValue(result, ACTIONS.remix),
    });
    const modal = await eventually(() => {
      const [open] = bot.sim.views(USER);
      expect(open?.view.callback_id).toBe(REMIX_MODAL.callbackId);
      return open as View;
    });
    const submitted = await bot.sim.submitView({ user: USER, viewId: modal.id, values: untouched(modal) });
    // The ack's (empty) payload closed the modal, as an empty HTTP answer does.
    expect(submitted.responseAction).toBe("close");
    expect(bot.sim.views(USER)).toEqual([]);
    await finishedResults(2, result?.ts);
    expect(prompts()).toEqual(["a fox in a field", "a fox in a field"]);
    expectAllAcked(["slash_commands", "interactive", "interactive"]);
    expect(bot.sim.socketMode.envelopes()[2]).toMatchObject({
      acceptsResponsePayload: true,
      payload: { type: "view_submission" },
    });
  });

  it("an assistant thread: the person's message there gets one result in that thread", async () => {
    const {
      channel,
      threadTs,
      result: opened,
    } = await bot.sim.openAssistant({
      user: USER,
      context: { channelId: CHANNEL },
    });
    expect(opened.status).toBe(200);
    await bot.sim.assistantMessage({ user: USER, channel, threadTs, text: "a lighthouse at dusk" });
    const result = await eventually(async () => {
      expect(await unfinished()).toEqual([]);
      const images = bot.sim.thread(channel, threadTs, { as: USER }).filter((m) => blocksOf(m, "image").length > 0);
      expect(images).toHaveLength(1);
      return images[0];
    });
    expect(result?.threadTs).toBe(threadTs);
    expect(prompts()).toEqual(["a lighthouse at dusk"]);
    expect(bot.sim.socketMode.envelopes().map((e) => (e.payload.event as { type?: string } | undefined)?.type)).toEqual(
      ["assistant_thread_started", "message"],
    );
    expect(bot.sim.socketMode.envelopes().every((e) => e.status === "acked")).toBe(true);
  });
});
