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

describe("chat.getPermalink", () => {
  it("links a message, and a reply with its thread, in Slack's shape", async () => {
    const top = await client.chat.postMessage({ channel: "C0GENERAL", text: "top" });
    const reply = await client.chat.postMessage({ channel: "C0GENERAL", text: "reply", thread_ts: top.ts ?? "" });
    const plain = `https://studio-sim.slack.com/archives/C0GENERAL/p${top.ts?.replace(".", "")}`;
    await expect(client.chat.getPermalink({ channel: "C0GENERAL", message_ts: top.ts ?? "" })).resolves.toMatchObject({
      ok: true,
      channel: "C0GENERAL",
      permalink: plain,
    });
    const threaded = await client.chat.getPermalink({ channel: "C0GENERAL", message_ts: reply.ts ?? "" });
    expect(threaded.permalink).toBe(
      `https://studio-sim.slack.com/archives/C0GENERAL/p${reply.ts?.replace(".", "")}?thread_ts=${top.ts}&cid=C0GENERAL`,
    );
  });

  it("answers message_not_found for an unknown or ephemeral message, channel_not_found for an unknown channel", async () => {
    await client.chat.postEphemeral({ channel: "C0GENERAL", user: "U0ALICE", text: "only you" });
    const ephemeral = sim.conversation("C0GENERAL", { as: "U0ALICE" }).find((m) => m.ephemeral);
    expect(await errorCodeOf(client.chat.getPermalink({ channel: "C0GENERAL", message_ts: ephemeral?.ts ?? "" }))).toBe(
      "message_not_found",
    );
    expect(await errorCodeOf(client.chat.getPermalink({ channel: "C0GENERAL", message_ts: "1.000009" }))).toBe(
      "message_not_found",
    );
    expect(await errorCodeOf(client.chat.getPermalink({ channel: "C0NOPE", message_ts: "1.000001" }))).toBe(
      "channel_not_found",
    );
  });
});
