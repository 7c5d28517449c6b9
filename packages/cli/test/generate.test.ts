// The generation commands as the built bin, against a sandbox: the bot's options and checks, QUEUED ids or
// finished records, --out files by their bytes, --board cards, and what each refusal costs (nothing).
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createStudioClient, listBoards, listCards } from "@studio-kit/core";
import { ImageDocument } from "@studio-kit/operations";
import { SANDBOX_KEYS } from "@studio-kit/sandbox";
import { describe, expect, it } from "vitest";
import { BIN, startTestSandbox, studio, type TestSandbox } from "./support/studio.js";

type Records = { records: { id: string; kind: string; status: string; errorMessage?: string | null; file?: string }[] };

const clientOf = (sandbox: TestSandbox) =>
  createStudioClient({ apiKey: SANDBOX_KEYS.readWrite, baseUrl: sandbox.server.url });
const generations = (sandbox: TestSandbox) => {
  const operations = sandbox.operations();
  return ["GenerateImage", "GenerateVideo", "GenerateMusicTrack", "GenerateVoiceover"].reduce(
    (sum, name) => sum + (operations[name] ?? 0),
    0,
  );
};

describe("generating", () => {
  it("without --wait prints the QUEUED ids, having sent one generateImage with the bot's options", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(
      [
        "image",
        "a",
        "red",
        "fox",
        "--count",
        "2",
        "--ratio",
        "16:9",
        "--model",
        "img-prism-xl",
        "--quality",
        "ultra",
        "--preset",
        "golden-hour",
        "--json",
      ],
      { env: sandbox.env },
    );
    expect(ran.code).toBe(0);
    const { records } = ran.json<Records>();
    expect(records).toHaveLength(2);
    expect(records.every((record) => record.status === "QUEUED" && record.kind === "image")).toBe(true);
    expect(sandbox.operations().GenerateImage).toBe(1);
    expect(ran.stderr).toContain("Queued 2 images:");
    const image = sandbox.server.sandbox.state.assets.get(records[0]?.id ?? "");
    expect(image).toMatchObject({ prompt: "a red fox", aspectRatio: "16:9", model: "img-prism-xl" });
  });

  it("--out waits and writes each image as <id>.png, byte for byte what the API serves", async () => {
    const sandbox = await startTestSandbox();
    const out = await mkdtemp(join(tmpdir(), "studio-out-"));
    const ran = await studio(["image", "a lighthouse at dusk", "--count", "2", "--out", out, "--json"], {
      env: sandbox.env,
    });
    expect(ran.code).toBe(0);
    const { records } = ran.json<Records>();
    expect(records.map((record) => record.status)).toEqual(["COMPLETED", "COMPLETED"]);
    expect((await readdir(out)).sort()).toEqual(records.map((record) => `${record.id}.png`).sort());
    const client = clientOf(sandbox);
    for (const record of records) {
      const { image } = await client.request(ImageDocument, { id: record.id });
      const served = Buffer.from(await (await fetch(image?.downloadUrl ?? "")).arrayBuffer());
      expect((await readFile(join(out, `${record.id}.png`))).equals(served)).toBe(true);
    }
    expect(ran.stdout).not.toContain("X-Amz-Signature");
  });

  it("--board puts the finished results on that board, creating it", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["video", "waves on a rocky shore", "--duration", "5", "--audio", "--board", "Shore"], {
      env: sandbox.env,
    });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^vid_\S+\s+video\s+COMPLETED/m);
    expect(ran.stdout).toContain('On board "Shore" (created): 1 card.');
    const client = clientOf(sandbox);
    const board = (await listBoards(client)).find((each) => each.title === "Shore");
    expect(board).toBeDefined();
    const cards = await listCards(client, board ?? { conversationId: null });
    expect(cards.map((card) => card.asset?.__typename)).toEqual(["Video"]);
  });

  it("music and voice take the bot's options and wait like the others", async () => {
    const sandbox = await startTestSandbox();
    const music = await studio(["music", "calm piano", "--instrumental", "--wait", "--json"], { env: sandbox.env });
    expect(music.code).toBe(0);
    expect(music.json<Records>().records[0]).toMatchObject({ kind: "audio", status: "COMPLETED" });
    const voice = await studio(["voice", "Welcome to the spring collection.", "--language", "en", "--json"], {
      env: sandbox.env,
    });
    expect(voice.json<Records>().records[0]).toMatchObject({ kind: "audio", status: "QUEUED" });
    expect(sandbox.operations()).toMatchObject({ GenerateMusicTrack: 1, GenerateVoiceover: 1 });
  });

  it("a FAILED generation with --wait exits 1 with its errorMessage, its record printed", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["image", "a fox [fail]", "--wait", "--json"], { env: sandbox.env });
    expect(ran.code).toBe(1);
    const [record] = ran.json<Records>().records;
    expect(record?.status).toBe("FAILED");
    expect(ran.stderr).toContain(`image ${record?.id} failed: ${record?.errorMessage}`);
  });
});

