import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackSim, type SlackSim } from "../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./support/bolt.js";
import { errorCodeOf } from "./support/web-api-errors.js";

let sim: SlackSim;
let client: webApi.WebClient;

beforeEach(async () => {
  sim = createSlackSim({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: "http://127.0.0.1:9/unused" });
  await sim.start();
  client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
});
afterEach(() => sim.close());

describe("direct messages with the bot", () => {
  it("conversations.open answers the person's D channel, and says already_open the second time", async () => {
    const first = await client.conversations.open({ users: "U0ALICE" });
    expect(first).toMatchObject({ ok: true, channel: { id: "DU0ALICE" } });
    expect(first.already_open).toBeUndefined();
    const again = await client.conversations.open({ users: "U0ALICE", return_im: true });
    expect(again).toMatchObject({
      ok: true,
      no_op: true,
      already_open: true,
      channel: { id: "DU0ALICE", is_im: true, user: "U0ALICE" },
    });
    expect(sim.dm("U0ALICE")).toBe("DU0ALICE");
  });

  it("shows what the bot posts to the DM in the DM's conversation", async () => {
    const { channel } = await client.conversations.open({ users: "U0BOB" });
    await client.chat.postMessage({ channel: channel?.id ?? "", text: "Hello Bob" });
    expect(sim.conversation(sim.dm("U0BOB"))).toMatchObject([{ text: "Hello Bob", fromBot: true }]);
  });

  it("refuses an empty user list, the bot itself and a group DM as Slack does", async () => {
    expect(await errorCodeOf(client.apiCall("conversations.open", {}))).toBe("users_list_not_supplied");
    expect(await errorCodeOf(client.conversations.open({ users: "U0SIMBOT1" }))).toBe("cannot_dm_bot");
    expect(await errorCodeOf(client.conversations.open({ users: "U0ALICE,U0BOB" }))).toBe("invalid_arguments");
  });
});
