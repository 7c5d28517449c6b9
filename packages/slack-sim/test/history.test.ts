import { webApi } from "@slack/bolt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSlackSim, type SlackSim } from "../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./support/bolt.js";
import { errorDataOf } from "./support/web-api-errors.js";

let sim: SlackSim;
let client: webApi.WebClient;

beforeEach(async () => {
  sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    appUrl: "http://127.0.0.1:9/unused",
    // People's messages are posted before the event is sent; an app that acks everything is enough here.
    fetch: async () => new Response("", { status: 200 }),
  });
  await sim.start();
  client = new webApi.WebClient(BOT_TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
});
afterEach(() => sim.close());

/** The bot posts `text` (in a thread with `threadTs`); resolves its ts. */
async function post(text: string, options: { threadTs?: string; channel?: string } = {}): Promise<string> {
  const posted = await client.chat.postMessage({
    channel: options.channel ?? "C0GENERAL",
    text,
    ...(options.threadTs ? { thread_ts: options.threadTs } : {}),
  });
  return posted.ts ?? "";
}

/** A person writes `text` (in a thread with `threadTs`); resolves its ts. */
async function say(user: string, text: string, threadTs?: string): Promise<string> {
  const sent = await sim.message({ user, channel: "C0GENERAL", text, ...(threadTs ? { threadTs } : {}) });
  return sent.ts ?? "";
}

/** The bot posts `count` messages `m1`, `m2`, ...; resolves their ts, oldest first. */
async function postMany(count: number, threadTs?: string): Promise<string[]> {
  const all: string[] = [];
  for (let i = 1; i <= count; i += 1) all.push(await post(threadTs ? `r${i}` : `m${i}`, threadTs ? { threadTs } : {}));
  return all;
}

const texts = (result: { messages?: Array<{ text?: string }> }) => (result.messages ?? []).map((m) => m.text);

describe("conversations.history", () => {
  it("lists the channel's top-level messages newest first, leaving thread replies out", async () => {
    const question = await say("U0ALICE", "a question");
    await post("an answer elsewhere");
    await post("on it", { threadTs: question });
    const last = await say("U0BOB", "me too", question);
    await post("later");
    await post("in the DM", { channel: "U0ALICE" });

    const history = await client.conversations.history({ channel: "C0GENERAL" });
    expect(texts(history)).toEqual(["later", "an answer elsewhere", "a question"]);
    expect(history).toMatchObject({ ok: true, has_more: false, response_metadata: { next_cursor: "" } });
    expect(history.messages?.[2]).toEqual({
      type: "message",
      user: "U0ALICE",
      text: "a question",
      ts: question,
      thread_ts: question,
      reply_count: 2,
      reply_users_count: 2,
      reply_users: ["U0SIMBOT1", "U0BOB"],
      latest_reply: last,
    });
    expect(history.messages?.[0]).toMatchObject({ user: "U0SIMBOT1", bot_id: "B0SIM0001", app_id: "A0SIM0001" });
    expect(history.messages?.[0]).not.toHaveProperty("reply_count");
    expect(texts(await client.conversations.history({ channel: sim.dm("U0ALICE") }))).toEqual(["in the DM"]);
  });

  it("shows edits and shared files as Slack's message objects", async () => {
    const ts = await post("draft");
    await client.chat.update({ channel: "C0GENERAL", ts, text: "final" });
    await sim.message({
      user: "U0ALICE",
      channel: "C0GENERAL",
      files: [{ name: "fox.png", bytes: new Uint8Array(3) }],
    });

    const [shared, edited] = (await client.conversations.history({ channel: "C0GENERAL" })).messages ?? [];
    expect(edited).toMatchObject({ text: "final", edited: { user: "U0SIMBOT1", ts: expect.any(String) } });
    expect(shared?.files?.[0]).toMatchObject({
      name: "fox.png",
      mimetype: "image/png",
      size: 3,
      url_private_download: expect.stringMatching(/\/files-pri\/T0SIM0001-F\w+\/download\/fox\.png$/),
    });
  });

  it("answers a GET with the arguments in the query string, as Slack documents the method", async () => {
    await post("hello");
    const response = await fetch(`${sim.apiUrl}conversations.history?channel=C0GENERAL&limit=1`, {
      headers: { authorization: `Bearer ${BOT_TOKEN}` },
    });
    expect(await response.json()).toMatchObject({ ok: true, messages: [{ text: "hello" }], has_more: false });
  });
});

describe("conversations.replies", () => {
  it("answers the parent first, then the replies oldest first, each reply naming the parent's author", async () => {
    const parent = await say("U0ALICE", "make me a fox");
    await post("Generating…", { threadTs: parent });
    await say("U0BOB", "and a badger", parent);
    await post("not in the thread");

    const thread = await client.conversations.replies({ channel: "C0GENERAL", ts: parent });
    expect(texts(thread)).toEqual(["make me a fox", "Generating…", "and a badger"]);
    expect(thread.messages?.[0]).toMatchObject({ ts: parent, thread_ts: parent, reply_count: 2 });
    expect(thread.messages?.[1]).toMatchObject({ user: "U0SIMBOT1", thread_ts: parent, parent_user_id: "U0ALICE" });
    expect(thread).toMatchObject({ has_more: false, response_metadata: { next_cursor: "" } });
  });

  it("answers just the message when it has no replies", async () => {
    const ts = await post("alone");
    expect(texts(await client.conversations.replies({ channel: "C0GENERAL", ts }))).toEqual(["alone"]);
  });
});

