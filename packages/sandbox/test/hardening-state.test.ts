import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateStudioSessionDocument, StudioSessionsDocument } from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox, SandboxStateError } from "../src/index.js";
import { createRandom, RANDOM_PERIOD } from "../src/random.js";
import { ok, useSandbox } from "./support/client.js";

// Issue 27, points 8 and 9. A kill lost acknowledged boards written well before the last `debounceMs` (a large
// snapshot takes longer than that to write): what a request changed now goes to a write-ahead log before it is
// answered, and the next start replays it (hardening-kill.test.ts kills a busy process for real). A state file
// with "draws": 1e12 hung start-up: draws are skipped at once and bounded, and a file past the bound is corrupt.
const sandboxes = useSandbox();
const directories: string[] = [];
afterEach(async () => {
  await sandboxes.closeAll();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function stateFile(): string {
  const directory = mkdtempSync(join(tmpdir(), "sandbox-hardening-"));
  directories.push(directory);
  return join(directory, "state.json");
}

const createBoard = (sandbox: Sandbox, title: string) =>
  ok(sandbox, CreateStudioSessionDocument, { workspaceId: sandbox.workspaceId, title });
const boardTitles = async (sandbox: Sandbox) =>
  (await ok(sandbox, StudioSessionsDocument, { workspaceId: sandbox.workspaceId })).studioSessions?.map((b) => b.title);
const walFiles = (file: string) => readdirSync(join(file, "..")).filter((name) => name.includes(".wal."));

/** Debounced saves far off: nothing but the log can carry a change to the next start. */
const NO_SNAPSHOT_MS = 3_600_000;

describe("the write-ahead log between snapshots", () => {
  it("carries every answered change to the next start, though no snapshot was written after it", async () => {
    const file = stateFile();
    const first = sandboxes.create({ state: { file, debounceMs: NO_SNAPSHOT_MS } });
    await first.saveState();
    await createBoard(first, "Answered, not yet snapshotted");
    first.advance(60_000);
    const card = [...first.state.boards.values()].find((board) => board.title === "Answered, not yet snapshotted");
    expect(readFileSync(file, "utf8")).not.toContain("Answered, not yet snapshotted");

    // As if killed: the first sandbox is never closed, its pending snapshot never written.
    const second = sandboxes.create({ state: file });
    expect(await boardTitles(second)).toContain("Answered, not yet snapshotted");
    expect(second.state.boards.get(card?.id ?? "")).toEqual(card);
    expect(second.clock.iso()).toBe("2026-01-05T09:01:00.000Z");
    // New ids carry on after the logged ones.
    const next = await createBoard(second, "After the restart");
    expect(next.createStudioSession?.session?.id).not.toBe(card?.id);
  });

  it("logs changes made in place at any depth, and deletions", async () => {
    const file = stateFile();
    const first = sandboxes.create({ state: { file, debounceMs: NO_SNAPSHOT_MS } });
    await first.saveState();
    const brand = [...first.state.brands.values()][0];
    if (!brand) throw new Error("no seeded brand");
    brand.toneOfVoiceSections[0]?.values.push("plain-spoken");
    const removed = [...first.state.boards.keys()][0] ?? "";
    first.state.boards.delete(removed);
    await createBoard(first, "flushes the log"); // any request appends what changed before it is answered

    const second = sandboxes.create({ state: file });
    expect(second.state.brands.get(brand.id)?.toneOfVoiceSections[0]?.values).toContain("plain-spoken");
    expect(second.state.boards.has(removed)).toBe(false);
  });

  it("is removed once a snapshot covers it, and a clean close leaves none", async () => {
    const file = stateFile();
    const sandbox = sandboxes.create({ state: { file, debounceMs: NO_SNAPSHOT_MS } });
    await createBoard(sandbox, "one");
    expect(walFiles(file)).toHaveLength(1);
    await sandbox.saveState();
    expect(walFiles(file)).toEqual([]);
    await createBoard(sandbox, "two");
    await sandbox.close();
    expect(walFiles(file)).toEqual([]);
    expect(readFileSync(file, "utf8")).toContain('"two"');
  });

  it("ignores a last line cut short (never acknowledged), and refuses a log damaged elsewhere", async () => {
    const file = stateFile();
    const first = sandboxes.create({ state: { file, debounceMs: NO_SNAPSHOT_MS } });
    await first.saveState();
    await createBoard(first, "Kept");
    const [segment = ""] = walFiles(file);
    appendFileSync(join(file, "..", segment), '{"seq": 99, "clock": "2026-');
    const second = createSandbox({ state: file });
    expect([...second.state.boards.values()].map((board) => board.title)).toContain("Kept");
    await second.close();

    writeFileSync(join(file, "..", segment), 'not json\n{"seq": 1, "changes": []}\n');
    expect(() => createSandbox({ state: file })).toThrow(SandboxStateError);
    expect(() => createSandbox({ state: file })).toThrow(
      /is corrupt \(its write-ahead log .* line 1 that is not JSON\)/,
    );
  });
});

describe("a state file's random position", () => {
  const saved = (draws: number, clock = "2026-01-05T09:00:00Z") =>
    JSON.stringify({ format: "studio-sandbox-state", version: 1, clock, random: { seed: 1, draws }, state: {} });

  it('refuses "draws": 1e12 at once as corrupt, naming the file and the bound, and leaves the file as it was', () => {
    const file = stateFile();
    writeFileSync(file, saved(1e12));
    expect(() => createSandbox({ state: file })).toThrow(
      `@studio-kit/sandbox: state file ${file} is corrupt ("random.draws" is 1000000000000, more than the ${RANDOM_PERIOD} a sandbox can make)`,
    );
    expect(readFileSync(file, "utf8")).toBe(saved(1e12));
  });

  it("skips a large but possible number of draws at once, landing where drawing one by one would", async () => {
    const file = stateFile();
    writeFileSync(file, saved(RANDOM_PERIOD - 1));
    const sandbox = createSandbox({ state: file }); // returns at once: the draws are not made one by one
    expect(sandbox.clock.iso()).toBe("2026-01-05T09:00:00.000Z");
    await sandbox.close();

    const stepped = createRandom(7);
    const skipped = createRandom(7);
    for (let index = 0; index < 10_000; index += 1) stepped.next();
    skipped.skip(10_000);
    expect(skipped.next()).toBe(stepped.next());
    const wrapped = createRandom(7);
    wrapped.skip(RANDOM_PERIOD); // a whole period comes back to the start
    expect(wrapped.next()).toBe(createRandom(7).next());
  });

  it("refuses a clock past the last time the sandbox reaches as corrupt", () => {
    const file = stateFile();
    writeFileSync(file, saved(0, "+100000-01-01T00:00:00Z"));
    expect(() => createSandbox({ state: file })).toThrow(
      /is corrupt \("clock" is later than 9999-12-31T23:59:59.999Z\)/,
    );
  });
});
