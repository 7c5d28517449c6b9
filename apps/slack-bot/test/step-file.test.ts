// "Add to a board"'s file, without Slack (flows/step-file.ts): files.info's answer given by a fake `lookUp`, Slack's
// file host by a fake fetch, the studio by the sandbox behind msw. Each way it fails is the step's error, in words.
import { createStudioClient } from "@studio-kit/core";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readConfig } from "../src/config.js";
import type { BotDeps } from "../src/deps.js";
import { type StepFileSource, uploadStepFile } from "../src/flows/step-file.js";
import type { SlackFileLookup } from "../src/services/slack-file-info.js";
import { FILES, fileRef, GIF, PNG, TOKEN, useMswSandbox } from "./support/files.js";

const BASE_URL = "https://api.studio-kit.test";
const sandboxOf = useMswSandbox(BASE_URL);

let lines: string[];
let deps: BotDeps;
beforeEach(() => {
  lines = [];
  deps = {
    config: readConfig({ SLACK_BOT_TOKEN: TOKEN, SLACK_SIGNING_SECRET: "s" }),
    studio: createStudioClient({ apiKey: sandboxOf().keys.readWrite, baseUrl: BASE_URL, retry: false }),
    logger: pino({ level: "debug" }, { write: (line: string) => void lines.push(line) }),
  } as unknown as BotDeps;
});
afterEach(() => {
  expect(lines.join("\n")).not.toContain(TOKEN);
});

const signed = () => sandboxOf().stats().operations.CreateSignedUploadUrl ?? 0;

/** The step's file: files.info answers `found`, Slack's host serves `bytes` (or redirects, as to sign-in). */
function source(found: SlackFileLookup, bytes?: Uint8Array, { redirect = false } = {}) {
  const downloads: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    downloads.push(String(input));
    if (redirect || !bytes) return new Response(null, { status: 302, headers: { location: `${FILES}/signin` } });
    return new Response(bytes.slice(), { headers: { "content-length": String(bytes.byteLength) } });
  };
  const step: StepFileSource = {
    fileId: found.ok ? found.file.id : "F0GONE",
    lookUp: async () => found,
    intake: { token: TOKEN, fetch },
  };
  return { step, downloads };
}

describe("uploadStepFile", () => {
  it("uploads a PNG as a UGC image and answers its asset id and the image card kind", async () => {
    const { step, downloads } = source({ ok: true, file: fileRef("F1", "fox.png", "image/png", PNG.byteLength) }, PNG);
    const uploaded = await uploadStepFile(deps, step);
    expect(uploaded).toEqual({ ok: true, assetId: expect.any(String), assetType: "image" });
    expect(downloads).toEqual([`${FILES}/files-pri/T1-F1/download/fox.png`]);
  });

  it("names files.info's refusal: unknown or not visible, deleted, another organization's, Slack not answering", async () => {
    const errors = await Promise.all(
      ["file_not_found", "file_deleted", "access_denied", "unreachable", "ratelimited"].map(
        async (code) => ((await uploadStepFile(deps, source({ ok: false, code }).step)) as { error: string }).error,
      ),
    );
    expect(errors).toEqual([
      "Studio: Slack has no file F0GONE the app can read: share it in a channel the app is in, or pick another file.",
      "Studio: the file F0GONE was deleted in Slack: pick another file.",
      "Studio: the app may not read the file F0GONE (a file from another organization): pick another file.",
      "Studio: Slack did not answer when the app looked up the file F0GONE; nothing was uploaded. Run the step again.",
      "Studio: Slack refused to show the file F0GONE to the app (ratelimited); nothing was uploaded.",
    ]);
  });

  it("refuses a file over 256 MiB, an empty one and a linked one from Slack's metadata: no download, no upload", async () => {
    const before = signed();
    const huge = source({ ok: true, file: fileRef("F2", "huge.mp4", "video/mp4", 300 * 1024 * 1024) });
    const empty = source({ ok: true, file: fileRef("F3", "blank.png", "image/png", 0) });
    const linked = source({ ok: true, file: fileRef("F4", "deck.png", "image/png", 10, { mode: "external" }) });
    expect(await uploadStepFile(deps, huge.step)).toEqual({
      ok: false,
      error:
        'Studio: "huge.mp4" is 300.0 MiB: the studio takes files up to 256.0 MiB. Use a smaller or compressed version.',
    });
    expect(await uploadStepFile(deps, empty.step)).toEqual({ ok: false, error: 'Studio: "blank.png" is empty.' });
    expect(await uploadStepFile(deps, linked.step)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Studio: "deck\.png" is a linked file, not stored in Slack/),
    });
    expect([...huge.downloads, ...empty.downloads, ...linked.downloads]).toEqual([]);
    expect(signed()).toBe(before);
  });

  it("says the download failed when Slack redirects it (the token cannot read it), and uploads nothing", async () => {
    const before = signed();
    const file = fileRef("F5", "secret.png", "image/png", PNG.byteLength);
    const { step, downloads } = source({ ok: true, file }, PNG, { redirect: true });
    expect(await uploadStepFile(deps, step)).toEqual({
      ok: false,
      error: 'Studio: the app could not download "secret.png" from Slack; nothing was uploaded. Run the step again.',
    });
    expect(downloads).toHaveLength(1);
    expect(signed()).toBe(before);
  });

  it("refuses bytes that are not what Slack said (a GIF named .png) as the type they really are", async () => {
    const { step } = source({ ok: true, file: fileRef("F6", "sneaky.png", "image/png", GIF.byteLength) }, GIF);
    expect(await uploadStepFile(deps, step)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Studio: "sneaky\.png" is image\/gif, which the studio does not take: use images/),
    });
  });

  it("says the studio did not take the file when the upload fails, and escapes the file's name", async () => {
    deps.studio = createStudioClient({ apiKey: "sk-wrong", baseUrl: BASE_URL, retry: false });
    const file = fileRef("F7", "<!channel> a&b.png", "image/png", PNG.byteLength);
    const { step } = source({ ok: true, file }, PNG);
    expect(await uploadStepFile(deps, step)).toEqual({
      ok: false,
      error:
        'Studio: the studio did not take "&lt;!channel&gt; a&amp;b.png" (the upload was refused or failed); nothing is on the board. Run the step again.',
    });
    expect(lines.some((line) => line.includes("workflow step: the upload failed"))).toBe(true);
  });
});
