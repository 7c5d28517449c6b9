import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type SlackFilesApi, uploadResultFile } from "../src/services/slack-files.js";
import { type Bot, startBot } from "./e2e/harness.js";

const CHANNEL = "C0GENERAL";
const BYTES = new Uint8Array(64 * 1024).map((_, index) => index % 251);

let bot: Bot;
let server: Server;
let base = "";
beforeEach(async () => {
  bot = await startBot();
  server = createServer((request, response) => {
    if (request.url === "/clip.mp4") {
      response.writeHead(200, { "content-type": "video/mp4", "content-length": BYTES.byteLength });
      // In chunks, as a large download would arrive.
      for (let at = 0; at < BYTES.byteLength; at += 8192) response.write(BYTES.subarray(at, at + 8192));
      response.end();
    } else if (request.url === "/huge.mp4") {
      response.writeHead(200, { "content-length": 10_000_000 });
      response.end();
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await bot.close();
});

const client = () => bot.app.client as unknown as SlackFilesApi;

describe("uploadResultFile", () => {
  it("streams a download into Slack's two-step upload; the file shows with name, mimetype and size", async () => {
    const id = await uploadResultFile({
      client: client(),
      downloadUrl: `${base}/clip.mp4`,
      filename: "clip.mp4",
      title: "a lighthouse",
      channel: CHANNEL,
    });
    const message = bot.sim.conversation(CHANNEL).find((m) => m.files?.length);
    const file = message?.files?.[0];
    expect(file?.id).toBe(id);
    expect(file?.name).toBe("clip.mp4");
    expect(file?.mimetype).toBe("video/mp4");
    expect(file?.size).toBe(BYTES.byteLength);
    expect(Buffer.from(file?.bytes ?? []).equals(Buffer.from(BYTES))).toBe(true);
    expect(bot.sim.calls().map((call) => call.method)).toEqual(
      expect.arrayContaining(["files.getUploadURLExternal", "files.completeUploadExternal"]),
    );
  });

  it("shares into a thread when given one", async () => {
    const mention = await bot.sim.message({ user: "U0ALICE", channel: CHANNEL, text: "hello" });
    const threadTs = mention.ts ?? "";
    await uploadResultFile({
      client: client(),
      downloadUrl: `${base}/clip.mp4`,
      filename: "clip.mp4",
      channel: CHANNEL,
      threadTs,
    });
    expect(bot.sim.thread(CHANNEL, threadTs).some((m) => m.files?.[0]?.name === "clip.mp4")).toBe(true);
  });

  it("refuses a file over the cap before asking Slack, and a failed download, so the caller keeps the link", async () => {
    const over = uploadResultFile({
      client: client(),
      downloadUrl: `${base}/huge.mp4`,
      filename: "huge.mp4",
      channel: CHANNEL,
      maxBytes: 1_000_000,
    });
    await expect(over).rejects.toMatchObject({ code: "too_large" });
    const missing = uploadResultFile({
      client: client(),
      downloadUrl: `${base}/gone.mp4`,
      filename: "gone.mp4",
      channel: CHANNEL,
    });
    await expect(missing).rejects.toMatchObject({ code: "download_failed" });
    expect(bot.sim.calls("files.getUploadURLExternal")).toHaveLength(0);
  });

  it("rejects when Slack refuses the channel (the bot is not in it)", async () => {
    bot.sim.setMember("C0RANDOM", false);
    const refused = uploadResultFile({
      client: client(),
      downloadUrl: `${base}/clip.mp4`,
      filename: "clip.mp4",
      channel: "C0RANDOM",
    });
    await expect(refused).rejects.toThrow(/not_in_channel/);
  });
});
