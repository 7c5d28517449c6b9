// Mistakes found before anything is spent (issue 27): an `--out` that cannot take the files, a number too large to
// hold, and what `--json` prints on stdout when a run stops with an error (one JSON document, never nothing).
import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkOutDir, OutDirError } from "../src/generate/out-dir.js";
import { startTestSandbox, studio } from "./support/studio.js";

type ErrorDoc = { error: { name: string; code: string; message: string; exitCode: number; [key: string]: unknown } };

const scratch = () => mkdtemp(join(tmpdir(), "studio-usage-"));

describe("--out is checked before anything is sent", () => {
  it("an existing file as --out: exit 2 naming it and the fix, no request at all, nothing spent", async () => {
    const sandbox = await startTestSandbox();
    const file = join(await scratch(), "fox.png");
    await writeFile(file, "not a folder");
    const ran = await studio(["image", "a fox", "--out", file], { env: sandbox.env });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`studio: --out takes a folder, and ${file} is a file.`);
    expect(ran.stderr).toContain("Give a folder, such as --out ./out (created if missing).");
    expect(ran.stderr).toContain("Nothing was generated and no credits were spent.");
    expect(ran.stderr).not.toContain("EEXIST");
    expect(sandbox.requests()).toBe(0);
  });

  it("a folder to make under a file: exit 2 naming the file in the way, no request", async () => {
    const sandbox = await startTestSandbox();
    const file = join(await scratch(), "notes.txt");
    await writeFile(file, "");
    const ran = await studio(["video", "waves", "--out", join(file, "clips")], { env: sandbox.env });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`cannot be made: ${file} is a file.`);
    expect(sandbox.requests()).toBe(0);
  });

  it("a folder that does not exist yet is still made, as before, once the results are in", async () => {
    const sandbox = await startTestSandbox();
    const out = join(await scratch(), "new", "deeper");
    const ran = await studio(["music", "calm piano", "--out", out, "--json"], { env: sandbox.env });
    expect(ran.code).toBe(0);
    const [record] = ran.json<{ records: { id: string }[] }>().records;
    expect(await readdir(out)).toEqual([`${record?.id}.wav`]);
  });

  it("a folder that cannot be written to is refused, naming the folder (the check itself, as root ignores modes)", async () => {
    const dir = await scratch();
    await mkdir(join(dir, "locked"));
    const denied = Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    const fs = {
      stat: async (path: string) => ({ isDirectory: () => path.startsWith(dir) }),
      access: async () => {
        throw denied;
      },
    };
    const error = await checkOutDir(join(dir, "locked"), fs).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OutDirError);
    expect(error).toMatchObject({ code: "usage", exitCode: 2, problem: "not-writable" });
    expect((error as Error).message).toBe(
      `--out cannot write into the folder ${join(dir, "locked")} (EACCES). Give a folder you can write to, or change ` +
        "its permissions. Nothing was generated and no credits were spent.",
    );
    await expect(checkOutDir("  ")).rejects.toMatchObject({ problem: "empty" });
  });
});

describe("a number too large to hold", () => {
  it("is echoed as typed, not rounded, and refused before any request (exit 2)", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["image", "a fox", "--count", "99999999999999999999"], { env: sandbox.env });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("`--count 99999999999999999999` is too large: `--count` takes a whole number");
    expect(ran.stderr).not.toContain("100000000000000000000");
    expect(sandbox.requests()).toBe(0);
  });
});

describe("--json prints one JSON error document when a run stops with an error", () => {
  it("an --out usage error: the error, its problem and exit code on stdout; the words still on stderr", async () => {
    const sandbox = await startTestSandbox();
    const file = join(await scratch(), "fox.png");
    await writeFile(file, "");
    const ran = await studio(["image", "a fox", "--out", file, "--json"], { env: sandbox.env });
    expect(ran.code).toBe(2);
    expect(ran.json<ErrorDoc>()).toEqual({
      error: {
        name: "OutDirError",
        code: "usage",
        message: expect.stringContaining(`--out takes a folder, and ${file} is a file.`),
        option: "--out",
        path: file,
        problem: "not-a-folder",
        exitCode: 2,
      },
    });
    expect(ran.stderr).toContain("studio: --out takes a folder");
    expect(sandbox.requests()).toBe(0);
  });

  it("an argument error commander finds (a word for a number): its code and message", async () => {
    const ran = await studio(["image", "a fox", "--count", "two", "--json"], { env: { STUDIO_API_KEY: "unused" } });
    expect(ran.code).toBe(2);
    const { error } = ran.json<ErrorDoc>();
    expect(error).toMatchObject({ name: "CommanderError", code: "commander.invalidArgument", exitCode: 2 });
    expect(error.message).toContain("`--count` takes a whole number, such as `--count 2` (got `two`).");
  });

  it("a usage error found after the catalog was read, and no key at all", async () => {
    const sandbox = await startTestSandbox();
    const catalog = await studio(["video", "waves", "--duration", "7", "--json"], { env: sandbox.env });
    expect(catalog.code).toBe(2);
    expect(catalog.json<ErrorDoc>().error).toMatchObject({ name: "CliError", code: "usage", exitCode: 2 });
    expect(catalog.json<ErrorDoc>().error.message).toContain("`--duration 7` is not available for vid-tide-1.");
    const noKey = await studio(["credits", "--json"]);
    expect(noKey.code).toBe(2);
    expect(noKey.json<ErrorDoc>().error).toMatchObject({
      code: "usage",
      message: expect.stringContaining("No API key"),
    });
  });

  it("an API failure (exit 1) carries the client's error, the key never in it", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["credits", "--json"], { env: { ...sandbox.env, STUDIO_API_KEY: "sk_wrong_key_123" } });
    expect(ran.code).toBe(1);
    expect(ran.json<ErrorDoc>().error).toMatchObject({
      name: "StudioAuthenticationError",
      code: "UNAUTHENTICATED",
      status: 401,
      exitCode: 1,
    });
    expect(ran.stdout).not.toContain("sk_wrong_key_123");
  });
});
