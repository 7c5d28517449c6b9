import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { CreditsBalanceDocument } from "@studio-kit/operations";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FaceClient, faceClient } from "./support/face-client.js";
import { SCENARIOS } from "./support/fault-scenarios.js";

// Every fault kind through the CLI (dist/cli.js as a child process, its admin
// API over HTTP), and --faults FILE / --journal-limit N.
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "sandbox-faults-cli-"));
const children: ChildProcess[] = [];

async function start(args: string[]): Promise<FaceClient> {
  const child = spawn(process.execPath, [cli, "--port", "0", "--job-ms", "1000", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const [line] = (await once(createInterface({ input: child.stdout as NodeJS.ReadableStream }), "line")) as [string];
  const ready = JSON.parse(line) as { url: string; apiKey: string; workspaceId: string };
  return faceClient({ baseUrl: ready.url, key: ready.apiKey, workspaceId: ready.workspaceId });
}

async function refusal(args: string[]): Promise<{ code: number; stderr: string }> {
  const child = spawn(process.execPath, [cli, "--port", "0", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const [code] = (await once(child, "exit")) as [number];
  return { code, stderr };
}

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("faults through the CLI", () => {
  let client: FaceClient;
  beforeAll(async () => {
    client = await start([]);
  });
  beforeEach(() => client.reset());

  for (const scenario of SCENARIOS) {
    it(`${scenario.kind}: ${scenario.name}`, () => scenario.run(client));
  }
});

describe("the CLI's --faults FILE and --journal-limit N", () => {
  it("starts with the file's faults in place, and keeps only the last N requests", async () => {
    const file = join(dir, "faults.json");
    writeFileSync(
      file,
      JSON.stringify([
        { id: "busy", kind: "status", status: 503, operation: "CreditsBalance", times: 2 },
        { kind: "graphql-error", code: "UNAUTHENTICATED", rootField: "apiCredentialWorkspace", times: 1 },
      ]),
    );
    const client = await start(["--faults", file, "--journal-limit", "2"]);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await client.send(CreditsBalanceDocument, { workspaceId: client.face.workspaceId })).status);
    }
    expect(statuses).toEqual([503, 503, 200]);
    expect((await client.faults()).map(({ id, fired, remaining }) => ({ id, fired, remaining }))).toEqual([
      { id: "busy", fired: 2, remaining: 0 },
      { id: "flt_1", fired: 0, remaining: 1 },
    ]);
    const entries = await client.requests();
    expect(entries.map((entry) => [entry.seq, entry.status])).toEqual([
      [2, 503],
      [3, 200],
    ]);
  });

  it.each([
    ["a file that is not there", "missing.json", null, /cannot read the faults file .*missing\.json: no such file/],
    ["a file that is not JSON", "broken.json", "{ kind: status", /is not JSON/],
    ["a fault with a mistake", "wrong.json", '[{"kind": "status", "status": 418}]', /fault 0: a "status" fault's/],
  ])("refuses %s with exit code 2 and says what is wrong", async (_, name, content, message) => {
    const file = join(dir, name);
    if (content !== null) writeFileSync(file, content);
    const { code, stderr } = await refusal(["--faults", file]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it("refuses a --journal-limit that is not a whole number", async () => {
    const { code, stderr } = await refusal(["--journal-limit", "lots"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--journal-limit must be a whole number >= 0/);
  });
});
