// The Slack CLI side of the bot: slack.json names one hook, get-hooks (@slack/cli-hooks), and the CLI takes every
// other hook from its answer unless slack.json overrides it. These tests run the hooks as the CLI does: the command
// split on spaces, run from the project's folder, JSON read from stdout (between message boundaries when the SDK
// declares that protocol). Spec: https://github.com/slackapi/slack-cli/blob/main/.github/cli-sdk-specification.md
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "../src/index.js";
import { configProblems } from "./support/config.js";

const BOT_DIR = fileURLToPath(new URL("..", import.meta.url));
const readJson = (file: string): unknown => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), "utf8"));
const SLACK_JSON = readJson("slack.json") as { hooks: Record<string, string> };
const MANIFEST = readJson("manifest.json");

interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a hook command as the CLI does (`strings.Fields`, then exec, no shell) from the bot's folder, with only PATH
 * and HOME from this process plus `env`, and resolves when it exits (killed after `timeoutMs`).
 */
function runHook(command: string, args: string[] = [], env: Record<string, string> = {}, timeoutMs = 15_000) {
  const [bin = "", ...rest] = command.trim().split(/\s+/);
  const child = spawn(bin, [...rest, ...args], {
    cwd: BOT_DIR,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  return new Promise<HookRun>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** What get-hooks answers: the SDK's hooks and its settings for the CLI. */
interface SdkInterface {
  hooks: Record<string, string>;
  config: {
    "protocol-version": string[];
    "sdk-managed-connection-enabled": boolean;
    watch: { app: { paths: string[] }; manifest: { paths: string[] } };
  };
  runtime: string;
}

let sdkInterface: Promise<SdkInterface> | undefined;
/** get-hooks, run once (the CLI too runs it first, before any other hook). */
function getHooks(): Promise<SdkInterface> {
  sdkInterface ??= (async () => {
    const command = SLACK_JSON.hooks["get-hooks"];
    if (!command) throw new Error("slack.json has no get-hooks hook");
    const run = await runHook(command);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as SdkInterface;
  })();
  return sdkInterface;
}

/** The CLI's hook resolution: slack.json first, then get-hooks' answer (spec, "Hook resolution"). */
async function resolveHook(name: string): Promise<string> {
  const fromProject = SLACK_JSON.hooks[name];
  if (fromProject) return fromProject;
  const fromSdk = (await getHooks()).hooks[name];
  if (!fromSdk) throw new Error(`no ${name} hook`);
  return fromSdk;
}

describe("the Slack CLI hooks (slack.json through @slack/cli-hooks)", () => {
  it("get-hooks answers the hooks JSON: a manifest and a start hook, the SDK managing the Socket Mode connection", async () => {
    const sdk = await getHooks();
    expect(sdk.runtime).toBe("node");
    expect(sdk.hooks["get-manifest"]).toContain("@slack/cli-hooks");
    expect(sdk.hooks.start).toContain("@slack/cli-hooks");
    // `slack run` then hands the connection to the bot (Bolt's Socket Mode) instead of opening one itself.
    expect(sdk.config["sdk-managed-connection-enabled"]).toBe(true);
    expect(sdk.config["protocol-version"]).toContain("message-boundaries");
    // A change to manifest.json reinstalls the app; a rebuilt dist/*.js restarts the bot.
    expect(sdk.config.watch.manifest.paths).toEqual(["manifest.json"]);
    expect(sdk.config.watch.app.paths).toEqual(["."]);
  });

  it("get-manifest answers our manifest.json, between the message boundaries the CLI asks for", async () => {
    const run = await runHook(await resolveHook("get-manifest"), [
      "--protocol=message-boundaries",
      "--boundary=b0undary-7f3a",
    ]);
    expect(run.code, run.stderr).toBe(0);
    const match = /b0undary-7f3a(.*)b0undary-7f3a/s.exec(run.stdout);
    expect(match?.[1]).toBeDefined();
    expect(JSON.parse(match?.[1] ?? "")).toEqual(MANIFEST);
  });

  it("get-manifest answers our manifest.json alone on stdout under the default protocol", async () => {
    const run = await runHook(await resolveHook("get-manifest"));
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(MANIFEST);
  });
});

describe("slack run: the start hook runs the built bot with the CLI's tokens", () => {
  const servers: { close(): void }[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  /** A stand-in for the Slack Web API that refuses the token, so the bot stops before it would open a socket. */
  async function refusingSlackApi() {
    const calls: { method: string; authorization: string | undefined }[] = [];
    const server = createServer((request: IncomingMessage, response) => {
      calls.push({ method: (request.url ?? "").replace(/^\/api\//, ""), authorization: request.headers.authorization });
      request.resume();
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ ok: false, error: "invalid_auth" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`, calls };
  }

  it("starts dist/main.js (package.json main) in Socket Mode with SLACK_CLI_XOXB and SLACK_CLI_XAPP, no signing secret", async () => {
    const slack = await refusingSlackApi();
    const botToken = "xoxb-1-cli-given-bot-token";
    // What `slack run` sets for an SDK-managed connection (LocalServer.StartDelegate); nothing else about Slack.
    const run = await runHook(await resolveHook("start"), [], {
      SLACK_CLI_XOXB: botToken,
      SLACK_CLI_XAPP: "xapp-1-cli-given-app-token",
      SLACK_API_URL: slack.url,
      STUDIO_BOT_DB: ":memory:",
    });
    const output = run.stdout + run.stderr;
    // The configuration was accepted (Socket Mode needs no signing secret) and the bot checked the CLI's bot token
    // with Slack: this stand-in refuses it, so the bot says so and exits 1 before connecting the socket.
    expect(output).not.toContain("the configuration cannot be used");
    expect(slack.calls).toEqual([{ method: "auth.test", authorization: `Bearer ${botToken}` }]);
    expect(output).toContain("could not start");
    expect(output).toContain("invalid_auth");
    expect(run.code).toBe(1);
  });
});

describe("readConfig under slack run", () => {
  it("takes the CLI's tokens and uses Socket Mode without a signing secret", () => {
    const config = readConfig({ SLACK_CLI_XOXB: "xoxb-cli-bot", SLACK_CLI_XAPP: "xapp-cli-app" });
    expect(config.mode).toBe("socket");
    expect(config.slack).toEqual({ botToken: "xoxb-cli-bot", appToken: "xapp-cli-app" });
  });

  it("lets tokens set by hand win over the CLI's, as the CLI itself does", () => {
    const config = readConfig({
      SLACK_BOT_TOKEN: "xoxb-by-hand",
      SLACK_APP_TOKEN: "xapp-by-hand",
      SLACK_CLI_XOXB: "xoxb-cli-bot",
      SLACK_CLI_XAPP: "xapp-cli-app",
    });
    expect(config.slack).toEqual({ botToken: "xoxb-by-hand", appToken: "xapp-by-hand" });
  });

  it("still needs the signing secret over HTTP (no app token)", () => {
    expect(configProblems({ SLACK_BOT_TOKEN: "xoxb-by-hand" })).toEqual([
      expect.stringContaining("SLACK_SIGNING_SECRET is missing"),
    ]);
  });

  it("names the CLI's variable, never its value, when a token it gave is not of its kind", () => {
    const problems = configProblems({ SLACK_CLI_XOXB: "xoxp-SECRET-user", SLACK_CLI_XAPP: "xoxb-SECRET-wrong" });
    expect(problems).toEqual([
      expect.stringContaining("SLACK_CLI_XOXB must be a bot token starting with xoxb-"),
      expect.stringContaining("SLACK_CLI_XAPP must be an app-level token starting with xapp-"),
    ]);
    expect(problems.join("\n")).not.toContain("SECRET");
  });
});
