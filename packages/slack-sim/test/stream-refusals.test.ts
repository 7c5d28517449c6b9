import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { errorOf, type StreamHarness, sections, startStreamHarness, task } from "./support/stream.js";

let h: StreamHarness;
beforeEach(async () => {
  h = await startStreamHarness();
});
afterEach(() => h.close());

/** A started stream in a fresh request's thread (chunks mode unless `markdown` is given); resolves its ts. */
async function open(first: { markdown?: string } = {}): Promise<string> {
  const request = await h.ask();
  const started = await h.client.chat.startStream({
    ...h.target(request),
    ...(first.markdown ? { markdown_text: first.markdown } : { chunks: [task("job", "Queued", "pending")] }),
  });
  return started.ts ?? "";
}
const at = (ts: string) => ({ channel: "C0GENERAL", ts });
/** The streamed message at `ts`, as it reads now. */
function streamAt(ts: string) {
  for (const parent of h.sim.conversation("C0GENERAL")) {
    const reply = h.sim.thread("C0GENERAL", parent.ts).find((m) => m.ts === ts);
    if (reply) return reply;
  }
  return undefined;
}
/** An append with chunks that are not what the types allow. */
const appendRaw = (ts: string, chunks: unknown[]) => h.client.chat.appendStream({ ...at(ts), chunks: chunks as never });

describe("chat.startStream refuses", () => {
  it("a channel stream without recipient_user_id or recipient_team_id", async () => {
    const request = await h.ask();
    const { recipient_user_id: _user, ...noUser } = h.target(request);
    const { recipient_team_id: _team, ...noTeam } = h.target(request);
    expect(await errorOf(h.client.chat.startStream(noUser))).toBe("missing_recipient_user_id");
    expect(await errorOf(h.client.chat.startStream(noTeam))).toBe("missing_recipient_team_id");
    expect(h.sim.thread("C0GENERAL", request)).toHaveLength(1);
  });

  it("a channel it cannot find or is not in, and a thread that is not there", async () => {
    const request = await h.ask();
    expect(await errorOf(h.client.chat.startStream({ ...h.target(request), channel: "C0NOPE" }))).toBe(
      "channel_not_found",
    );
    expect(await errorOf(h.client.chat.startStream({ ...h.target(request), channel: "C0RANDOM" }))).toBe(
      "not_in_channel",
    );
    expect(await errorOf(h.client.chat.startStream({ ...h.target("1.000001") }))).toBe("thread_not_found");
    expect(await errorOf(h.client.chat.startStream({ ...h.target(request), thread_ts: "" }))).toBe("invalid_arguments");
  });

  it("a task_display_mode Slack does not offer", async () => {
    const request = await h.ask();
    expect(await errorOf(h.client.chat.startStream({ ...h.target(request), task_display_mode: "grid" }))).toBe(
      "invalid_arguments",
    );
  });

  it("markdown_text over 12,000 characters with msg_too_long", async () => {
    const request = await h.ask();
    const target = h.target(request);
    expect(await errorOf(h.client.chat.startStream({ ...target, markdown_text: "x".repeat(12_001) }))).toBe(
      "msg_too_long",
    );
    await expect(h.client.chat.startStream({ ...target, markdown_text: "x".repeat(12_000) })).resolves.toMatchObject({
      ok: true,
    });
  });
});

describe("a malformed chunk is refused with invalid_chunks and changes nothing", () => {
  it.each([
    ["an unknown type", { type: "progress_bar", value: 40 }],
    ["a task without id", { type: "task_update", title: "Queued", status: "pending" }],
    ["a task without title", { type: "task_update", id: "job", status: "pending" }],
    ["a task without status", { type: "task_update", id: "job", title: "Queued" }],
    ["a task with a status Slack does not know", { type: "task_update", id: "job", title: "Queued", status: "done" }],
    [
      "a task title past 256 characters [reported]",
      { type: "task_update", id: "job", title: "x".repeat(257), status: "pending" },
    ],
    ["a plan_update without title", { type: "plan_update" }],
    ["a blocks chunk without blocks", { type: "blocks" }],
    ["a markdown_text chunk without text", { type: "markdown_text" }],
    [
      "a source that is not a url element",
      { ...task("job", "Queued", "pending"), sources: [{ url: "https://x.test" }] },
    ],
  ])("%s", async (_name, chunk) => {
    const ts = await open();
    expect(await errorOf(appendRaw(ts, [task("job", "Generating", "in_progress"), chunk]))).toBe("invalid_chunks");
    expect(streamAt(ts)?.stream?.tasks).toEqual([{ id: "job", title: "Queued", status: "pending" }]);
  });

  it("a markdown_text chunk over 12,000 characters is msg_too_long", async () => {
    const ts = await open();
    expect(await errorOf(appendRaw(ts, [{ type: "markdown_text", text: "x".repeat(12_001) }]))).toBe("msg_too_long");
  });
});

