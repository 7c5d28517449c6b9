// With Slack credentials the playground's entry has no stand-in to show: it hands over to the bot's own entry.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createSlackSim } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { eventually } from "./support/playground.js";

const MAIN = fileURLToPath(new URL("../dist/server/main.js", import.meta.url));
const TOKEN = "xoxb-real-slack-sentinel";
const SECRET = "real-slack-signing-secret-sentinel";

describe("with Slack credentials", () => {
  it("runs the bot on the Slack the environment names (here slack-sim posing as Slack), with no page", async () => {
    expect(existsSync(MAIN), "build first: pnpm --filter @studio-kit/playground build").toBe(true);
    // The bot listens on a port the system picks (PORT=0) and names it in its ready line: a port found free
    // beforehand can be taken before the bot listens.
    let port = 0;
    const slack = createSlackSim({
      signingSecret: SECRET,
      botToken: TOKEN,
      appUrl: () => `http://127.0.0.1:${port}/slack/events`,
    });
    await slack.start();
    const child = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH ?? "",
        SLACK_BOT_TOKEN: TOKEN,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_API_URL: slack.apiUrl,
        PORT: "0",
        STUDIO_BOT_DB: ":memory:",
        LOG_LEVEL: "trace",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      out += chunk;
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      await eventually(() => expect(out).toContain("Studio bot running: Slack over HTTP"));
      const ready = out.split("\n").find((line) => line.includes("Studio bot running"));
      port = (JSON.parse(ready ?? "{}") as { port?: number }).port ?? 0;
      expect(port).toBeGreaterThan(0);
      expect(out).toContain("in-process sandbox");
      expect(out).not.toContain("Studio playground:");
      const ack = await slack.command({ user: "U0ALICE", channel: "C0GENERAL", text: "credits" });
      expect(ack.status).toBe(200);
      await eventually(() => expect(slack.conversation("C0GENERAL", { as: "U0ALICE" }).length).toBeGreaterThan(0));
    } finally {
      child.kill("SIGTERM");
      await exited;
      await slack.close();
    }
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain(SECRET);
    // Starts the built entry as a child process, which hands over to the bot's own entry, then waits for its ready
    // line and its answer to a command, and stops it with SIGTERM.
  }, 40_000);
});
