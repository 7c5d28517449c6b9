import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { accessSummary } from "../src/server/access.js";
import { hasSlackCredentials, standInConfig } from "../src/server/config.js";
import { startupLines } from "../src/server/startup.js";
import { eventually } from "./support/playground.js";

const SECRETS = { signingSecret: "a".repeat(64), botToken: "xoxb-playground-test", appToken: "xapp-playground-test" };

describe("which Slack and which API", () => {
  it("takes Slack as real with a bot token and signing secret, or an app token, and not with one of the pair", () => {
    expect(hasSlackCredentials({})).toBe(false);
    expect(hasSlackCredentials({ SLACK_BOT_TOKEN: "xoxb-1" })).toBe(false);
    expect(hasSlackCredentials({ SLACK_BOT_TOKEN: "xoxb-1", SLACK_SIGNING_SECRET: "s" })).toBe(true);
    expect(hasSlackCredentials({ SLACK_APP_TOKEN: "xapp-1" })).toBe(true);
    expect(hasSlackCredentials({ SLACK_APP_TOKEN: "  " })).toBe(false);
  });

  it("runs the bot on the stand-in's credentials, in memory, on the sandbox unless a key is given", () => {
    const config = standInConfig({ SLACK_API_URL: "https://slack.example/api/" }, SECRETS);
    expect(config).toMatchObject({
      mode: "http",
      slack: { botToken: SECRETS.botToken, signingSecret: SECRETS.signingSecret },
      studio: { kind: "sandbox" },
      store: { kind: "sqlite", path: ":memory:" },
      logLevel: "warn",
    });
    expect(config.slack.apiUrl).toBeUndefined();
    const real = standInConfig({ STUDIO_API_KEY: "k", STUDIO_BASE_URL: "https://api.example" }, SECRETS);
    expect(real.studio).toEqual({ kind: "real", apiKey: "k", baseUrl: "https://api.example" });
  });

  it("says who may generate, naming people, groups and channels as the page does", () => {
    const open = standInConfig({}, SECRETS);
    expect(accessSummary(open)).toEqual({ restricted: false, summary: "Everyone may generate" });
    const alice = standInConfig({ STUDIO_ALLOWED_USERS: "U0ALICE" }, SECRETS);
    expect(accessSummary(alice)).toEqual({
      restricted: true,
      summary: "Only Alice may generate (STUDIO_ALLOWED_USERS)",
    });
    const mixed = standInConfig(
      { STUDIO_ALLOWED_GROUPS: "S0DESIGN", STUDIO_ALLOWED_CHANNELS: "C0DESIGN", STUDIO_USER_HOURLY_LIMIT: "5" },
      SECRETS,
    );
    expect(accessSummary(mixed).summary).toBe(
      "Only members of @design-team or anyone in #design may generate (STUDIO_ALLOWED_GROUPS, STUDIO_ALLOWED_CHANNELS); 5 outputs per person per hour (STUDIO_USER_HOURLY_LIMIT)",
    );
  });

  it("prints one URL, which Slack and which API, and never a value", () => {
    const lines = startupLines({
      url: "http://localhost:3000",
      slack: "the local stand-in",
      studio: "the real studio API (STUDIO_API_KEY, STUDIO_BASE_URL)",
      store: { kind: "sqlite", path: ":memory:" },
    });
    expect(lines[0]).toBe("Studio playground: http://localhost:3000");
    expect(lines.join("\n").match(/https?:\/\//g)).toHaveLength(1);
    expect(lines.join("\n")).toContain("Studio API:  the real studio API");
  });
});

const MAIN = fileURLToPath(new URL("../dist/server/main.js", import.meta.url));

describe("the built process entry", () => {
  it("starts with no environment, prints the page's URL and stops cleanly on SIGTERM", async () => {
    expect(existsSync(MAIN), "build first: pnpm --filter @studio-kit/playground build").toBe(true);
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? "", PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    await eventually(() => expect(out).toContain("Ctrl-C"));
    const url = /Studio playground: (http:\/\/localhost:\d+)/.exec(out)?.[1];
    expect(url, out).toBeDefined();
    expect(out).toContain("Slack:       the local stand-in");
    expect(out).toContain("Studio API:  an in-process sandbox");
    const workspace = await fetch(`${url}/api/workspace`.replace("localhost", "127.0.0.1"));
    expect(workspace.status).toBe(200);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    // Starts the built entry as a child process, which builds nothing but loads the sandbox, the bot and the page
    // server before its ready line, then stops it with SIGTERM.
  }, 30_000);
});
