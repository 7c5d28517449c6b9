import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackSim, type SlackSim } from "../src/index.js";
import { BOT_TOKEN, eventually, type Harness, SIGNING_SECRET, startHarness } from "./support/bolt.js";

let sim: SlackSim;
let client: webApi.WebClient;
const clientFor = (token: string) =>
  new webApi.WebClient(token, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true });

beforeEach(async () => {
  sim = createSlackSim({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: "http://127.0.0.1:9/unused" });
  await sim.start();
  client = clientFor(BOT_TOKEN);
});
afterEach(() => sim.close());

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; data?: { error?: string }; retryAfter?: number }) => error,
  );

describe("the Web API", () => {
  it("answers auth.test with the bot's identity and refuses another token with invalid_auth", async () => {
    await expect(client.auth.test()).resolves.toMatchObject({ ok: true, user_id: "U0SIMBOT1", bot_id: "B0SIM0001" });
    const error = await errorOf(clientFor("xoxb-wrong").auth.test());
    expect(error?.data?.error).toBe("invalid_auth");
  });

  it("answers not_in_channel when the bot posts to a channel it is not in, until it joins", async () => {
    expect((await errorOf(client.chat.postMessage({ channel: "C0RANDOM", text: "hi" })))?.data?.error).toBe(
      "not_in_channel",
    );
    await client.conversations.join({ channel: "C0RANDOM" });
    await expect(client.chat.postMessage({ channel: "C0RANDOM", text: "hi" })).resolves.toMatchObject({ ok: true });
  });

  it("answers an injected error once, then works again", async () => {
    sim.failNext("chat.postMessage", { error: "not_in_channel" });
    expect((await errorOf(client.chat.postMessage({ channel: "C0GENERAL", text: "a" })))?.data?.error).toBe(
      "not_in_channel",
    );
    await expect(client.chat.postMessage({ channel: "C0GENERAL", text: "b" })).resolves.toMatchObject({ ok: true });
    expect(sim.conversation("C0GENERAL").map((m) => m.text)).toEqual(["b"]);
  });

  it("answers an injected error with `when` to the first call it accepts, letting the others through", async () => {
    sim.failNext("chat.postMessage", { error: "invalid_blocks", when: (args) => String(args.text) === "result" });
    await expect(client.chat.postMessage({ channel: "C0GENERAL", text: "progress" })).resolves.toMatchObject({
      ok: true,
    });
    expect((await errorOf(client.chat.postMessage({ channel: "C0GENERAL", text: "result" })))?.data?.error).toBe(
      "invalid_blocks",
    );
    await expect(client.chat.postMessage({ channel: "C0GENERAL", text: "result" })).resolves.toMatchObject({
      ok: true,
    });
    expect(sim.conversation("C0GENERAL").map((m) => m.text)).toEqual(["progress", "result"]);
  });

  it("answers an injected rate limit with 429 and Retry-After", async () => {
    sim.failNext("chat.update", { status: 429, retryAfter: 3 });
    const error = await errorOf(client.chat.update({ channel: "C0GENERAL", ts: "1.000001", text: "x" }));
    expect(error).toMatchObject({ code: "slack_webapi_rate_limited_error", retryAfter: 3 });
    expect(sim.calls("chat.update")[0]).toMatchObject({ status: 429, ok: false, error: "ratelimited" });
  });

  it("refuses a message that breaks a Block Kit limit with invalid_blocks", async () => {
    const button = {
      type: "button" as const,
      action_id: "b",
      text: { type: "plain_text" as const, text: "x".repeat(76) },
    };
    const error = await errorOf(
      client.chat.postMessage({
        channel: "C0GENERAL",
        text: "t",
        blocks: [{ type: "actions" as const, elements: [button] }],
      }),
    );
    expect(error?.data?.error).toBe("invalid_blocks");
    expect(sim.conversation("C0GENERAL")).toEqual([]);
  });

  it("applies chat.update to the message and keeps ephemeral messages out of its reach", async () => {
    const posted = await client.chat.postMessage({ channel: "C0GENERAL", text: "draft" });
    await client.chat.update({ channel: "C0GENERAL", ts: posted.ts ?? "", text: "final" });
    expect(sim.conversation("C0GENERAL")).toMatchObject([{ text: "final", ts: posted.ts }]);

    const ephemeral = await client.chat.postEphemeral({ channel: "C0GENERAL", user: "U0BOB", text: "psst" });
    const error = await errorOf(
      client.chat.update({ channel: "C0GENERAL", ts: ephemeral.message_ts ?? "", text: "x" }),
    );
    expect(error?.data?.error).toBe("message_not_found");
    expect(sim.conversation("C0GENERAL", { as: "U0ALICE" })).toHaveLength(1);
    expect(sim.conversation("C0GENERAL", { as: "U0BOB" })).toHaveLength(2);
  });

  it("answers unknown_method for a method it does not emulate", async () => {
    expect((await errorOf(client.apiCall("reactions.add", { channel: "C0GENERAL" })))?.data?.error).toBe(
      "unknown_method",
    );
  });

  it("accepts JSON bodies as well as form-encoded ones", async () => {
    const response = await fetch(`${sim.apiUrl}chat.postMessage`, {
      method: "POST",
      headers: { authorization: `Bearer ${BOT_TOKEN}`, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ channel: "C0GENERAL", text: "json", blocks: [{ type: "divider" }] }),
    });
    expect(await response.json()).toMatchObject({ ok: true, message: { blocks: [{ type: "divider" }] } });
  });
});

describe("file uploads through a real Bolt app", () => {
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it("shows a file uploaded with filesUploadV2 in the conversation with name, type and size", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, command, client: bot }) => {
        await ack();
        await bot.filesUploadV2({
          channel_id: command.channel_id,
          file: Buffer.from("PNGDATA!"),
          filename: "fox.png",
          initial_comment: "Here it is",
        });
      });
    });
    const { sim: slack } = harness;
    await slack.command({ user: "U0ALICE", channel: "C0GENERAL" });
    const [message] = await eventually(() => {
      const messages = slack.conversation("C0GENERAL");
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(message).toMatchObject({ text: "Here it is", files: [{ name: "fox.png", mimetype: "image/png", size: 8 }] });
    expect(slack.calls().map((call) => call.method)).toEqual(
      expect.arrayContaining(["files.getUploadURLExternal", "files.completeUploadExternal"]),
    );
  });
});
