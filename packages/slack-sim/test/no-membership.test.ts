import { afterEach, describe, expect, it } from "vitest";
import type { SlackSim } from "../src/index.js";
import { eventually, type Harness, startHarness } from "./support/bolt.js";
import { errorCodeOf } from "./support/web-api-errors.js";

// A channel the bot is not in (C0RANDOM), as Slack answers there. Each rule names the doc it follows.

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const CHANNEL = "C0RANDOM";
const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const fromBot = (sim: SlackSim, as: string) => sim.conversation(CHANNEL, { as }).filter((m) => m.fromBot);
const BUTTON = {
  type: "actions",
  elements: [{ type: "button", action_id: "go", text: { type: "plain_text", text: "Go" }, value: "v" }],
};

describe("the Web API in a channel the bot is not in", () => {
  // https://docs.slack.dev/reference/methods/chat.postMessage (Errors: not_in_channel), and the same error in the
  // references of chat.postEphemeral, chat.update and chat.delete.
  it("refuses chat.postMessage, chat.postEphemeral, chat.update and chat.delete with not_in_channel", async () => {
    harness = await startHarness(() => {});
    const { client } = harness.app;
    expect(await errorCodeOf(client.chat.postMessage({ channel: CHANNEL, text: "hi" }))).toBe("not_in_channel");
    expect(await errorCodeOf(client.chat.postEphemeral({ channel: CHANNEL, user: "U0ALICE", text: "hi" }))).toBe(
      "not_in_channel",
    );
    expect(await errorCodeOf(client.chat.update({ channel: CHANNEL, ts: "1.000001", text: "hi" }))).toBe(
      "not_in_channel",
    );
    expect(await errorCodeOf(client.chat.delete({ channel: CHANNEL, ts: "1.000001" }))).toBe("not_in_channel");
    expect(harness.sim.conversation(CHANNEL)).toHaveLength(0);
  });
});

describe("a slash command's response_url in a channel the bot is not in", () => {
  // https://docs.slack.dev/interactivity/implementing-slash-commands: a command's response_url answers the channel
  // it was typed in, ephemeral by default or in_channel, whether or not the app is a member.
  it("posts an ephemeral answer to the asker and an in_channel one to everyone", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack }) => {
        await ack();
      });
    });
    const { responseUrl } = await harness.sim.command({ user: "U0ALICE", channel: CHANNEL });
    expect((await post(responseUrl, { text: "only you" })).status).toBe(200);
    expect((await post(responseUrl, { text: "everyone", response_type: "in_channel" })).status).toBe(200);
    expect(fromBot(harness.sim, "U0BOB").map((m) => m.text)).toEqual(["everyone"]);
    expect(fromBot(harness.sim, "U0ALICE").map((m) => m.text)).toEqual(["only you", "everyone"]);
  });

  // The docs name an "original message" for replace_original and delete_original only for a click on a message
  // (https://docs.slack.dev/messaging/modifying-messages); a command has none. The sim does not guess one: a
  // reply asking to replace is a new message, and delete_original deletes nothing, so an app cannot depend on it.
  it("has no original message: replace_original posts anew and delete_original deletes nothing", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack }) => {
        await ack();
      });
    });
    const { responseUrl } = await harness.sim.command({ user: "U0ALICE", channel: CHANNEL });
    await post(responseUrl, { text: "progress", response_type: "in_channel" });
    await post(responseUrl, { text: "result", response_type: "in_channel", replace_original: true });
    await post(responseUrl, { delete_original: true });
    expect(fromBot(harness.sim, "U0BOB").map((m) => m.text)).toEqual(["progress", "result"]);
  });
});

describe("a click's response_url in a channel the bot is not in", () => {
  // https://docs.slack.dev/messaging/modifying-messages (Updating messages using response_url): a click's
  // response_url can publish a new message, replace the message clicked (replace_original) or delete it
  // (delete_original), where the Web API could not.
  async function clickedMessage(answer: Record<string, unknown>) {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, respond }) => {
        await ack();
        await respond({ response_type: "in_channel", text: "a result", blocks: [BUTTON] as never });
      });
      app.action("go", async ({ ack, respond }) => {
        await ack();
        await respond(answer as never);
      });
    });
    const sim = harness.sim;
    await sim.command({ user: "U0ALICE", channel: CHANNEL });
    const result = await eventually(() => {
      const [found] = fromBot(sim, "U0BOB");
      expect(found).toBeDefined();
      return found as NonNullable<typeof found>;
    });
    await sim.click({ user: "U0ALICE", channel: CHANNEL, messageTs: result.ts, actionId: "go" });
    return { sim, result };
  }

  it("replaces the message clicked with replace_original", async () => {
    const { sim, result } = await clickedMessage({ replace_original: true, text: "replaced" });
    await eventually(() => expect(fromBot(sim, "U0BOB").map((m) => m.text)).toEqual(["replaced"]));
    expect(fromBot(sim, "U0BOB")[0]?.ts).toBe(result.ts);
  });

  it("deletes the message clicked with delete_original", async () => {
    const { sim } = await clickedMessage({ delete_original: true });
    await eventually(() => expect(fromBot(sim, "U0BOB")).toHaveLength(0));
  });

  it("posts a new in_channel message with replace_original false, leaving the one clicked", async () => {
    const { sim } = await clickedMessage({ replace_original: false, response_type: "in_channel", text: "another" });
    await eventually(() => expect(fromBot(sim, "U0BOB").map((m) => m.text)).toEqual(["a result", "another"]));
  });
});
