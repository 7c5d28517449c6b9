// The reading commands, run as the built bin against a sandbox: what a person sees, what a script parses, and the
// exit codes.
import { describe, expect, it } from "vitest";
import { startTestSandbox, studio } from "./support/studio.js";

describe("settings", () => {
  it("with no key and no --sandbox, says both ways out and exits 2 without a request", async () => {
    const ran = await studio(["credits"]);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toContain("STUDIO_API_KEY");
    expect(ran.stderr).toContain("--sandbox");
  });

  it("--sandbox answers every reading command with no key at all", async () => {
    const ran = await studio(["--sandbox", "whoami", "--json"]);
    expect(ran.code).toBe(0);
    expect(ran.json<{ workspace: { id: string } }>().workspace.id).toBe("ws_acme");
  });

  it("never prints the key, even in the --verbose trace of a failing request", async () => {
    const sandbox = await startTestSandbox();
    const key = "sk_live_a-secret-that-must-not-show";
    const ran = await studio(["credits", "--verbose"], { env: { ...sandbox.env, STUDIO_API_KEY: key } });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain("→ POST");
    expect(`${ran.stdout}${ran.stderr}`).not.toContain(key);
  });
});

describe("reading the workspace", () => {
  it("credits: the spendable total and its parts, as a sentence and as JSON", async () => {
    const sandbox = await startTestSandbox();
    const human = await studio(["credits"], { env: sandbox.env });
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^470 credits available now\n/);
    const json = (await studio(["credits", "--json"], { env: sandbox.env })).json<{
      available: number;
      credits: { balance: number };
    }>();
    expect(json).toMatchObject({ available: 470, credits: { balance: 400 } });
  });

  it("models image: a table of the image models with the values --quality and --resolution take", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["models", "image"], { env: sandbox.env });
    expect(ran.stdout.split("\n")[0]).toMatch(/^ROLE\s+MODEL\s+CREDITS\s+QUALITY\s+RESOLUTION/);
    expect(ran.stdout).toMatch(/img-prism-xl\s+8\s+standard high ultra\s+1K 2K 4K/);
    expect(ran.stdout).not.toContain("video");
  });

  it("models with a role it does not know is a usage error that sends nothing", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["models", "pictures"], { env: sandbox.env });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("models takes image, video, music or voice");
    expect(sandbox.requests()).toBe(0);
  });

  it("presets with a query lists only the matching presets", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["presets", "neon", "--json"], { env: sandbox.env });
    const { presets } = ran.json<{ presets: { slug: string }[] }>();
    expect(presets.map((preset) => preset.slug)).toContain("neon-night");
    expect(presets.map((preset) => preset.slug)).not.toContain("golden-hour");
  });

  it("boards, board new and board show: a new board is listed and shows no cards", async () => {
    const sandbox = await startTestSandbox();
    const created = await studio(["board", "new", "Autumn", "launch", "--json"], { env: sandbox.env });
    expect(created.code).toBe(0);
    expect(created.json<{ board: { title: string } }>().board.title).toBe("Autumn launch");
    const listed = await studio(["boards"], { env: sandbox.env });
    expect(listed.stdout).toMatch(/^Autumn launch\s+0\s/m);
    const shown = await studio(["board", "show", "autumn launch"], { env: sandbox.env });
    expect(shown.stdout).toContain("Autumn launch · 0 cards");
  });

  it("board show names each card's kind in words, the playground's: a note and a shape, never their codes", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["board", "show", "Spring campaign"], { env: sandbox.env });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/^Image\s+img_trail_dawn\s+Trail at dawn$/m);
    expect(ran.stdout).toMatch(/^Note\s+note_brief\s+Brief:/m);
    expect(ran.stdout).toMatch(/^Shape\s+shape_frame\s+-$/m);
    expect(ran.stdout).not.toMatch(/^(text|element|sticky_note)\s/m);
  });

  it("board show of a board that does not exist fails with exit 1, naming the boards there are", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["board", "show", "Nope"], { env: sandbox.env });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain('No board "Nope". Boards: "Trail boot launch", "Spring campaign"');
  });

  it("assets finds by term and filters by --type", async () => {
    const sandbox = await startTestSandbox();
    const tent = await studio(["assets", "tent"], { env: sandbox.env });
    expect(tent.stdout).toMatch(/^image\s+img_tent_night\s/m);
    const logos = (await studio(["assets", "--type", "logo", "--json"], { env: sandbox.env })).json<{
      assets: { __typename: string }[];
    }>();
    expect(logos.assets.length).toBeGreaterThan(0);
    expect(new Set(logos.assets.map((asset) => asset.__typename))).toEqual(new Set(["Logo"]));
  });

  it("status reads each id once, whatever its kind, and exits 1 naming an id it cannot find", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["status", "img_trail_dawn", "vid_river_crossing", "nope", "--json"], {
      env: sandbox.env,
    });
    expect(ran.code).toBe(1);
    const { records, unknown } = ran.json<{
      records: { id: string; kind: string; status: string }[];
      unknown: string[];
    }>();
    expect(records.map((record) => [record.id, record.kind, record.status])).toEqual([
      ["img_trail_dawn", "image", "COMPLETED"],
      ["vid_river_crossing", "video", "COMPLETED"],
    ]);
    expect(unknown).toEqual(["nope"]);
    expect(ran.stderr).toContain('No image, video or audio with id "nope"');
  });
});
