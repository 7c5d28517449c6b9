import { describe, expect, it } from "vitest";
import { startBot } from "./harness.js";
import { findSentinels, SENTINELS } from "./sentinel.js";

// Every e2e test's bot is scanned when it closes (harness.ts). These prove the scan finds a leak where it looks.
describe("the sentinel scan", () => {
  it("fails a test whose bot wrote a secret in a log line", async () => {
    const bot = await startBot();
    bot.logs.push(JSON.stringify({ level: 30, msg: `calling with ${SENTINELS.apiKey}` }));
    await expect(bot.close()).rejects.toThrow(/a secret reached a log line/);
  });

  it("fails a test whose bot sent a secret to Slack", async () => {
    const bot = await startBot();
    await bot.app.client.chat.postMessage({ channel: "C0GENERAL", text: `debug: ${SENTINELS.signingSecret}` });
    await expect(bot.close()).rejects.toThrow(/a secret reached a log line/);
  });

  it("finds a cut or URL-encoded copy of a secret, and nothing in clean text", () => {
    expect(findSentinels([`token=${encodeURIComponent(SENTINELS.botToken.slice(0, 22))}`])).toHaveLength(1);
    expect(findSentinels([`Bearer ${SENTINELS.appToken}`])).toHaveLength(1);
    expect(findSentinels(["xoxb-[redacted]", "sk_live_[redacted]", "%E0%A4%A"])).toEqual([]);
  });

  it("finds nothing after a real generation: the bot's own logs and messages are clean", async () => {
    const bot = await startBot();
    await bot.sim.command({ user: "U0ALICE", channel: "C0GENERAL", text: "image a red fox on snow" });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(bot.logs.length).toBeGreaterThan(5);
    expect(bot.logs.some((line) => line.includes('"msg":"studio request"'))).toBe(true);
    await bot.close();
  });
});
