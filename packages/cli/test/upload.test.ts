// `studio upload`, run as the built bin against a sandbox: real files from a temp folder, the board read back with
// `studio board show`, each exit code, and the checks that send nothing.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startGraphqlProxy } from "./support/graphql-proxy.js";
import { startStudio } from "./support/interrupt.js";
import { folderWith, png, wav } from "./support/media.js";
import { startTestSandbox, studio } from "./support/studio.js";

interface Uploaded {
  uploads: { file: string; fileId: string; kind: string; asset: { __typename: string; id: string }; size: number }[];
  failed: { file: string; code: string | null; message: string }[];
  board?: { title: string; created: boolean; cardIds: string[] };
}

const PNG = png(64, 48);
const WAV = wav(0.5);

describe("studio upload", () => {
  it("uploads a PNG and a WAV onto a new board, and board show lists both cards with their kinds", async () => {
    const sandbox = await startTestSandbox();
    const dir = folderWith({ "poster.png": PNG, "jingle.wav": WAV });
    const files = [join(dir, "poster.png"), join(dir, "jingle.wav")];
    const ran = await studio(["upload", ...files, "--board", "Uploads", "--json"], { env: sandbox.env });
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    const doc = ran.json<Uploaded>();
    expect(doc.uploads.map((entry) => [entry.file, entry.kind, entry.asset.__typename, entry.size])).toEqual([
      [files[0], "image", "Image", PNG.length],
      [files[1], "audio", "Audio", WAV.length],
    ]);
    expect(doc.failed).toEqual([]);
    // Signed URLs are never printed (CLI output ends up in CI logs): the asset is there without them.
    expect(ran.stdout).not.toMatch(/https?:\/\//);
    expect(doc.board).toMatchObject({ title: "Uploads", created: true });
    expect(doc.board?.cardIds).toHaveLength(2);

    const shown = await studio(["board", "show", "Uploads", "--json"], { env: sandbox.env });
    const { cards } = shown.json<{ cards: { assetId: string; assetType: string; asset: { __typename: string } }[] }>();
    expect(cards.map((card) => [card.assetId, card.asset.__typename])).toEqual([
      [doc.uploads[0]?.asset.id, "Image"],
      [doc.uploads[1]?.asset.id, "Audio"],
    ]);
    const human = await studio(["board", "show", "Uploads"], { env: sandbox.env });
    expect(human.stdout).toMatch(new RegExp(`^Image\\s+${doc.uploads[0]?.asset.id}`, "m"));
    expect(human.stdout).toMatch(new RegExp(`^Audio\\s+${doc.uploads[1]?.asset.id}`, "m"));
  });

  it("puts the uploads on a board that already exists instead of making a second one", async () => {
    const sandbox = await startTestSandbox();
    const dir = folderWith({ "poster.png": PNG });
    const ran = await studio(["upload", join(dir, "poster.png"), "--board", "spring CAMPAIGN", "--json"], {
      env: sandbox.env,
    });
    expect(ran.code).toBe(0);
    expect(ran.json<Uploaded>().board).toMatchObject({ title: "Spring campaign", created: false });
    const boards = await studio(["boards", "--json"], { env: sandbox.env });
    const titles = boards.json<{ boards: { title: string }[] }>().boards.map((board) => board.title.toLowerCase());
    expect(titles.filter((title) => title === "spring campaign")).toHaveLength(1);
  });

  it("piped, prints the table on stdout and no progress bar on stderr", async () => {
    const sandbox = await startTestSandbox();
    const dir = folderWith({ "poster.png": PNG, "jingle.wav": WAV });
    const ran = await studio(["upload", "poster.png", "jingle.wav", "--board", "Uploads"], {
      env: sandbox.env,
      cwd: dir,
    });
    expect(ran.code).toBe(0);
    const lines = ran.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^FILE\s+KIND\s+ASSET ID\s+SIZE$/);
    expect(lines[1]).toMatch(/^poster\.png\s+image\s+\S+\s+\d+(\.\d)? KiB$/);
    expect(lines[2]).toMatch(/^jingle\.wav\s+audio\s+\S+\s+\d+(\.\d)? KiB$/);
    expect(lines[3]).toBe('Put 2 cards on board "Uploads" (created).');
    // No bar, no cursor movement or hiding: stderr has nothing at all for a pipe.
    expect(ran.stderr).toBe("");
  });

  it("a .txt file with a good one is a usage error naming it, and nothing is sent", async () => {
    const sandbox = await startTestSandbox();
    const dir = folderWith({ "poster.png": PNG, "notes.txt": "remember the tent" });
    const ran = await studio(["upload", "poster.png", "notes.txt", "--board", "Uploads"], {
      env: sandbox.env,
      cwd: dir,
    });
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toContain("notes.txt: text/plain is not a type the platform takes; upload an image (JPEG, PNG");
    expect(ran.stderr).toContain("Nothing was uploaded.");
    expect(ran.stderr).not.toContain("poster.png");
    expect(sandbox.requests()).toBe(0);
  });

  it("an empty file, a missing one and a GIF are each named with what to do, and nothing is sent", async () => {
    const sandbox = await startTestSandbox();
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==", "base64");
    const dir = folderWith({ "poster.png": PNG, "empty.png": "", "wave.gif": gif });
    const ran = await studio(["upload", "poster.png", "empty.png", "gone.wav", "wave.gif", "--json"], {
      env: sandbox.env,
      cwd: dir,
    });
    expect(ran.code).toBe(2);
    // --json: the usage error as the one JSON document on stdout.
    expect(ran.json<{ error: unknown }>().error).toMatchObject({ name: "CliError", code: "usage", exitCode: 2 });
    expect(ran.stderr).toContain("3 files cannot be uploaded.");
    expect(ran.stderr).toContain("empty.png: the file is empty (0 bytes); an upload is 1 byte to 256 MiB.");
    expect(ran.stderr).toContain("gone.wav: no such file; check the path.");
    expect(ran.stderr).toContain("wave.gif: image/gif is not allowed for images (allowed: image/jpeg,");
    expect(sandbox.requests()).toBe(0);
  });

  it("a file whose register fails after another was uploaded: the upload is printed, then exit 1 naming the file", async () => {
    const sandbox = await startTestSandbox();
    const proxy = await startGraphqlProxy(sandbox.server.url, (operation) =>
      operation === "UploadAudio"
        ? { error: "Audio storage is unavailable.", code: "INTERNAL_SERVER_ERROR" }
        : "forward",
    );
    const dir = folderWith({ "poster.png": PNG, "jingle.wav": WAV });
    const ran = await studio(["upload", "poster.png", "jingle.wav", "--json"], {
      env: { ...sandbox.env, STUDIO_BASE_URL: proxy.url },
      cwd: dir,
    });
    expect(ran.code).toBe(1);
    const doc = ran.json<Uploaded>();
    expect(doc.uploads.map((entry) => [entry.file, entry.kind])).toEqual([["poster.png", "image"]]);
    expect(doc.failed.map((failure) => failure.file)).toEqual(["jingle.wav"]);
    expect(ran.stderr).toContain("1 of 2 files uploaded; these were not:\njingle.wav:");
    expect(ran.stderr).toContain("Audio storage is unavailable.");
    // The refused register is not sent again: the upload package retries only when the bytes did not arrive.
    expect(sandbox.operations().UploadImage).toBe(1);
    expect(proxy.count("UploadAudio")).toBe(1);
  });

  it("when the cards cannot be made, the uploads are printed and exit 1 says they are not on the board", async () => {
    const sandbox = await startTestSandbox();
    const proxy = await startGraphqlProxy(sandbox.server.url, (operation) =>
      operation === "CreateCanvasCards" ? { error: "The canvas is locked.", code: "FORBIDDEN" } : "forward",
    );
    const dir = folderWith({ "poster.png": PNG });
    const ran = await studio(["upload", "poster.png", "--board", "Uploads"], {
      env: { ...sandbox.env, STUDIO_BASE_URL: proxy.url },
      cwd: dir,
    });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^poster\.png\s+image\s+img_/m);
    expect(ran.stderr).toContain('The uploads are in the library but not on board "Uploads": ');
    expect(ran.stderr).toContain("The canvas is locked.");
    expect(proxy.count("CreateCanvasCards")).toBe(1);
  });

  it("Ctrl-C while a file is being signed stops the run with exit 130 and registers nothing", async () => {
    const sandbox = await startTestSandbox();
    const proxy = await startGraphqlProxy(sandbox.server.url, (operation) =>
      operation === "CreateSignedUploadUrl" ? "hold" : "forward",
    );
    const dir = folderWith({ "poster.png": PNG });
    const { child, done } = startStudio(["upload", join(dir, "poster.png")], {
      ...sandbox.env,
      STUDIO_BASE_URL: proxy.url,
    });
    await proxy.seen("CreateSignedUploadUrl");
    child.kill("SIGINT");
    const ran = await done;
    expect(ran.code).toBe(130);
    expect(ran.stderr).toContain(
      `studio: stopped.\nNo file was uploaded:\n${join(dir, "poster.png")}: the upload was aborted by the caller (interrupted); nothing was registered.`,
    );
    expect(sandbox.operations().UploadImage ?? 0).toBe(0);
  });
});
