import { afterEach, describe, expect, it } from "vitest";
import { createSlackSim } from "../src/index.js";
import { BOT_TOKEN, eventually, type Harness, SIGNING_SECRET, startHarness } from "./support/bolt.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
type FileJson = Record<string, unknown> & { url_private_download: string; url_private: string };
type EventJson = Record<string, unknown> & { files?: FileJson[] };

/** A Bolt app that keeps every message and app_mention event it gets. */
async function recording() {
  const events: EventJson[] = [];
  harness = await startHarness((app) => {
    app.event("message", async ({ event }) => {
      events.push(event as unknown as EventJson);
    });
    app.event("app_mention", async ({ event }) => {
      events.push(event as unknown as EventJson);
    });
  });
  return { sim: harness.sim, events };
}

describe("files people share", () => {
  it("arrive in a direct message as a file_share message event with channel_type im and Slack's file objects", async () => {
    const { sim, events } = await recording();
    const sent = await sim.message({
      user: "U0ALICE",
      channel: sim.dm("U0ALICE"),
      files: [{ name: "moodboard.png", bytes: BYTES, title: "Mood" }],
    });
    expect(sent).toMatchObject({ delivered: true, status: 200 });
    const [event] = await eventually(() => {
      expect(events).toHaveLength(1);
      return events;
    });
    expect(event).toMatchObject({
      type: "message",
      subtype: "file_share",
      channel: "DU0ALICE",
      channel_type: "im",
      user: "U0ALICE",
      text: "",
      upload: false,
      ts: sent.ts,
    });
    const [file] = event?.files ?? [];
    expect(file).toMatchObject({
      id: expect.stringMatching(/^F/),
      name: "moodboard.png",
      title: "Mood",
      mimetype: "image/png",
      filetype: "png",
      pretty_type: "PNG",
      size: BYTES.byteLength,
      user: "U0ALICE",
      mode: "hosted",
      is_external: false,
      is_public: false,
    });
    expect(file?.url_private_download).toMatch(/\/files-pri\/T0SIM0001-F\w+\/download\/moodboard\.png$/);
    expect(sim.conversation("DU0ALICE")[0]?.files.map((f) => f.name)).toEqual(["moodboard.png"]);
  });

  it("arrive with a mention as app_mention carrying files, the type from the name or as given", async () => {
    const { sim, events } = await recording();
    await sim.mention({
      user: "U0ALICE",
      channel: "C0GENERAL",
      files: [
        { name: "notes.zip", bytes: BYTES },
        { name: "clip", mimetype: "video/mp4", bytes: BYTES },
      ],
    });
    const [event] = await eventually(() => {
      expect(events).toHaveLength(1);
      return events;
    });
    expect(event).toMatchObject({ type: "app_mention", text: "<@U0SIMBOT1>", channel: "C0GENERAL" });
    expect(event?.subtype).toBeUndefined();
    expect(event?.files?.map((f) => [f.mimetype, f.filetype, f.is_public])).toEqual([
      ["application/zip", "zip", true],
      ["video/mp4", "binary", true],
    ]);
  });

  it("are served at url_private_download to the bot token, with Content-Length, Content-Type and the bytes", async () => {
    const { sim, events } = await recording();
    await sim.message({ user: "U0ALICE", channel: "U0ALICE", files: [{ name: "a b.png", bytes: BYTES }] });
    const file = await eventually(() => events[0]?.files?.[0] as FileJson);
    for (const url of [file.url_private_download, file.url_private]) {
      const response = await fetch(url, { headers: { authorization: `Bearer ${BOT_TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("content-length")).toBe(String(BYTES.byteLength));
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(BYTES);
    }
    const download = await fetch(file.url_private_download, { headers: { authorization: `Bearer ${BOT_TOKEN}` } });
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(sim.downloads(String(file.id)).map((d) => [d.status, d.authorized])).toEqual([
      [200, true],
      [200, true],
      [200, true],
    ]);
  });

  it("redirect a request without the bot token, or with another token, to the sign-in page, as Slack does", async () => {
    const { sim, events } = await recording();
    await sim.message({ user: "U0ALICE", channel: "U0ALICE", files: [{ name: "a.png", bytes: BYTES }] });
    const file = await eventually(() => events[0]?.files?.[0] as FileJson);
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer xoxb-someone-else" }];
    for (const headers of attempts) {
      const refused = await fetch(file.url_private_download, { headers, redirect: "manual" });
      expect(refused.status).toBe(302);
      expect(refused.headers.get("location")).toMatch(/\/signin\?redir=/);
    }
    // A client that follows the redirect gets a login page, not the file: the trap a bot must notice.
    const followed = await fetch(file.url_private_download);
    expect(followed.status).toBe(200);
    expect(followed.headers.get("content-type")).toContain("text/html");
    expect(sim.downloads().map((d) => [d.status, d.authorized])).toEqual([
      [302, false],
      [302, false],
      [302, false],
    ]);
  });

  it("answer 404 to the bot token for a file that does not exist, also through handle()", async () => {
    const sim = createSlackSim({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: "http://127.0.0.1:9/x" });
    const response = await sim.handle(
      new Request("http://sim.test/files-pri/T0SIM0001-F0NOPE/download/x.png", {
        headers: { authorization: `Bearer ${BOT_TOKEN}` },
      }),
    );
    expect(response.status).toBe(404);
  });
});
