import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { CreateStudioSessionDocument } from "@studio-kit/operations";
import { print } from "graphql";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox, startSandboxServer } from "../src/index.js";
import { gql, type Ready, startCli, stopCli } from "./support/cli.js";

// Saved state through the HTTP server and the CLI (real loopback HTTP, child processes), and a save killed
// with SIGKILL in the middle of its write. No msw here: every request goes over the network.

const CREATE_BOARD = print(CreateStudioSessionDocument);
const KILL_MID_WRITE = fileURLToPath(new URL("./fixtures/kill-mid-write.mjs", import.meta.url));

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function stateFile(): string {
  const directory = mkdtempSync(join(tmpdir(), "sandbox-state-"));
  cleanups.push(() => rmSync(directory, { recursive: true, force: true }));
  return join(directory, "state.json");
}

describe("saved state over HTTP", () => {
  it("keeps a board the HTTP server's sandbox made across a restart of the server", async () => {
    const file = stateFile();
    const first = await startSandboxServer({ state: file });
    const key = first.sandbox.keys.readWrite;
    await gql(first.graphqlUrl, key, CREATE_BOARD, { workspaceId: "ws_acme", title: "Over HTTP" });
    await first.close();

    const second = await startSandboxServer({ state: file });
    cleanups.push(() => second.close());
    const boards = await gql(second.graphqlUrl, key, '{ studioSessions(workspaceId: "ws_acme") { title } }');
    expect(JSON.stringify(boards.data)).toContain("Over HTTP");
  });
});

describe("saved state from the CLI", () => {
  it("keeps a board and a running job across a restart stopped with SIGINT, and the job then completes", async () => {
    const file = stateFile();
    const first = await startCli(["--state", file, "--job-ms", "60000"], (cleanup) => cleanups.push(cleanup));
    const { graphqlUrl, apiKey } = first.ready as Ready;
    await gql(graphqlUrl, apiKey, CREATE_BOARD, { workspaceId: "ws_acme", title: "From the CLI" });
    const generated = await gql(
      graphqlUrl,
      apiKey,
      'mutation { generateImage(workspaceId: "ws_acme", input: { prompt: "a pier", aspectRatio: "1:1" }) { images { id } } }',
    );
    const id = (generated.data as { generateImage: { images: { id: string }[] } }).generateImage.images[0]?.id;
    expect(await stopCli(first.child, "SIGINT")).toBe(0);

    const second = await startCli(["--state", file, "--job-ms", "60000"], (cleanup) => cleanups.push(cleanup));
    const again = second.ready as Ready;
    const boards = await gql(again.graphqlUrl, again.apiKey, '{ studioSessions(workspaceId: "ws_acme") { title } }');
    expect(JSON.stringify(boards.data)).toContain("From the CLI");
    const running = await gql(again.graphqlUrl, again.apiKey, `{ image(id: "${id}") { status } }`);
    expect(["QUEUED", "PROCESSING"]).toContain((running.data as { image: { status: string } }).image.status);
    await fetch(`${again.url}/__sandbox/advance`, { method: "POST", body: JSON.stringify({ ms: 150_000 }) });
    const done = await gql(again.graphqlUrl, again.apiKey, `{ image(id: "${id}") { status } }`);
    expect(done.data?.image).toEqual({ status: "COMPLETED" });
    expect(await stopCli(second.child, "SIGTERM")).toBe(0);
  });

  it("refuses a corrupt state file with exit 1 and a message naming it, and leaves it as it is", async () => {
    const file = stateFile();
    writeFileSync(file, "{ half a file");
    const refused = await startCli(["--state", file], (cleanup) => cleanups.push(cleanup));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`studio-sandbox: @studio-kit/sandbox: state file ${file} is corrupt (not JSON`);
    expect(readFileSync(file, "utf8")).toBe("{ half a file");
  });
});

describe("a save killed in the middle of its write", () => {
  it("leaves the last good file, which the next start loads (removing the killed write's temporary file)", async () => {
    const file = stateFile();
    const child = spawn(process.execPath, [KILL_MID_WRITE, file], { stdio: ["ignore", "pipe", "inherit"] });
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    const [line] = (await once(createInterface({ input: child.stdout as NodeJS.ReadableStream }), "line")) as [string];
    const progress = JSON.parse(line) as { tempFile: string; written: number; total: number };
    expect(progress.written).toBeLessThan(progress.total); // stopped inside the write, not after it
    expect(existsSync(progress.tempFile)).toBe(true);
    child.kill("SIGKILL");
    await once(child, "exit");

    const onDisk = readFileSync(file, "utf8");
    expect(onDisk).toContain("Last good");
    expect(onDisk).not.toContain("Lost in the crash");
    const sandbox = createSandbox({ state: file });
    cleanups.push(() => sandbox.close());
    const titles = [...sandbox.state.boards.values()].map((board) => board.title);
    expect(titles).toContain("Last good");
    // The killed snapshot never reached the file, but the request that created this board was answered before the
    // kill, so the write-ahead log has it (and the boards changed before it) and the start replays them.
    expect(titles).toContain("Lost in the crash");
    expect(titles).toContain("Bulk 1");
    expect(readdirSync(join(file, "..")).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});