describe("oldest, latest and inclusive", () => {
  it("keep history strictly between oldest and latest, and on them with inclusive", async () => {
    const [m1, m2, m3, m4] = await postMany(5);
    const history = (args: Record<string, unknown>) =>
      client.conversations.history({ channel: "C0GENERAL", ...args }).then(texts);

    expect(await history({ oldest: m2, latest: m4 })).toEqual(["m3"]);
    expect(await history({ oldest: m2, latest: m4, inclusive: true })).toEqual(["m4", "m3", "m2"]);
    expect(await history({ oldest: m3 })).toEqual(["m5", "m4"]);
    expect(await history({ latest: m2 })).toEqual(["m1"]);
    // Slack's recipe for reading one message: latest = its ts, inclusive, limit 1.
    expect(await history({ latest: m1, inclusive: true, limit: 1 })).toEqual(["m1"]);
    // Whole seconds are timestamps too.
    expect(await history({ latest: (m1 ?? "").split(".")[0] })).toEqual([]);
  });

  it("keep the parent first in replies and pick among the replies", async () => {
    const parent = await post("parent");
    const [r1, r2] = await postMany(3, parent);
    const replies = (args: Record<string, unknown>) =>
      client.conversations.replies({ channel: "C0GENERAL", ts: parent, ...args }).then(texts);

    expect(await replies({ oldest: r1 })).toEqual(["parent", "r2", "r3"]);
    expect(await replies({ latest: r2 })).toEqual(["parent", "r1"]);
    expect(await replies({ oldest: r1, latest: r2, inclusive: true })).toEqual(["parent", "r1", "r2"]);
  });
});

