import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createRealTimeClock, createSandbox, createVirtualClock, DEFAULT_CLOCK_START } from "../src/index.js";

// A sandbox for people (the CLI, the playground, the bot with no key) runs on today's date; tests keep a fixed one.

const BIN = fileURLToPath(new URL("../bin/studio-sandbox.js", import.meta.url));
const CREDITS = "query ($w: ID!) { creditsBalance(workspaceId: $w) { nextRefillAt daysUntilRefill } }";

interface Ready {
  url: string;
  apiKey: string;
  workspaceId: string;
}

let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
  child = undefined;
});

/** Starts the published CLI (bin/studio-sandbox.js, built to dist/) on a free port and reads its ready line. */
async function startCli(): Promise<Ready> {
  child = spawn(process.execPath, [BIN, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  for await (const chunk of child.stdout ?? []) {
    out += (chunk as Buffer).toString();
    if (out.includes("\n")) break;
  }
  if (!out.includes("\n")) throw new Error(`the CLI printed no ready line: ${err}`);
  return JSON.parse(out.slice(0, out.indexOf("\n"))) as Ready;
}

async function credits(ready: Ready): Promise<{ nextRefillAt: string; daysUntilRefill: number }> {
  const response = await fetch(`${ready.url}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${ready.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ query: CREDITS, variables: { w: ready.workspaceId } }),
  });
  const body = (await response.json()) as {
    data: { creditsBalance: { nextRefillAt: string; daysUntilRefill: number } };
  };
  return body.data.creditsBalance;
}

describe("the sandbox's clock", () => {
  it("run as the CLI runs it, reports the next refill in the future of today, within a month", async () => {
    const before = Date.now();
    const ready = await startCli();
    const { nextRefillAt, daysUntilRefill } = await credits(ready);
    const refill = Date.parse(nextRefillAt);
    expect(refill).toBeGreaterThan(Date.now());
    expect(refill - before).toBeLessThanOrEqual(31 * 24 * 3_600_000);
    expect(daysUntilRefill).toBeGreaterThanOrEqual(1);
    const clock = (await (await fetch(`${ready.url}/__sandbox/clock`)).json()) as { now: string };
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000);
  });

  it("starts a real-time clock at the real time and moves with it, and still moves ahead when advanced", () => {
    let real = Date.UTC(2031, 6, 15, 12, 0, 0);
    const clock = createRealTimeClock({ realNow: () => real });
    expect(clock.iso()).toBe("2031-07-15T12:00:00.000Z");
    real += 5_000;
    expect(clock.now()).toBe(Date.UTC(2031, 6, 15, 12, 0, 5));
    clock.advance(60_000);
    expect(clock.iso()).toBe("2031-07-15T12:01:05.000Z");
  });

  it("keeps the fixed start for tests, followed or not", () => {
    expect(createSandbox().clock.now()).toBe(DEFAULT_CLOCK_START);
    expect(createVirtualClock({ followRealTime: true, realNow: () => 42 }).now()).toBe(DEFAULT_CLOCK_START);
  });
});