describe("chat.appendStream refuses", () => {
  it("a call without content, and one with both markdown_text and chunks", async () => {
    const ts = await open();
    expect(await errorOf(h.client.chat.appendStream({ ...at(ts) }))).toBe("markdown_text_or_chunks_required");
    expect(
      await errorOf(h.client.chat.appendStream({ ...at(ts), markdown_text: "a", chunks: [task("j", "J", "pending")] })),
    ).toBe("cannot_provide_both_markdown_text_and_chunks");
  });

  it("content sent the other way than the stream's first (streaming_mode_mismatch)", async () => {
    const chunky = await open();
    expect(await errorOf(h.client.chat.appendStream({ ...at(chunky), markdown_text: "more" }))).toBe(
      "streaming_mode_mismatch",
    );
    const wordy = await open({ markdown: "Working" });
    expect(await errorOf(h.client.chat.appendStream({ ...at(wordy), chunks: [task("j", "J", "pending")] }))).toBe(
      "streaming_mode_mismatch",
    );
  });

  it("more than 50 blocks through chunks over the whole stream (msg_blocks_too_many), and broken blocks (invalid_blocks)", async () => {
    const ts = await open();
    await h.client.chat.appendStream({ ...at(ts), chunks: [{ type: "blocks", blocks: sections(30) }] });
    expect(
      await errorOf(h.client.chat.appendStream({ ...at(ts), chunks: [{ type: "blocks", blocks: sections(21) }] })),
    ).toBe("msg_blocks_too_many");
    const broken = [{ type: "section", text: { type: "mrkdwn", text: "" } }];
    expect(await errorOf(appendRaw(ts, [{ type: "blocks", blocks: broken }]))).toBe("invalid_blocks");
    expect(streamAt(ts)?.blocks).toHaveLength(30);
  });

  it("a message it cannot stream to: unknown, someone else's, or an ordinary bot message", async () => {
    const request = await h.ask();
    const posted = await h.client.chat.postMessage({ channel: "C0GENERAL", text: "plain" });
    expect(await errorOf(h.client.chat.appendStream({ ...at("1.000001"), markdown_text: "x" }))).toBe(
      "message_not_found",
    );
    expect(await errorOf(h.client.chat.appendStream({ ...at(request), markdown_text: "x" }))).toBe(
      "message_not_owned_by_app",
    );
    expect(await errorOf(h.client.chat.appendStream({ ...at(posted.ts ?? ""), markdown_text: "x" }))).toBe(
      "message_not_in_streaming_state",
    );
  });
});

describe("chat.stopStream", () => {
  it("refuses more than 50 blocks (msg_blocks_too_many) and a block the validator refuses (invalid_blocks), leaving it open", async () => {
    const ts = await open();
    expect(await errorOf(h.client.chat.stopStream({ ...at(ts), blocks: sections(51) }))).toBe("msg_blocks_too_many");
    const button = {
      type: "button" as const,
      action_id: "b",
      text: { type: "plain_text" as const, text: "x".repeat(76) },
    };
    expect(
      await errorOf(h.client.chat.stopStream({ ...at(ts), blocks: [{ type: "actions", elements: [button] }] })),
    ).toBe("invalid_blocks");
    expect(streamAt(ts)?.stream?.state).toBe("streaming");
  });

  it("refuses metadata chat.postMessage would refuse, and a session_status Slack does not offer", async () => {
    const ts = await open();
    const noType = { event_payload: {} } as never;
    expect(await errorOf(h.client.chat.stopStream({ ...at(ts), metadata: noType }))).toBe("invalid_metadata_format");
    expect(await errorOf(h.client.chat.stopStream({ ...at(ts), session_status: "finished" }))).toBe(
      "invalid_arguments",
    );
    expect(streamAt(ts)?.stream?.state).toBe("streaming");
  });

  it("ends the stream for good: appending or stopping again answers message_not_in_streaming_state", async () => {
    const ts = await open();
    await h.client.chat.stopStream({ ...at(ts), session_status: "closed" });
    expect(await errorOf(h.client.chat.appendStream({ ...at(ts), chunks: [task("job", "Again", "pending")] }))).toBe(
      "message_not_in_streaming_state",
    );
    expect(await errorOf(h.client.chat.stopStream({ ...at(ts) }))).toBe("message_not_in_streaming_state");
    expect(streamAt(ts)?.stream).toMatchObject({ state: "stopped", sessionStatus: "closed" });
  });
});
