import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SIM_WORKSPACE } from "../src/index.js";
import { errorOf, type StreamHarness, sections, startStreamHarness, task } from "./support/stream.js";

let h: StreamHarness;
beforeEach(async () => {
  h = await startStreamHarness();
});
afterEach(() => h.close());

const RESULT = { event_type: "studio_job_finished", event_payload: { jobId: "job_1", kind: "image" } };

/** The streamed reply in the thread at `threadTs`. */
const streamed = (threadTs: string) => h.sim.thread("C0GENERAL", threadTs).find((m) => m.stream);

describe("a streamed message (chat.startStream / appendStream / stopStream)", () => {
  it("is a reply in the thread that shows each task's latest status, then ends as the result with its blocks and metadata", async () => {
    const request = await h.ask();
    const started = await h.client.chat.startStream({
      ...h.target(request),
      task_display_mode: "plan",
      chunks: [{ type: "plan_update", title: "Making your image" }, task("job", "Queued", "pending")],
    });
    expect(started).toMatchObject({ ok: true, channel: "C0GENERAL" });
    const ts = started.ts ?? "";
    await h.client.chat.appendStream({
      channel: "C0GENERAL",
      ts,
      chunks: [task("job", "Generating", "in_progress", "40%")],
    });
    await h.client.chat.appendStream({ channel: "C0GENERAL", ts, chunks: [task("job", "Uploading", "in_progress")] });
    expect(streamed(request)?.stream).toMatchObject({ state: "streaming", taskDisplayMode: "plan" });

    const stopped = await h.client.chat.stopStream({
      channel: "C0GENERAL",
      ts,
      chunks: [task("job", "Done", "complete")],
      blocks: sections(2, "result"),
      metadata: RESULT,
    });
    expect(stopped).toMatchObject({ ok: true, ts, message: { ts, thread_ts: request, metadata: RESULT } });

    const message = streamed(request);
    expect(message).toMatchObject({
      ts,
      threadTs: request,
      fromBot: true,
      blocks: sections(2, "result"),
      metadata: RESULT,
    });
    expect(message?.stream).toMatchObject({
      state: "stopped",
      stoppedBy: "app",
      planTitle: "Making your image",
      recipientUserId: "U0ALICE",
      recipientTeamId: SIM_WORKSPACE.teamId,
      tasks: [{ id: "job", title: "Done", status: "complete" }],
    });
    const history = message?.stream?.chunks.filter((c) => c.type === "task_update").map((c) => [c.title, c.status]);
    expect(history).toEqual([
      ["Queued", "pending"],
      ["Generating", "in_progress"],
      ["Uploading", "in_progress"],
      ["Done", "complete"],
    ]);
  });

  it("keeps the streamed markdown as the message's text, and answers conversations.replies with it like any bot reply", async () => {
    const request = await h.ask();
    const { ts } = await h.client.chat.startStream({ ...h.target(request), markdown_text: "Working" });
    await h.client.chat.appendStream({ channel: "C0GENERAL", ts: ts ?? "", markdown_text: " on it…" });
    await h.client.chat.stopStream({ channel: "C0GENERAL", ts: ts ?? "", markdown_text: " done.", metadata: RESULT });

    expect(streamed(request)?.text).toBe("Working on it… done.");
    const replies = await h.client.conversations.replies({
      channel: "C0GENERAL",
      ts: request,
      include_all_metadata: true,
    });
    expect(replies.messages?.[1]).toMatchObject({
      ts,
      text: "Working on it… done.",
      bot_id: "B0SIM0001",
      metadata: RESULT,
    });
  });

  it("streams through @slack/web-api's chatStream(): one start, one append per flush, one stop", async () => {
    const request = await h.ask();
    const streamer = h.client.chatStream({ ...h.target(request), task_display_mode: "plan" });
    await streamer.append({
      chunks: [task("sent", "Sent", "complete"), task("gen", "Generating", "in_progress", "0%")],
    });
    await streamer.append({ chunks: [task("gen", "Generating", "in_progress", "40%")] });
    await streamer.stop({ blocks: sections(1, "result"), metadata: RESULT });

    expect(
      h.sim
        .calls()
        .map((call) => call.method)
        .filter((m) => m.endsWith("Stream")),
    ).toEqual(["chat.startStream", "chat.appendStream", "chat.stopStream"]);
    expect(h.sim.rateStats()["chat.appendStream"]).toMatchObject({ calls: 1, limit: 100 });
    expect(streamed(request)?.stream?.tasks).toEqual([
      { id: "sent", title: "Sent", status: "complete" },
      { id: "gen", title: "Generating", status: "in_progress", details: "40%" },
    ]);
    expect(streamed(request)).toMatchObject({ blocks: sections(1, "result"), metadata: RESULT });
  });

  it("lets chatStream().stop() start and stop a stream that never had content", async () => {
    const request = await h.ask();
    await h.client.chatStream(h.target(request)).stop({ blocks: sections(1) });
    expect(streamed(request)?.stream).toMatchObject({ state: "stopped", tasks: [], text: "" });
  });

  it("needs no recipient in a DM", async () => {
    const dm = h.sim.dm("U0ALICE");
    const request = (await h.sim.message({ user: "U0ALICE", channel: dm, text: "make a fox" })).ts ?? "";
    await expect(h.client.chat.startStream({ channel: dm, thread_ts: request })).resolves.toMatchObject({ ok: true });
  });

  it("puts blocks sent through chunks before stopStream's blocks, 50 of each allowed", async () => {
    const request = await h.ask();
    const { ts } = await h.client.chat.startStream({
      ...h.target(request),
      chunks: [{ type: "blocks", blocks: sections(50, "c") }],
    });
    await h.client.chat.stopStream({ channel: "C0GENERAL", ts: ts ?? "", blocks: sections(50, "s") });
    const blocks = streamed(request)?.blocks ?? [];
    expect(blocks).toHaveLength(100);
    expect(blocks[0]).toEqual(sections(1, "c")[0]);
    expect(blocks[50]).toEqual(sections(1, "s")[0]);
  });

  it("tells listeners about every streamed change", async () => {
    const request = await h.ask();
    const seen: number[] = [];
    const off = h.sim.onChange((version) => seen.push(version));
    const { ts } = await h.client.chat.startStream(h.target(request));
    await h.client.chat.appendStream({ channel: "C0GENERAL", ts: ts ?? "", chunks: [task("t", "Queued", "pending")] });
    off();
    expect(seen).toHaveLength(2);
  });
});

describe("chat.update and chat.delete on a streamed message", () => {
  it("refuses chat.update while it streams with streaming_state_conflict, and allows it after the stop", async () => {
    const request = await h.ask();
    const { ts = "" } = await h.client.chat.startStream(h.target(request));
    expect(await errorOf(h.client.chat.update({ channel: "C0GENERAL", ts, text: "x" }))).toBe(
      "streaming_state_conflict",
    );
    await h.client.chat.stopStream({ channel: "C0GENERAL", ts, blocks: sections(1) });
    await h.client.chat.update({ channel: "C0GENERAL", ts, text: "result", blocks: sections(2, "buttons") });
    expect(streamed(request)).toMatchObject({
      text: "result",
      blocks: sections(2, "buttons"),
      stream: { state: "stopped" },
    });
  });

  it("deletes a streaming message; appending to it then answers message_not_found", async () => {
    const request = await h.ask();
    const { ts = "" } = await h.client.chat.startStream(h.target(request));
    await h.client.chat.delete({ channel: "C0GENERAL", ts });
    expect(await errorOf(h.client.chat.appendStream({ channel: "C0GENERAL", ts, markdown_text: "x" }))).toBe(
      "message_not_found",
    );
  });
});
