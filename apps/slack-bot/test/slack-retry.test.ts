import { webApi } from "@slack/bolt";
import { createSlackSim } from "@studio-kit/slack-sim";
import { afterEach, describe, expect, it } from "vitest";
import { SLACK_RETRY_CONFIG } from "../src/services/slack-retry.js";

const BOT_TOKEN = "xoxb-retry-test";
const sims: ReturnType<typeof createSlackSim>[] = [];
async function sim() {
  const s = createSlackSim({ signingSecret: "s", botToken: BOT_TOKEN, appUrl: "http://127.0.0.1:9/slack/events" });
  await s.start();
  sims.push(s);
  return s;
}
afterEach(async () => {
  for (const s of sims.splice(0)) await s.close();
});

function client(s: ReturnType<typeof createSlackSim>, fetchFn?: typeof fetch) {
  return new webApi.WebClient(BOT_TOKEN, {
    slackApiUrl: s.apiUrl,
    retryConfig: SLACK_RETRY_CONFIG,
    ...(fetchFn ? { fetch: fetchFn } : {}),
  });
}

describe("the bot's Web API retry policy", () => {
  it("posts once after a 429, having waited at least its Retry-After", async () => {
    const s = await sim();
    s.failNext("chat.postMessage", { status: 429, retryAfter: 1 });
    const started = Date.now();
    await client(s).chat.postMessage({ channel: "C0GENERAL", text: "hello" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(s.calls("chat.postMessage").map((call) => call.status)).toEqual([429, 200]);
    expect(s.conversation("C0GENERAL").filter((message) => message.text === "hello")).toHaveLength(1);
  });

  it("does not send a post again after a server error: it may have landed", async () => {
    const s = await sim();
    let calls = 0;
    const failing: typeof fetch = async () => {
      calls += 1;
      return new Response("upstream error", { status: 503 });
    };
    await expect(client(s, failing).chat.postMessage({ channel: "C0GENERAL", text: "hello" })).rejects.toThrow();
    expect(calls).toBe(1);
  });

  it("does not send a post again after the connection failed", async () => {
    const s = await sim();
    let calls = 0;
    const dropping: typeof fetch = async () => {
      calls += 1;
      throw new TypeError("fetch failed", { cause: new Error("other side closed") });
    };
    await expect(client(s, dropping).chat.postMessage({ channel: "C0GENERAL", text: "hello" })).rejects.toThrow();
    expect(calls).toBe(1);
  });

  it("does not retry an error Slack answered (ok: false)", async () => {
    const s = await sim();
    s.failNext("chat.postMessage", { error: "channel_not_found" });
    await expect(client(s).chat.postMessage({ channel: "C0GENERAL", text: "x" })).rejects.toMatchObject({
      data: { error: "channel_not_found" },
    });
    expect(s.calls("chat.postMessage")).toHaveLength(1);
  });
});
