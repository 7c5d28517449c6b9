import { afterEach, describe, expect, it } from "vitest";
import { createSlackSim, SLACK_RATE_LIMITS, SLACK_RATE_TIERS, SlackSimError } from "../src/index.js";
import { BOT_TOKEN, type Harness, SIGNING_SECRET, startHarness } from "./support/bolt.js";
import { errorDataOf } from "./support/web-api-errors.js";

// files.info (https://docs.slack.dev/reference/methods/files.info) through a real Bolt app's WebClient: the file
// object of a file a person shared, or the app uploaded, and Slack's errors.

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
type FileJson = Record<string, unknown> & { url_private_download: string };

/** Slack's answer to a refused call, as the WebClient rejects with it. */
async function started() {
  harness = await startHarness(() => {});
  return { sim: harness.sim, client: harness.app.client };
}

/** A person shares `name` with a message in `channel`; the file's id. */
async function share(sim: Harness["sim"], channel: string, name: string, bytes = PNG): Promise<string> {
  const sent = await sim.message({ user: "U0ALICE", channel, files: [{ name, bytes }] });
  const message = sim.conversation(channel).find((m) => m.ts === sent.ts);
  const id = message?.files[0]?.id;
  if (!id) throw new Error("the shared file is not in the conversation");
  return id;
}

describe("files.info", () => {
  it("answers a file shared in a channel with Slack's file object, its URLs serving the bytes to the bot token", async () => {
    const { sim, client } = await started();
    const id = await share(sim, "C0GENERAL", "moodboard.png");
    const answer = await client.files.info({ file: id });
    expect(answer).toMatchObject({ ok: true, comments: [], response_metadata: { next_cursor: "" } });
    const file = answer.file as FileJson;
    expect(file).toMatchObject({
      id,
      name: "moodboard.png",
      title: "moodboard.png",
      mimetype: "image/png",
      filetype: "png",
      pretty_type: "PNG",
      size: PNG.byteLength,
      user: "U0ALICE",
      mode: "hosted",
      is_external: false,
      is_public: true,
      channels: ["C0GENERAL"],
      groups: [],
      ims: [],
    });
    expect(file.url_private).toMatch(new RegExp(`/files-pri/T0SIM0001-${id}/moodboard\\.png$`));
    const download = await fetch(file.url_private_download, { headers: { authorization: `Bearer ${BOT_TOKEN}` } });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);
    expect(sim.calls("files.info")).toEqual([expect.objectContaining({ args: { file: id }, ok: true })]);
  });

  it("lists a file shared in a direct message under ims, not public; the app's unshared upload nowhere", async () => {
    const { sim, client } = await started();
    const id = await share(sim, sim.dm("U0ALICE"), "notes.txt", new TextEncoder().encode("notes"));
    const shared = await client.files.info({ file: id });
    expect(shared.file).toMatchObject({
      mimetype: "text/plain",
      filetype: "text",
      is_public: false,
      channels: [],
      ims: ["DU0ALICE"],
    });
    const bytes = new TextEncoder().encode("a clip");
    const ticket = await client.files.getUploadURLExternal({ filename: "clip.mp4", length: bytes.byteLength });
    await fetch(ticket.upload_url ?? "", { method: "POST", body: bytes });
    await client.files.completeUploadExternal({ files: [{ id: ticket.file_id ?? "" }] });
    const uploaded = await client.files.info({ file: ticket.file_id ?? "" });
    expect(uploaded.file).toMatchObject({
      id: ticket.file_id,
      name: "clip.mp4",
      mimetype: "video/mp4",
      size: bytes.byteLength,
      user: "U0SIMBOT1",
      channels: [],
      ims: [],
    });
  });

  it("answers invalid_arguments without a file, file_not_found for an unknown id and file_deleted once deleted", async () => {
    const { sim, client } = await started();
    expect(await errorDataOf(client.apiCall("files.info", {}))).toMatchObject({
      error: "invalid_arguments",
      response_metadata: { messages: ["[ERROR] missing required field: file"] },
    });
    expect(await errorDataOf(client.files.info({ file: "F0NOPE" }))).toMatchObject({ error: "file_not_found" });
    const id = await share(sim, "C0GENERAL", "old.png");
    const url = ((await client.files.info({ file: id })).file as FileJson).url_private_download;
    sim.deleteFile(id);
    expect(await errorDataOf(client.files.info({ file: id }))).toMatchObject({ error: "file_deleted" });
    expect(sim.file(id)).toBeUndefined();
    const download = await fetch(url, { headers: { authorization: `Bearer ${BOT_TOKEN}` }, redirect: "manual" });
    expect(download.status).toBe(404);
    expect(() => sim.deleteFile(id)).toThrow(SlackSimError);
    expect(() => sim.deleteFile("F0NOPE")).toThrow(/no file F0NOPE/);
  });

  it("is Tier 4: the 101st call within a minute is refused with 429 when limits are on", async () => {
    const sim = createSlackSim({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      appUrl: "http://127.0.0.1:9/unused",
      clock: { now: () => 1_700_000_000_000 },
      rateLimits: true,
    });
    expect(SLACK_RATE_TIERS["files.info"]).toBe("Tier 4");
    expect(SLACK_RATE_LIMITS["files.info"]).toBe(100);
    const call = () =>
      sim.handle(
        new Request("http://sim.test/api/files.info", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Bearer ${BOT_TOKEN}` },
          body: "file=F0NOPE",
        }),
      );
    for (let i = 0; i < 100; i++) expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ ok: false, error: "ratelimited" });
  });
});
