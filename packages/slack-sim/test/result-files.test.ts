import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackSim, type SlackSim } from "../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./support/bolt.js";
import { errorDataOf } from "./support/web-api-errors.js";

// A job's result as one message: files uploaded without sharing them, then the progress message replaced by
// chat.update with image blocks showing them (`slack_file: { id }`) and `file_ids` for the rest.

let sim: SlackSim;
let client: webApi.WebClient;

beforeEach(async () => {
  sim = createSlackSim({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: "http://127.0.0.1:9/unused" });
  await sim.start();
  client = new webApi.WebClient(BOT_TOKEN, {
    slackApiUrl: sim.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
  });
});
afterEach(() => sim.close());

/** Uploads a file the way filesUploadV2 does without a channel: the file exists but is shared nowhere. */
async function uploadUnshared(filename: string, bytes = new TextEncoder().encode(`bytes of ${filename}`)) {
  const url = await client.files.getUploadURLExternal({ filename, length: bytes.byteLength });
  const sent = await fetch(url.upload_url ?? "", { method: "POST", body: bytes });
  expect(sent.status).toBe(200);
  await client.files.completeUploadExternal({ files: [{ id: url.file_id ?? "", title: filename }] });
  return url.file_id ?? "";
}

const image = (id: string) => ({ type: "image" as const, slack_file: { id }, alt_text: "result" });

describe("a result as one message", () => {
  it("uploads files without sharing them: no message appears, and the files are in the workspace", async () => {
    const id = await uploadUnshared("fox.png");
    expect(sim.conversation("C0GENERAL")).toEqual([]);
    expect(sim.file(id)).toMatchObject({ name: "fox.png", mimetype: "image/png" });
  });

  it("replaces the progress message with image blocks of uploaded files and attaches a video with file_ids", async () => {
    const fox = await uploadUnshared("fox.png");
    const clip = await uploadUnshared("clip.mp4");
    const progress = await client.chat.postMessage({ channel: "C0GENERAL", text: "Working on it…" });

    const updated = await client.chat.update({
      channel: "C0GENERAL",
      ts: progress.ts ?? "",
      text: "Your results",
      blocks: [image(fox)],
      file_ids: [clip],
    });

    expect(updated.message).toMatchObject({ files: [{ id: clip, name: "clip.mp4", mimetype: "video/mp4" }] });
    const [message, ...others] = sim.conversation("C0GENERAL");
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      ts: progress.ts,
      text: "Your results",
      blocks: [{ type: "image", slack_file: { id: fox } }],
      files: [{ id: clip, name: "clip.mp4" }],
    });

    // The attached file is downloadable from the url_private history shows, with the bot's token.
    const history = await client.conversations.history({ channel: "C0GENERAL" });
    const url = history.messages?.[0]?.files?.[0]?.url_private ?? "";
    const download = await fetch(url, { headers: { authorization: `Bearer ${BOT_TOKEN}` } });
    expect(new TextDecoder().decode(await download.arrayBuffer())).toBe("bytes of clip.mp4");
  });

  it("accepts file_ids as the JSON string a form carries", async () => {
    const clip = await uploadUnshared("clip.mp4");
    const progress = await client.chat.postMessage({ channel: "C0GENERAL", text: "Working" });
    const response = await fetch(`${sim.apiUrl}chat.update`, {
      method: "POST",
      headers: { authorization: `Bearer ${BOT_TOKEN}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ channel: "C0GENERAL", ts: progress.ts ?? "", file_ids: JSON.stringify([clip]) }),
    });
    expect(await response.json()).toMatchObject({ ok: true });
    expect(sim.conversation("C0GENERAL")[0]?.files.map((file) => file.id)).toEqual([clip]);
  });

  it("refuses file_ids naming an unknown file or one whose upload was never completed, and changes nothing", async () => {
    const progress = await client.chat.postMessage({ channel: "C0GENERAL", text: "Working" });
    const pending = await client.files.getUploadURLExternal({ filename: "late.mp4", length: 3 });
    for (const id of ["F0NOPE", pending.file_id ?? ""]) {
      const error = await errorDataOf(
        client.chat.update({ channel: "C0GENERAL", ts: progress.ts ?? "", text: "done", file_ids: [id] }),
      );
      expect(error?.error).toBe("invalid_arguments");
      expect(error?.response_metadata?.messages?.join(" ")).toContain(id);
    }
    expect(sim.conversation("C0GENERAL")).toMatchObject([{ text: "Working", files: [] }]);
  });

  it("ignores file_ids on chat.postMessage, as Slack does", async () => {
    const clip = await uploadUnshared("clip.mp4");
    await client.apiCall("chat.postMessage", { channel: "C0GENERAL", text: "hi", file_ids: [clip] });
    expect(sim.conversation("C0GENERAL")).toMatchObject([{ text: "hi", files: [] }]);
  });

  it("refuses an image block whose slack_file is unknown or not a png, jpg, jpeg or gif, naming it", async () => {
    const progress = await client.chat.postMessage({ channel: "C0GENERAL", text: "Working" });
    const clip = await uploadUnshared("clip.mp4");
    const webp = await uploadUnshared("fox.webp");
    for (const [id, problem] of [
      ["F0NOPE", "no file F0NOPE"],
      [clip, "(clip.mp4, video/mp4) is not a png, jpg, jpeg or gif image"],
      [webp, "(fox.webp, image/webp)"],
    ] as const) {
      const error = await errorDataOf(
        client.chat.update({ channel: "C0GENERAL", ts: progress.ts ?? "", text: "done", blocks: [image(id)] }),
      );
      expect(error?.error).toBe("invalid_blocks");
      expect(error?.response_metadata?.messages?.join(" ")).toContain(problem);
    }
    expect(sim.conversation("C0GENERAL")).toMatchObject([{ text: "Working" }]);
    // gif and jpeg pass.
    for (const name of ["a.gif", "b.jpeg", "c.JPG"]) {
      const id = await uploadUnshared(name);
      await expect(
        client.chat.postMessage({ channel: "C0GENERAL", text: name, blocks: [image(id)] }),
      ).resolves.toMatchObject({ ok: true });
    }
  });

  it("checks slack_file images in a Home tab view against the workspace's files too", async () => {
    const fox = await uploadUnshared("fox.png");
    const clip = await uploadUnshared("clip.mp4");
    const home = (id: string) => ({ type: "home" as const, blocks: [image(id)] });
    await expect(client.views.publish({ user_id: "U0ALICE", view: home(fox) })).resolves.toMatchObject({ ok: true });
    expect((await errorDataOf(client.views.publish({ user_id: "U0ALICE", view: home(clip) })))?.error).toBe(
      "invalid_arguments",
    );
    // As Slack keeps it: with the block_id it generated for the image block (test/block-ids.test.ts).
    expect(sim.home("U0ALICE")?.blocks).toEqual([{ ...image(fox), block_id: expect.any(String) }]);
  });
});