describe("limit and cursor", () => {
  it("page history newest first until has_more is false, unshifted by messages posted meanwhile", async () => {
    await postMany(5);
    const first = await client.conversations.history({ channel: "C0GENERAL", limit: 2 });
    expect(texts(first)).toEqual(["m5", "m4"]);
    expect(first.has_more).toBe(true);
    await post("posted while paging");

    const cursor = first.response_metadata?.next_cursor ?? "";
    expect(cursor).not.toBe("");
    const second = await client.conversations.history({ channel: "C0GENERAL", limit: 2, cursor });
    expect(texts(second)).toEqual(["m3", "m2"]);
    const third = await client.conversations.history({
      channel: "C0GENERAL",
      limit: 2,
      cursor: second.response_metadata?.next_cursor ?? "",
    });
    expect(texts(third)).toEqual(["m1"]);
    expect(third).toMatchObject({ has_more: false, response_metadata: { next_cursor: "" } });

    const calls = sim.calls("conversations.history");
    expect(calls).toHaveLength(3);
    expect(calls[1]).toMatchObject({ ok: true, args: { channel: "C0GENERAL", limit: "2", cursor } });
  });

  it("let the SDK's paginate walk every page", async () => {
    await postMany(5);
    const seen: string[] = [];
    for await (const result of client.paginate("conversations.history", { channel: "C0GENERAL", limit: 2 })) {
      seen.push(...texts(result as { messages?: Array<{ text?: string }> }).map(String));
    }
    expect(seen).toEqual(["m5", "m4", "m3", "m2", "m1"]);
    expect(sim.calls("conversations.history")).toHaveLength(3);
  });

  it("page a thread: the parent and the first replies, then the rest oldest first", async () => {
    const parent = await post("parent");
    await postMany(4, parent);
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const result = await client.conversations.replies({ channel: "C0GENERAL", ts: parent, limit: 2, cursor });
      pages.push(texts(result).map(String));
      cursor = result.response_metadata?.next_cursor || undefined;
    } while (cursor);
    expect(pages).toEqual([["parent", "r1"], ["r2", "r3"], ["r4"]]);
  });

  it("answer 100 messages by default and at most 999 however many are asked for", async () => {
    // 1000 messages through the in-process handler: the same dispatch, without sockets.
    for (let i = 0; i < 1000; i += 1) {
      await sim.handle(
        new Request(`${sim.apiUrl}chat.postMessage`, {
          method: "POST",
          headers: { authorization: `Bearer ${BOT_TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ channel: "C0GENERAL", text: `n${i}` }),
        }),
      );
    }
    const byDefault = await client.conversations.history({ channel: "C0GENERAL" });
    expect(byDefault.messages).toHaveLength(100);
    expect(byDefault.has_more).toBe(true);
    const capped = await client.conversations.history({ channel: "C0GENERAL", limit: 5000 });
    expect(capped.messages).toHaveLength(999);
    expect(capped.messages?.at(-1)?.text).toBe("n1");
  });
});

describe("metadata", () => {
  const METADATA = { event_type: "studio_job", event_payload: { jobId: "job_1" } };

  it("comes back only when include_all_metadata is set, in history and in replies", async () => {
    const parent = await client.chat.postMessage({ channel: "C0GENERAL", text: "job", metadata: METADATA });
    const ts = parent.ts ?? "";
    await client.chat.postMessage({ channel: "C0GENERAL", text: "done", thread_ts: ts, metadata: METADATA });

    const plain = await client.conversations.history({ channel: "C0GENERAL" });
    expect(plain.messages?.[0]).not.toHaveProperty("metadata");
    const withMetadata = await client.conversations.history({ channel: "C0GENERAL", include_all_metadata: true });
    expect(withMetadata.messages?.[0]?.metadata).toEqual(METADATA);

    const thread = await client.conversations.replies({ channel: "C0GENERAL", ts });
    expect(thread.messages?.map((m) => m.metadata)).toEqual([undefined, undefined]);
    const threadWithMetadata = await client.conversations.replies({
      channel: "C0GENERAL",
      ts,
      include_all_metadata: true,
    });
    expect(threadWithMetadata.messages?.map((m) => m.metadata)).toEqual([METADATA, METADATA]);
  });
});

describe("ephemeral messages", () => {
  it("are never returned, in the channel or in a thread, nor counted as replies", async () => {
    const parent = await post("parent");
    await post("reply", { threadTs: parent });
    const hidden = await client.chat.postEphemeral({ channel: "C0GENERAL", user: "U0BOB", text: "psst" });
    await client.chat.postEphemeral({ channel: "C0GENERAL", user: "U0BOB", text: "psst", thread_ts: parent });

    const history = await client.conversations.history({ channel: "C0GENERAL" });
    expect(texts(history)).toEqual(["parent"]);
    expect(history.messages?.[0]?.reply_count).toBe(1);
    const thread = await client.conversations.replies({ channel: "C0GENERAL", ts: parent });
    expect(texts(thread)).toEqual(["parent", "reply"]);
    const error = await errorDataOf(
      client.conversations.replies({ channel: "C0GENERAL", ts: hidden.message_ts ?? "" }),
    );
    expect(error?.error).toBe("thread_not_found");
  });
});

describe("errors", () => {
  it("answer channel_not_found for an unknown channel or a user id, and not_in_channel until the bot joins", async () => {
    expect((await errorDataOf(client.conversations.history({ channel: "C0NOPE" })))?.error).toBe("channel_not_found");
    expect((await errorDataOf(client.conversations.history({ channel: "U0ALICE" })))?.error).toBe("channel_not_found");
    expect((await errorDataOf(client.conversations.history({ channel: "C0RANDOM" })))?.error).toBe("not_in_channel");
    expect((await errorDataOf(client.conversations.replies({ channel: "C0RANDOM", ts: "1.000001" })))?.error).toBe(
      "not_in_channel",
    );
    await client.conversations.join({ channel: "C0RANDOM" });
    await expect(client.conversations.history({ channel: "C0RANDOM" })).resolves.toMatchObject({ ok: true });
    expect(sim.calls("conversations.history").map((call) => call.error)).toEqual([
      "channel_not_found",
      "channel_not_found",
      "not_in_channel",
      undefined,
    ]);
  });

  it("answer thread_not_found for a ts no message has", async () => {
    await post("hello");
    const error = await errorDataOf(client.conversations.replies({ channel: "C0GENERAL", ts: "1234567890.123456" }));
    expect(error?.error).toBe("thread_not_found");
  });

  it("refuse a missing channel or ts with invalid_arguments naming the field", async () => {
    expect(await errorDataOf(client.apiCall("conversations.history", {}))).toMatchObject({
      error: "invalid_arguments",
      response_metadata: { messages: ["[ERROR] missing required field: channel"] },
    });
    expect(await errorDataOf(client.apiCall("conversations.replies", { channel: "C0GENERAL" }))).toMatchObject({
      error: "invalid_arguments",
      response_metadata: { messages: ["[ERROR] missing required field: ts"] },
    });
  });

  it("refuse a cursor the sim did not issue, and timestamps or limits that are not ones", async () => {
    const errorFor = async (args: Record<string, unknown>) =>
      (await errorDataOf(client.apiCall("conversations.history", { channel: "C0GENERAL", ...args })))?.error;
    expect(await errorFor({ cursor: "not-a-cursor" })).toBe("invalid_cursor");
    expect(await errorFor({ cursor: btoa("next_ts:yesterday") })).toBe("invalid_cursor");
    expect(await errorFor({ oldest: "yesterday" })).toBe("invalid_ts_oldest");
    expect(await errorFor({ latest: "1.2.3" })).toBe("invalid_ts_latest");
    expect(await errorFor({ limit: -1 })).toBe("invalid_limit");
    expect(await errorFor({ limit: "ten" })).toBe("invalid_limit");
  });
});