describe("refusals cost nothing", () => {
  it.each([
    ["a word where a number belongs", ["image", "a fox", "--count", "two"], "`--count` takes a whole number"],
    ["a ratio out of bounds", ["image", "a fox", "--ratio", "9:1"], "is too wide"],
    ["a flag the command does not take", ["music", "piano", "--ratio", "1:1"], "unknown option '--ratio'"],
    ["a flag given twice", ["video", "waves", "--duration", "5", "--duration", "10"], "`--duration` was given twice"],
  ])("%s is a usage error before any request (exit 2)", async (_, args, words) => {
    const sandbox = await startTestSandbox();
    const ran = await studio(args, { env: sandbox.env });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(words);
    expect(sandbox.requests()).toBe(0);
  });

  it("options the catalog refuses are a usage error naming the valid values; nothing is generated", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["video", "waves", "--duration", "7", "--preset", "golden-hour"], { env: sandbox.env });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("`--duration 7` is not available for vid-tide-1. Valid: 5, 10.");
    expect(ran.stderr).toContain("`golden-hour` is an image preset, not for video.");
    expect(ran.stderr).toContain("`studio models video` lists the video models");
    expect(generations(sandbox)).toBe(0);
  });

  it("short of credits, it says so and generates nothing (exit 1)", async () => {
    const sandbox = await startTestSandbox();
    const credits = sandbox.server.sandbox.state.credits.get(sandbox.server.sandbox.workspaceId);
    Object.assign(credits ?? {}, { balance: 0, bonusBalance: 0, dailyFreeUsed: credits?.dailyFreeLimit });
    const ran = await studio(["image", "a fox", "--count", "4"], { env: sandbox.env });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/Not enough credits: this costs about 16 and 0 are available/);
    expect(generations(sandbox)).toBe(0);
  });

  it("above the confirmation threshold a script must say --yes; with it, the generation goes", async () => {
    const sandbox = await startTestSandbox();
    const env = { ...sandbox.env, CREDITS_CONFIRM_THRESHOLD: "10" };
    const asked = await studio(["image", "a fox", "--count", "4"], { env });
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain(
      "This would spend about 16 credits (of 470 available), above the confirmation threshold of 10. Add --yes",
    );
    expect(generations(sandbox)).toBe(0);
    const yes = await studio(["image", "a fox", "--count", "4", "--yes"], { env });
    expect(yes.code).toBe(0);
    expect(generations(sandbox)).toBe(1);
  });
});

describe("Ctrl-C", () => {
  it("stops waiting with exit 130, names the queued ids, and sends no generation again", async () => {
    const sandbox = await startTestSandbox({ jobMs: 60_000 });
    const child = spawn(process.execPath, [BIN, "image", "a slow fox", "--wait"], {
      env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...sandbox.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
      if (stderr.includes("Queued an image")) child.kill("SIGINT");
    });
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(130);
    const id = /Queued an image: (\S+)/.exec(stderr)?.[1];
    expect(stderr).toContain(`Still generating: ${id}. See them later with: studio status ${id}`);
    expect(sandbox.operations().GenerateImage).toBe(1);
  });
});
