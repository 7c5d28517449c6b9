import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackSim, type SlackSim } from "../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./support/bolt.js";

let sim: SlackSim;
let client: webApi.WebClient;

beforeEach(async () => {
  sim = createSlackSim({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: "http://127.0.0.1:9/unused" });
  await sim.start();
  client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
});
afterEach(() => sim.close());

const METADATA = { event_type: "studio_job", event_payload: { jobId: "job_1", kind: "image" } };

describe("message metadata", () => {
  it("keeps chat.postMessage's metadata on the message and answers it in the message", async () => {
    const posted = await client.chat.postMessage({ channel: "C0GENERAL", text: "Working…", metadata: METADATA });
    expect(posted.message?.metadata).toEqual(METADATA);
    expect(sim.conversation("C0GENERAL")[0]?.metadata).toEqual(METADATA);
  });

  it("replaces it with chat.update's metadata, and keeps it when an update has none", async () => {
    const posted = await client.chat.postMessage({ channel: "C0GENERAL", text: "a", metadata: METADATA });
    const next = { event_type: "studio_job", event_payload: { jobId: "job_1", status: "done" } };
    await client.chat.update({ channel: "C0GENERAL", ts: posted.ts ?? "", text: "b", metadata: next });
    await client.chat.update({ channel: "C0GENERAL", ts: posted.ts ?? "", text: "c" });
    expect(sim.conversation("C0GENERAL")[0]).toMatchObject({ text: "c", metadata: next });
  });

  it("refuses metadata without an event_type with invalid_metadata_format and posts nothing", async () => {
    const error = await client.chat
      .postMessage({ channel: "C0GENERAL", text: "x", metadata: { event_payload: {} } as never })
      .catch((e: unknown) => e);
    expect((error as { data?: { error?: string } }).data?.error).toBe("invalid_metadata_format");
    expect(sim.conversation("C0GENERAL")).toEqual([]);
  });
});
