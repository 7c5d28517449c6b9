import { createLogger } from "@studio-kit/slack-bot";
import { createSlackSim } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { startRealSlackBot } from "../src/server/index.js";
import { eventually } from "./support/playground.js";

const TOKEN = "xoxb-real-slack-sentinel";
const SECRET = "real-slack-signing-secret-sentinel";

describe("with Slack credentials", () => {
  it("runs the bot on the Slack the environment names (here slack-sim posing as Slack), with no page", async () => {
    let appUrl = "";
    const slack = createSlackSim({ signingSecret: SECRET, botToken: TOKEN, appUrl: () => appUrl });
    await slack.start();
    const logs: string[] = [];
    const bot = await startRealSlackBot({
      env: {
        SLACK_BOT_TOKEN: TOKEN,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: slack.apiUrl,
        PORT: "0",
        STUDIO_BOT_DB: ":memory:",
      },
      logger: createLogger("trace", { write: (line: string) => void logs.push(line) }),
      jobMs: 300,
      pollMs: 50,
    });
    try {
      expect(bot.slackDescription).toMatch(/^real Slack over HTTP: the bot listens on port \d+/);
      expect(bot.studioDescription).toContain("in-process sandbox");
      expect(bot.sandbox).toBeDefined();
      appUrl = `http://127.0.0.1:${bot.port}/slack/events`;
      const ack = await slack.command({ user: "U0ALICE", channel: "C0GENERAL", text: "credits" });
      expect(ack.status).toBe(200);
      await eventually(() => expect(slack.conversation("C0GENERAL", { as: "U0ALICE" }).length).toBeGreaterThan(0));
    } finally {
      await bot.close();
      await slack.close();
    }
    expect(logs.join("\n")).not.toContain(TOKEN);
    expect(logs.join("\n")).not.toContain(SECRET);
  });
});
