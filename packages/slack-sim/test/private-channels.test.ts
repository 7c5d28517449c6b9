// A private channel's id starts with C like a public one's (Slack's have since 2021), so an app tells them apart by
// conversations.info's booleans, never by the id (https://docs.slack.dev/reference/objects/conversation-object;
// https://docs.slack.dev/changelog/2018/09/01/more-reasons-to-be-a-conversations-api-convert).
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

describe("private channels", () => {
  it("conversations.info says which channels are private, whatever their ids look like", async () => {
    const info = async (channel: string) => (await client.conversations.info({ channel })).channel;
    expect(await info("C0GENERAL")).toMatchObject({
      is_channel: true,
      is_private: false,
      is_im: false,
      is_member: true,
    });
    expect(await info("C0RANDOM")).toMatchObject({ is_channel: true, is_private: false, is_member: false });
    expect(await info("C0PRIVATE")).toMatchObject({ id: "C0PRIVATE", is_channel: true, is_private: true });
    const dm = await info(sim.dm("U0ALICE"));
    // An im names the person on the other side: https://docs.slack.dev/reference/objects/im-object (`user`).
    expect(dm).toMatchObject({ is_im: true, is_channel: false, user: "U0ALICE" });
    expect(dm).not.toHaveProperty("is_private");
  });

  it("hides a private channel from a bot that is not in it, and lets no bot join one", async () => {
    sim.setMember("C0PRIVATE", false);
    expect(await errorCodeOf(client.conversations.info({ channel: "C0PRIVATE" }))).toBe("channel_not_found");
    expect(await errorCodeOf(client.conversations.join({ channel: "C0PRIVATE" }))).toBe("channel_not_found");
    sim.setMember("C0PRIVATE", true);
    expect(await errorCodeOf(client.conversations.join({ channel: "C0PRIVATE" }))).toBe(
      "method_not_supported_for_channel_type",
    );
    expect(sim.channels().find((channel) => channel.id === "C0PRIVATE")).toMatchObject({ private: true });
  });
});
