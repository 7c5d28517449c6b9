import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ApiCredentialWorkspaceDocument,
  CreateStudioSessionDocument,
  CreditsBalanceDocument,
  GenerateImageDocument,
  ImageDocument,
  StudioSessionsDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { createRealTimeClock, createSandbox, type Sandbox, SandboxStateError } from "../src/index.js";
import { ok, PAST_ANY_JOB_MS, send, useSandbox } from "./support/client.js";
import { form, png, post, registerImage, requestUpload } from "./support/uploads.js";

const sandboxes = useSandbox();
const directories: string[] = [];
afterEach(async () => {
  await sandboxes.closeAll();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A state file path in a directory of its own, removed after the test. */
function stateFile(): string {
  const directory = mkdtempSync(join(tmpdir(), "sandbox-state-"));
  directories.push(directory);
  return join(directory, "state.json");
}

const generate = (sandbox: Sandbox, prompt: string) =>
  ok(sandbox, GenerateImageDocument, { workspaceId: sandbox.workspaceId, prompt, aspectRatio: "1:1" });
const image = async (sandbox: Sandbox, id: string) => (await ok(sandbox, ImageDocument, { id })).image;
const boardTitles = async (sandbox: Sandbox) =>
  (await ok(sandbox, StudioSessionsDocument, { workspaceId: sandbox.workspaceId })).studioSessions?.map((b) => b.title);

describe("saved state", () => {
  it("keeps boards, a running job and spent credits across a restart; the job carries on where it stood", async () => {
    const file = stateFile();
    const first = sandboxes.create({ state: file });
    await ok(first, CreateStudioSessionDocument, { workspaceId: first.workspaceId, title: "Kept board" });
    const id = (await generate(first, "a lighthouse")).generateImage?.images?.[0]?.id ?? "";
    first.advance(500);
    const before = await image(first, id);
    const credits = (await ok(first, CreditsBalanceDocument, { workspaceId: first.workspaceId })).creditsBalance;
    await first.close();

    const second = sandboxes.create({ state: file });
    expect(await boardTitles(second)).toContain("Kept board");
    expect(await image(second, id)).toEqual(before);
    expect(before?.status).toBe("PROCESSING");
    expect((await ok(second, CreditsBalanceDocument, { workspaceId: second.workspaceId })).creditsBalance).toEqual(
      credits,
    );
    second.advance(PAST_ANY_JOB_MS);
    const done = await image(second, id);
    expect(done?.status).toBe("COMPLETED");
    const download = await fetch(done?.downloadUrl ?? "");
    expect(download.headers.get("content-type")).toBe("image/png");
  });

  it("issues after a restart the ids an unstopped sandbox would have, so none repeats a saved one", async () => {
    const file = stateFile();
    const first = sandboxes.create({ state: file });
    const saved = (await generate(first, "one")).generateImage?.images?.[0]?.id;
    await first.close();
    const restarted = sandboxes.create({ state: file });
    const next = (await generate(restarted, "two")).generateImage?.images?.[0]?.id;

    const unstopped = sandboxes.create();
    const ids = [await generate(unstopped, "one"), await generate(unstopped, "two")].map(
      (data) => data.generateImage?.images?.[0]?.id,
    );
    expect(ids).toEqual([saved, next]);
    expect(next).not.toBe(saved);
  });

  it("saves a change by itself within the debounce, and writes nothing when nothing changed", async () => {
    const file = stateFile();
    const sandbox = sandboxes.create({ state: { file, debounceMs: 10 } });
    await ok(sandbox, CreateStudioSessionDocument, { workspaceId: sandbox.workspaceId, title: "Saved by itself" });
    await expect.poll(() => readFileSync(file, "utf8"), { timeout: 2_000 }).toContain("Saved by itself");

    // Reads change no record: the file (its inode: every write renames a new one in) stays as it is.
    const written = statSync(file).ino;
    await send(sandbox, ApiCredentialWorkspaceDocument);
    await sandbox.saveState();
    expect(statSync(file).ino).toBe(written);
  });

  it("restores a test clock to the saved time, and lets a clock that follows real time resume at the later", async () => {
    const file = stateFile();
    const first = sandboxes.create({ state: file });
    first.advance(10 * 60_000);
    await first.close();
    expect(sandboxes.create({ state: file }).clock.iso()).toBe("2026-01-05T09:10:00.000Z");

    const real = { now: Date.UTC(2026, 2, 1, 12, 0, 0) };
    const realNow = () => real.now;
    const live = stateFile();
    const ahead = sandboxes.create({ state: live, clock: createRealTimeClock({ realNow }) });
    const id = (await generate(ahead, "at noon")).generateImage?.images?.[0]?.id ?? "";
    ahead.advance(60 * 60_000); // an hour ahead of real time
    await ahead.close();

    real.now += 10 * 60_000; // restarted ten minutes later: the saved time is still ahead, so it wins
    const soon = sandboxes.create({ state: live, clock: createRealTimeClock({ realNow }) });
    expect(soon.clock.iso()).toBe("2026-03-01T13:00:00.000Z");
    await soon.close();

    real.now += 24 * 60 * 60_000; // the next day: real time is later, and the job finished meanwhile
    const nextDay = sandboxes.create({ state: live, clock: createRealTimeClock({ realNow }) });
    expect(nextDay.clock.iso()).toBe("2026-03-02T12:10:00.000Z");
    expect((await image(nextDay, id))?.status).toBe("COMPLETED");
  });

  it("keeps uploaded bytes in a folder beside the state file", async () => {
    const file = stateFile();
    const first = sandboxes.create({ state: file });
    const upload = await requestUpload(first);
    const bytes = png(3, 2);
    expect((await post(upload, form(upload, bytes))).status).toBe(204);
    const registered = (await registerImage(first, upload.fileId)).data?.uploadImage?.image?.id ?? "";
    await first.close();
    expect(statSync(`${file}.uploads`).isDirectory()).toBe(true);

    const second = sandboxes.create({ state: file });
    const served = await fetch((await image(second, registered))?.downloadUrl ?? "");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it("adds a workspace configured after the state was saved, beside the saved records", async () => {
    const file = stateFile();
    const first = sandboxes.create({ state: file });
    await ok(first, CreateStudioSessionDocument, { workspaceId: first.workspaceId, title: "Before" });
    await first.close();
    const second = sandboxes.create({
      state: file,
      config: { workspaces: [{ id: "ws_new", credits: 7, keys: [{ key: "sk_new" }] }] },
    });
    expect(await boardTitles(second)).toContain("Before");
    const credits = await send(second, CreditsBalanceDocument, { workspaceId: "ws_new" }, "sk_new");
    expect(credits.data?.creditsBalance?.balance).toBe(7);
  });
});

describe("a state file the sandbox cannot trust", () => {
  it.each([
    ["a file that is not JSON", '{"format": "studio-sandbox-state", "vers', /is corrupt \(not JSON/],
    ["an empty file", "", /is corrupt \(it is empty\)/],
    ["another JSON file", '{"name": "my-app"}', /is not a sandbox state file/],
    [
      "a file of a newer format",
      '{"format": "studio-sandbox-state", "version": 2, "everything": "different"}',
      /was written by a newer @studio-kit\/sandbox \(state format 2; this one reads format 1/,
    ],
    [
      "a file with a broken collection",
      '{"format":"studio-sandbox-state","version":1,"clock":"2026-01-05T09:00:00Z","random":{"seed":1,"draws":9},"state":{"boards":{}}}',
      /is corrupt \("state\.boards" is not a list/,
    ],
  ])("refuses %s, naming the file, and leaves it as it is", async (_, text, problem) => {
    const file = stateFile();
    writeFileSync(file, text);
    let refused: unknown;
    try {
      createSandbox({ state: file });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(SandboxStateError);
    expect((refused as Error).message).toContain(`state file ${file} `);
    expect((refused as Error).message).toMatch(problem);
    expect(readFileSync(file, "utf8")).toBe(text);
  });
});
