import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackSim, type SlackSim } from "../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET, startHarness } from "./support/bolt.js";

let sim: SlackSim;
let client: webApi.WebClient;

beforeEach(async () => {
  sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    appUrl: "http://127.0.0.1:9/unused",
    channels: [
      { id: "C0GENERAL", name: "general", member: true },
      { id: "C0DESIGN", name: "design", member: true },
    ],
    users: [{ id: "U0CAROL", name: "carol", realName: "Carol Chen" }],
  });
  await sim.start();
  client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
});
afterEach(() => sim.close());

describe("readers for a UI", () => {
  it("lists the channels and people it was given, and DMs and people it met since", async () => {
    await client.conversations.open({ users: "U0DAVE" });
    expect(sim.channels().map((channel) => channel.id)).toEqual(["C0GENERAL", "C0DESIGN", "DU0DAVE"]);
    expect(sim.users().map((user) => user.id)).toEqual(["U0CAROL", "U0DAVE"]);
  });

  it("reads a file's bytes by id, as a copy", async () => {
    const bytes = new TextEncoder().encode("hello");
    await client.filesUploadV2({ channel_id: "C0GENERAL", filename: "hello.txt", file: Buffer.from(bytes) });
    const [shared] = sim.conversation("C0GENERAL").flatMap((message) => message.files);
    const file = sim.file(shared?.id ?? "");
    expect(file).toMatchObject({ name: "hello.txt", mimetype: "text/plain", size: 5 });
    expect(new TextDecoder().decode(file?.bytes)).toBe("hello");
    file?.bytes.fill(0);
    expect(new TextDecoder().decode(sim.file(shared?.id ?? "")?.bytes)).toBe("hello");
    expect(sim.file("F0NOPE")).toBeUndefined();
  });
});

describe("the change version", () => {
  it("grows after a Web API call of the app, but not after a read of a file's bytes", async () => {
    const seen: number[] = [];
    const stop = sim.onChange((version) => seen.push(version));
    const before = sim.version();
    await client.chat.postMessage({ channel: "C0GENERAL", text: "hi" });
    expect(sim.version()).toBeGreaterThan(before);
    expect(seen.at(-1)).toBe(sim.version());
    const after = sim.version();
    await fetch(`${sim.apiUrl.replace(/\/api\/$/, "")}/signin`);
    expect(sim.version()).toBe(after);
    stop();
    await client.chat.postMessage({ channel: "C0GENERAL", text: "again" });
    expect(seen.at(-1)).toBe(after);
  });

  it("grows when a person's message is posted, before the app has answered the event", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const harness = await startHarness((app) => {
      app.use(async ({ next }) => {
        await held;
        await next();
      });
    });
    try {
      const before = harness.sim.version();
      const sending = harness.sim.message({ user: "U0ALICE", channel: "C0GENERAL", text: "hello" });
      expect(harness.sim.version()).toBeGreaterThan(before);
      expect(harness.sim.conversation("C0GENERAL")).toHaveLength(1);
      const during = harness.sim.version();
      release();
      await sending;
      expect(harness.sim.version()).toBeGreaterThan(during);
    } finally {
      release();
      await harness.close();
    }
  });
});
