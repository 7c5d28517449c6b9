// The assistant pane's endpoints against the real bot and slack-sim (no browser): a new chat offers the bot's
// suggested prompts, a prompt sent in it shows the status line while the job runs and then the result in the
// thread, and every refusal is named.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssistantOpened, AssistantThreadState } from "../src/shared/api.js";
import { buttonsOf, type Driver, eventually, startDriver } from "./support/playground.js";

describe("the assistant pane's endpoints", () => {
  let driver: Driver;
  // Generations long enough for a poll to see the status line (the driver's default, 400 ms, is barely that).
  beforeAll(async () => {
    // The assistant pane is the assistant view's (STUDIO_SLACK_SURFACE=assistant); the default is the agent view.
    driver = await startDriver({ jobMs: 1500, env: { STUDIO_SLACK_SURFACE: "assistant" } });
    // Its own limit: the driver starts the sandbox, the bot and the page server in this process (a second or two
    // alone); over the 10 s hook default on a machine with both cores busy.
  }, 30_000);
  afterAll(() => driver?.close());

  const open = async (user = "U0ALICE", channel = "C0GENERAL") => {
    const { status, body } = await driver.api<AssistantOpened>("/api/assistant/open", { user, channel });
    expect(status).toBe(200);
    return body;
  };
  const state = async (user: string, threadTs: string) => {
    const query = new URLSearchParams({ user, threadTs });
    return driver.api<AssistantThreadState>(`/api/assistant/state?${query}`);
  };

  it("opens a chat in the person's DM that offers the bot's suggested prompts and its greeting, not Slack's root", async () => {
    const opened = await open();
    expect(opened.channel).toBe("DU0ALICE");
    const seen = await eventually(async () => {
      const { body } = await state("U0ALICE", opened.threadTs);
      expect(body.suggestedPrompts?.prompts.length).toBeGreaterThan(0);
      expect(body.messages.length).toBeGreaterThan(0);
      return body;
    });
    expect(seen.suggestedPrompts?.prompts.map((prompt) => prompt.title)).toContain("Make an image");
    expect(seen.messages.every((message) => message.fromBot)).toBe(true);
    expect(seen.messages.map((message) => message.text).join(" ")).not.toContain("New chat");
    expect(seen.status).toBe("");
    expect(seen.title).toBeUndefined();
    // The context the pane sent (where Alice was) reached the thread.
    expect(driver.playground.sim.assistantThread(opened.channel, opened.threadTs)?.context?.channel_id).toBe(
      "C0GENERAL",
    );
  });

  it("a prompt asks first and spends nothing; its example's button runs: the status line, then the image and its buttons, the chips gone", async () => {
    const opened = await open();
    const offered = await eventually(async () => {
      const { body } = await state("U0ALICE", opened.threadTs);
      const prompt = body.suggestedPrompts?.prompts.find((each) => each.title === "Make an image");
      expect(prompt).toBeDefined();
      return prompt as { message: string };
    });
    const spent = () => driver.playground.sandbox?.sandbox.stats().operations.GenerateImage ?? 0;
    const before = spent();
    const sent = await driver.api("/api/assistant/send", {
      user: "U0ALICE",
      threadTs: opened.threadTs,
      text: offered.message,
    });
    expect(sent).toEqual({ status: 200, body: { ok: true } });
    // The chip asks what to make, with an example and its cost on a button (decision 0025): nothing spent yet.
    const question = await eventually(async () => {
      const { body } = await state("U0ALICE", opened.threadTs);
      const asked = body.messages.find((message) => message.fromBot && buttonsOf(message).length > 0);
      expect(asked).toBeDefined();
      return asked as NonNullable<typeof asked>;
    });
    expect(question.text).toMatch(/What should the image show\?/);
    expect(spent()).toBe(before);
    const [example] = buttonsOf(question);
    const clicked = await driver.api("/api/click", {
      user: "U0ALICE",
      channel: opened.channel,
      messageTs: question.ts,
      actionId: example?.actionId,
      value: example?.value,
    });
    expect(clicked).toEqual({ status: 200, body: { ok: true } });

    const statuses = new Set<string>();
    const done = await eventually(async () => {
      const { body } = await state("U0ALICE", opened.threadTs);
      if (body.status) statuses.add(body.status);
      const result = body.messages.find((message) => message.blocks?.some((block) => block.type === "image"));
      expect(result).toBeDefined();
      return { body, result };
    });
    expect([...statuses].join(" | ")).toMatch(/generating an image/);
    expect(done.body.status).toBe("");
    expect(done.body.suggestedPrompts).toBeUndefined();
    expect(done.body.title).toMatch(/^Image: /);
    expect(buttonsOf(done.result).map((button) => button.actionId)).toContain("studio_add_to_board");
    // The person's own message is in the thread, as they typed it (the chip's message).
    expect(done.body.messages.some((message) => !message.fromBot && message.text === offered.message)).toBe(true);
    // An image job made to last about 1.5 s (jobMs above), through the bot, slack-sim and the sandbox over loopback
    // HTTP, polled until its result is in the thread.
  }, 45_000);

  it("offers prompts again when the bot sets new ones after the person wrote", async () => {
    const opened = await open();
    await eventually(async () => expect((await state("U0ALICE", opened.threadTs)).body.suggestedPrompts).toBeDefined());
    await driver.api("/api/assistant/send", { user: "U0ALICE", threadTs: opened.threadTs, text: "credits" });
    await eventually(async () =>
      expect((await state("U0ALICE", opened.threadTs)).body.suggestedPrompts).toBeUndefined(),
    );
    await driver.playground.app.client.assistant.threads.setSuggestedPrompts({
      channel_id: opened.channel,
      thread_ts: opened.threadTs,
      prompts: [{ title: "Another", message: "a second fox" }],
    });
    const { body } = await state("U0ALICE", opened.threadTs);
    expect(body.suggestedPrompts?.prompts).toEqual([{ title: "Another", message: "a second fox" }]);
  });

  it("tells the bot where the person went (assistant_thread_context_changed)", async () => {
    const opened = await open("U0BOB", "C0GENERAL");
    const moved = await driver.api("/api/assistant/context", {
      user: "U0BOB",
      threadTs: opened.threadTs,
      channel: "C0DESIGN",
    });
    expect(moved.status).toBe(200);
    expect(driver.playground.sim.assistantThread(opened.channel, opened.threadTs)?.context?.channel_id).toBe(
      "C0DESIGN",
    );
  });

  it("refuses what Slack would not do, by name, without a secret in any answer", async () => {
    const alices = await open();
    const refusals = [
      [await driver.api("/api/assistant/open", { user: "U0NOBODY" }), 400, "unknown_user"],
      [await driver.api("/api/assistant/open", { user: "U0ALICE", channel: "C0NOPE" }), 404, "channel_not_found"],
      [await driver.api("/api/assistant/open", { user: "U0ALICE", channel: 7 }), 400, "invalid_request"],
      [
        await driver.api("/api/assistant/send", { user: "U0ALICE", threadTs: alices.threadTs, text: " " }),
        400,
        "empty_text",
      ],
      [
        await driver.api("/api/assistant/send", {
          user: "U0ALICE",
          threadTs: alices.threadTs,
          text: "x".repeat(40_001),
        }),
        400,
        "msg_too_long",
      ],
      // Bob cannot write in (or read) Alice's chat; a made-up thread is no chat at all.
      [
        await driver.api("/api/assistant/send", { user: "U0BOB", threadTs: alices.threadTs, text: "hi" }),
        404,
        "thread_not_found",
      ],
      [await state("U0BOB", alices.threadTs), 404, "thread_not_found"],
      [await state("U0ALICE", "123.456"), 404, "thread_not_found"],
      [await driver.api("/api/assistant/state?user=U0ALICE"), 400, "invalid_request"],
      [
        await driver.api(`/api/assistant/state?user=U0ALICE&threadTs=${alices.threadTs}&since=soon`),
        400,
        "invalid_request",
      ],
      [await driver.api("/api/assistant/context", { user: "U0ALICE", threadTs: "1.1" }), 404, "thread_not_found"],
      [await driver.api("/api/assistant/open", "not an object"), 400, "invalid_json"],
    ] as const;
    for (const [answer, status, code] of refusals) {
      expect({ status: answer.status, code: (answer.body as { error?: string }).error }).toEqual({ status, code });
      expect(typeof (answer.body as { message?: string }).message).toBe("string");
      expect(JSON.stringify(answer.body)).not.toMatch(/xoxb-|127\.0\.0\.1/);
    }
  });

  it("holds a state request until the thread changes (long poll), as /api/state does", async () => {
    const opened = await open("U0CAROL", "C0DESIGN");
    const first = await eventually(async () => {
      const { body } = await state("U0CAROL", opened.threadTs);
      expect(body.suggestedPrompts).toBeDefined();
      return body;
    });
    const query = new URLSearchParams({ user: "U0CAROL", threadTs: opened.threadTs, since: String(first.version) });
    const held = driver.api<AssistantThreadState>(`/api/assistant/state?${query}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await driver.api("/api/assistant/send", { user: "U0CAROL", threadTs: opened.threadTs, text: "boards" });
    const { body } = await held;
    expect(body.version).not.toBe(first.version);
    expect(body.messages.some((message) => message.text === "boards")).toBe(true);
  });
});
