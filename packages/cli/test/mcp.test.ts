// `studio mcp` speaks JSON-RPC on stdout and nothing else: an agent reads every line there as a protocol message.
// Read here line by line as the protocol frames it (newline-delimited JSON), without an SDK; the SDK's own Client
// runs every tool in packages/mcp/test/stdio.test.ts.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { BIN, studio } from "./support/studio.js";

function startMcp(args: readonly string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BIN, "mcp", ...args], {
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  createInterface({ input: child.stdout }).on("line", (line) => {
    lines.push(line);
    const message = JSON.parse(line) as { id?: number };
    if (typeof message.id === "number") waiting.get(message.id)?.(message);
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  let next = 1;
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  return {
    lines,
    stderr: () => stderr,
    exited,
    request(method: string, params: Record<string, unknown> = {}) {
      const id = next++;
      const answer = new Promise<Record<string, unknown>>((resolve) => waiting.set(id, resolve));
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
      return answer;
    },
    notify(method: string) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method })}\n`);
    },
    end: () => child.stdin.end(),
    interrupt: () => child.kill("SIGINT"),
  };
}

describe("studio mcp", () => {
  it("answers on stdout with JSON-RPC lines only, notes on stderr, and exits 0 when stdin closes", async () => {
    const mcp = startMcp(["--sandbox"]);
    const init = await mcp.request("initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "cli-test", version: "1" },
    });
    expect(init.result).toMatchObject({ serverInfo: { name: "studio-kit" }, capabilities: { tools: {} } });
    mcp.notify("notifications/initialized");
    const list = (await mcp.request("tools/list")) as { result: { tools: { name: string }[] } };
    expect(list.result.tools.map((tool) => tool.name)).toContain("generate_image");
    const credits = (await mcp.request("tools/call", { name: "get_credits", arguments: {} })) as {
      result: { structuredContent: { available: number } };
    };
    expect(credits.result.structuredContent.available).toBe(470);
    mcp.end();
    expect(await mcp.exited).toBe(0);
    for (const line of mcp.lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
    expect(mcp.lines).toHaveLength(3);
    expect(mcp.stderr()).toContain("serving the studio's tools on stdio (sandbox)");
  });

  it("stops on Ctrl-C with exit 130, nothing more on stdout", async () => {
    const mcp = startMcp(["--sandbox"]);
    await mcp.request("initialize", {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "cli-test", version: "1" },
    });
    mcp.interrupt();
    expect(await mcp.exited).toBe(130);
    expect(mcp.lines).toHaveLength(1);
    expect(mcp.stderr()).toContain("stopped serving the studio's tools");
  });

  it("refuses --yes: an agent confirms each cost with the person (exit 2, nothing on stdout)", async () => {
    const ran = await studio(["--yes", "mcp", "--sandbox"]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toContain("--yes does not apply to studio mcp");
  });

  it("without a key or --sandbox: the CLI's usage error, exit 2, nothing on stdout", async () => {
    const ran = await studio(["mcp"]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toContain("No API key");
  });
});
