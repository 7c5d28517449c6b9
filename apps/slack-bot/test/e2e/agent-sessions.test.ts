import { afterEach, describe, expect, it } from "vitest";
import { MISSING_STOPPED_SUBSCRIPTION } from "../../src/delivery/agent-sessions.js";
import { ACTIONS } from "../../src/index.js";
import { createSlackPacer } from "../../src/services/slack-pacer.js";
import { actionIds, type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";

// Issue 41: Slack's agent sessions (https://docs.slack.dev/ai/agent-sessions/) on the threads the bot works in as an
// agent, and their stop button (https://docs.slack.dev/reference/events/agent_session_stopped/), end to end through
// slack-sim in agent view and the sandbox. A stop ends the job's progress and delivery in its thread: a generation
// already sent is paid (the studio API has no cancel) and kept in the person's history, never posted; one still
// waiting in the bot's own queue (a Confirm) is never sent.

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
/** A generation that finishes only when the test moves the sandbox's clock past it (finish() below). */
const LONG_JOB_MS = 600_000;
/** Moves the sandbox's clock past every long job (jittered ±25%). */
const finish = (live: Bot) => live.sandbox.sandbox.clock.advance(LONG_JOB_MS * 2);

let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

type Shown = ReturnType<Bot["sim"]["thread"]>[number];
const textOf = (m: Shown | undefined) => `${m?.text ?? ""} ${JSON.stringify(m?.blocks ?? [])}`;
const hasImage = (m: Shown) => blocksOf(m, "image").length > 0;
const generations = (live: Bot) => live.sandbox.sandbox.stats().operations.GenerateImage ?? 0;

/** The bot's replies in the thread rooted at `ts` of `channel`, as `USER` sees them. */
const botReplies = (live: Bot, channel: string, ts: string): Shown[] =>
  live.sim.thread(channel, ts, { as: USER }).filter((m) => m.fromBot && m.ts !== ts);

async function startAgent(env: Record<string, string> = {}, extra: Parameters<typeof startBot>[1] = {}) {
  bot = await startBot({ STUDIO_SLACK_SURFACE: "agent", ...env }, extra);
  return bot;
}

/** `/studio history` as USER: the ephemeral list it answers with. */
async function history(live: Bot): Promise<Shown> {
  const seen = live.sim.conversation(CHANNEL, { as: USER }).length;
  await live.sim.command({ user: USER, channel: CHANNEL, text: "history" });
  return eventually(() => {
    const found = live.sim
      .conversation(CHANNEL, { as: USER })
      .slice(seen)
      .find((m) => m.ephemeral && m.fromBot);
    expect(found).toBeDefined();
    return found as Shown;
  });
}

describe("agent sessions: a job in a thread", () => {
  it("keeps the DM thread's session processing under the job's title while it runs, then active with its result", async () => {
    const live = await startAgent();
    const dm = live.sim.dm(USER);
    const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text: "a lighthouse at dusk, watercolour" });
    await eventually(() => expect(botReplies(live, dm, ts).find(hasImage)).toBeDefined());
    await eventually(() => expect(live.sim.agentSession(dm, ts)?.status).toBe("active"));
    expect(live.sim.agentSession(dm, ts)).toMatchObject({
      title: "Image: a lighthouse at dusk, watercolour",
      user: USER,
      statusHistory: ["processing", "active"],
      stopButton: false,
    });
    // The documented calls only: processing when the job starts (creating the titled session), active at its end.
    expect(live.sim.calls("agents.sessions.setStatus").map((call) => call.args.status)).toEqual([
      "processing",
      "active",
    ]);
    expect(live.sim.calls("agents.sessions.setStatus").every((call) => call.ok)).toBe(true);
  });

  it("gives a mention's thread in a channel a titled session too", async () => {
    const live = await startAgent();
    const { ts } = await live.sim.mention({ user: USER, channel: CHANNEL, text: "a red fox in the snow" });
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.status).toBe("active"));
    expect(live.sim.agentSession(CHANNEL, ts)).toMatchObject({
      title: "Image: a red fox in the snow",
      user: USER,
      statusHistory: ["processing", "active"],
    });
    expect(botReplies(live, CHANNEL, ts).some(hasImage)).toBe(true);
  });

  it("sets no session in the assistant view", async () => {
    bot = await startBot();
    const live = bot;
    const { ts } = await live.sim.mention({ user: USER, channel: CHANNEL, text: "a red fox in the snow" });
    await eventually(() => expect(botReplies(live, CHANNEL, ts).some(hasImage)).toBe(true));
    expect(live.sim.calls("agents.sessions.setStatus")).toEqual([]);
  });
});

describe("agent sessions: Stop while a job generates", () => {
  it("never posts the result, says the generation was paid, keeps it 'stopped' in history and moves the session out of processing", async () => {
    // A generation that runs until the test moves the studio's clock: still running when Stop is clicked.
    const live = await startAgent({}, { jobMs: LONG_JOB_MS });
    const dm = live.sim.dm(USER);
    const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text: "a lighthouse at dusk, watercolour" });
    const job = await eventually(async () => {
      const [running] = await live.app.store.jobs.unfinished();
      expect(running?.state).toBe("running");
      expect(live.sim.agentSession(dm, ts)?.stopButton).toBe(true);
      return running as NonNullable<typeof running>;
    });

    const click = await live.sim.stopAgentSession({ channel: dm, threadTs: ts, user: USER });
    expect(click.status).toBe(200);
    // The bot says what stopped and what it cost, then moves the session on itself.
    const note = await eventually(() => {
      const found = botReplies(live, dm, ts).find((m) => textOf(m).includes("Stopped by you"));
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(textOf(note)).toContain("already been sent to the studio");
    expect(textOf(note)).toContain("credits are spent");
    expect(textOf(note)).toContain("kept in your history");
    await eventually(() => expect(live.sim.agentSession(dm, ts)?.status).toBe("active"));

    // The generation finishes after the stop: kept as the job's (stopped) record, never posted.
    finish(live);
    const ended = await eventually(async () => {
      const stored = await live.app.store.jobs.get(job.id);
      expect(stored?.state).toBe("done");
      return stored;
    });
    expect(ended?.outcome).toBe("stopped");
    expect(ended?.resultIds.length).toBeGreaterThan(0);
    expect(botReplies(live, dm, ts).some(hasImage)).toBe(false);
    expect(generations(live)).toBe(1);
    // The status line was taken off, and the result finishing later moved the session no further.
    expect(live.sim.assistantThread(dm, ts)?.status).toBe("");
    expect(live.sim.agentSession(dm, ts)?.statusHistory).toEqual(["processing", "active"]);

    const list = await history(live);
    expect(textOf(list)).toContain("Stopped by you");
    expectAllMessagesValid(live.sim, [dm, CHANNEL]);
  });

  it("in a channel thread: Slack stops the job's stream, and the bot posts no result after it", async () => {
    const live = await startAgent({}, { jobMs: LONG_JOB_MS });
    const { ts } = await live.sim.mention({ user: USER, channel: CHANNEL, text: "a red fox in the snow" });
    await eventually(async () => {
      const [running] = await live.app.store.jobs.unfinished();
      expect(running?.state).toBe("running");
    });
    const click = await live.sim.stopAgentSession({ channel: CHANNEL, threadTs: ts, user: USER });
    expect(click.streamingMessageTs).toHaveLength(1);
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.status).toBe("active"));
    finish(live);
    await eventually(async () => {
      const [job] = await live.app.store.jobs.recent(USER, 1);
      expect(job?.outcome).toBe("stopped");
    });
    const stream = botReplies(live, CHANNEL, ts).find((m) => m.ts === click.streamingMessageTs[0]);
    expect(stream?.stream).toMatchObject({ state: "stopped", stoppedBy: "user" });
    expect(botReplies(live, CHANNEL, ts).some(hasImage)).toBe(false);
  });
});

describe("agent sessions: Stop while a job waits in the bot's own queue", () => {
  it("never sends it: nothing generated, nothing spent, 'stopped' (not sent) in history", async () => {
    // The job's progress message waits for room at the bot's pacer (Slack's one message a second per channel): the
    // gate holds it there until the test has clicked Stop.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let waiting = false;
    const base = createSlackPacer();
    const pacer = {
      ...base,
      acquire: async (...args: Parameters<typeof base.acquire>) => {
        if (args[0] === "chat.postMessage") {
          waiting = true;
          await gate;
        }
        return base.acquire(...args);
      },
    };
    const live = await startAgent({ STUDIO_SLACK_PROGRESS: "update" }, { pacer });
    const { ts } = await live.sim.mention({ user: USER, channel: CHANNEL, text: "a red fox in the snow" });
    await eventually(() => {
      expect(waiting).toBe(true);
      expect(live.sim.agentSession(CHANNEL, ts)?.stopButton).toBe(true);
    });
    await live.sim.stopAgentSession({ channel: CHANNEL, threadTs: ts, user: USER });
    const note = await eventually(() => {
      const found = botReplies(live, CHANNEL, ts).find((m) => textOf(m).includes("Stopped by you"));
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(textOf(note)).toContain("stopped before it was sent. Nothing was spent.");
    open();
    const job = await eventually(async () => {
      const [stored] = await live.app.store.jobs.recent(USER, 1);
      expect(stored?.state).toBe("done");
      return stored;
    });
    expect(job?.outcome).toBe("stopped-not-sent");
    expect(generations(live)).toBe(0);
    expect(botReplies(live, CHANNEL, ts).some(hasImage)).toBe(false);
    expect(live.sim.agentSession(CHANNEL, ts)?.status).toBe("active");
    expect(textOf(await history(live))).toContain("Stopped by you");
  });
});

describe("agent sessions: Stop by someone else in a channel's thread", () => {
  it("stops nothing of the asker's: their result is posted, and the clicker is told nothing of theirs ran", async () => {
    const live = await startAgent({}, { jobMs: LONG_JOB_MS });
    const { ts } = await live.sim.mention({ user: USER, channel: CHANNEL, text: "a red fox in the snow" });
    await eventually(async () => {
      const [running] = await live.app.store.jobs.unfinished();
      expect(running?.state).toBe("running");
    });
    await live.sim.stopAgentSession({ channel: CHANNEL, threadTs: ts, user: "U0BOB" });
    // Told to Bob alone: the channel's thread does not hear of a click only he made.
    const bobSees = () => live.sim.thread(CHANNEL, ts, { as: "U0BOB" }).filter((m) => m.fromBot);
    const told = await eventually(() => {
      const found = bobSees().find((m) => textOf(m).includes("nothing of yours was running"));
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(told.ephemeral).toBe(true);
    expect(botReplies(live, CHANNEL, ts).some((m) => textOf(m).includes("nothing of yours was running"))).toBe(false);
    finish(live);
    await eventually(() => expect(botReplies(live, CHANNEL, ts).some(hasImage)).toBe(true));
    // The result is posted a moment before the job is recorded done.
    await eventually(async () => {
      const [job] = await live.app.store.jobs.recent(USER, 1);
      expect(job?.outcome).toBe("completed");
    });
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.status).toBe("active"));
  });
});

describe("agent sessions: Stop while a request waits for its Confirm", () => {
  it("in a DM thread: never sends it, and the confirmation loses its buttons, saying it was stopped", async () => {
    // Every generation costs more than 0 credits: each one asks first.
    const live = await startAgent({ CREDITS_CONFIRM_THRESHOLD: "0" });
    const dm = live.sim.dm(USER);
    const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text: "a lighthouse at dusk, watercolour" });
    const ask = await eventually(() => {
      const found = botReplies(live, dm, ts).find((m) => actionIds(m).includes(ACTIONS.confirmSpend));
      expect(found).toBeDefined();
      return found as Shown;
    });
    await eventually(() =>
      expect(live.sim.agentSession(dm, ts)).toMatchObject({
        status: "processing",
        stopButton: true,
        title: "Image: a lighthouse at dusk, watercolour",
      }),
    );

    await live.sim.stopAgentSession({ channel: dm, threadTs: ts, user: USER });
    const note = await eventually(() => {
      const found = botReplies(live, dm, ts).find((m) => m.ts !== ask.ts && textOf(m).includes("Stopped by you"));
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(textOf(note)).toContain("waiting for your Confirm and was not sent");
    await eventually(() => expect(live.sim.agentSession(dm, ts)?.status).toBe("active"));
    // The confirmation, where it was, no longer offers a click that would do nothing.
    const retired = await eventually(() => {
      const now = botReplies(live, dm, ts).find((m) => m.ts === ask.ts);
      expect(actionIds(now)).toEqual([]);
      return now;
    });
    expect(textOf(retired)).toContain("Stopped by you: an image was not sent. Nothing was spent.");
    expect(generations(live)).toBe(0);
    expect(await live.app.store.jobs.recent(USER, 5)).toEqual([]);
  });

  it("in a channel's thread: never sends it, and its Confirm (an ephemeral, which keeps its buttons) says it was stopped", async () => {
    const live = await startAgent({ CREDITS_CONFIRM_THRESHOLD: "0" });
    const { ts } = await live.sim.mention({ user: USER, channel: CHANNEL, text: "a red fox in the snow" });
    const ask = await eventually(() => {
      const found = botReplies(live, CHANNEL, ts).find((m) => actionIds(m).includes(ACTIONS.confirmSpend));
      expect(found?.ephemeral).toBe(true);
      return found as Shown;
    });
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.stopButton).toBe(true));
    await live.sim.stopAgentSession({ channel: CHANNEL, threadTs: ts, user: USER });
    await eventually(() =>
      expect(botReplies(live, CHANNEL, ts).some((m) => textOf(m).includes("waiting for your Confirm"))).toBe(true),
    );

    const confirm = await live.sim.click({
      user: USER,
      actionId: ACTIONS.confirmSpend,
      messageTs: ask.ts,
      channel: CHANNEL,
    });
    expect(confirm.status).toBe(200);
    await eventually(() =>
      expect(
        live.sim
          .conversation(CHANNEL, { as: USER })
          .concat(live.sim.thread(CHANNEL, ts, { as: USER }))
          .some((m) => textOf(m).includes("You stopped this request")),
      ).toBe(true),
    );
    expect(generations(live)).toBe(0);
    expect(await live.app.store.jobs.recent(USER, 5)).toEqual([]);
    // The replica that got the click moves the session on after its note.
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.statusHistory).toEqual(["processing", "active"]));
  });
});

describe("agent sessions without the agent_session_stopped subscription", () => {
  it("logs Slack's missing-subscription warning once, however many sessions the bot sets", async () => {
    const live = await startAgent({}, { botEvents: ["app_mention", "app_home_opened", "message.im"] });
    const dm = live.sim.dm(USER);
    for (const text of ["a lighthouse at dusk", "a red fox in the snow"]) {
      const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text });
      await eventually(() => expect(live.sim.agentSession(dm, ts)?.status).toBe("active"));
      // Without the subscription Slack shows a loading indicator while processing, never the stop button.
      expect(live.sim.agentSession(dm, ts)?.stopButton).toBe(false);
    }
    const warned = live.sim.calls("agents.sessions.setStatus").length;
    expect(warned).toBe(4);
    const lines = live.logs.filter((line) => line.includes(MISSING_STOPPED_SUBSCRIPTION));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("add agent_session_stopped to the app manifest's bot events");
  });
});

describe("agent sessions: the person closes a thread's session in words", () => {
  it("'done' in a DM thread sets the session closed with one line; a later request there opens it again", async () => {
    const live = await startAgent();
    const dm = live.sim.dm(USER);
    const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text: "a lighthouse at dusk, watercolour" });
    await eventually(() => expect(live.sim.agentSession(dm, ts)?.status).toBe("active"));
    const before = botReplies(live, dm, ts).length;

    await live.sim.message({ user: USER, channel: dm, threadTs: ts, text: "Done, thanks!" });
    await eventually(() => expect(live.sim.agentSession(dm, ts)?.status).toBe("closed"));
    const answers = await eventually(() => {
      const added = botReplies(live, dm, ts).slice(before);
      expect(added).toHaveLength(1);
      return added;
    });
    expect(textOf(answers[0])).toContain("Closed this thread. Write here again any time to pick it up.");
    // Nothing was generated for it.
    expect(generations(live)).toBe(1);

    // A prompt that uses the word is a request, not a close: it reopens the session like any work.
    await live.sim.message({ user: USER, channel: dm, threadTs: ts, text: "a door closed at night" });
    await eventually(() => expect(generations(live)).toBe(2));
    await eventually(() =>
      expect(live.sim.agentSession(dm, ts)?.statusHistory).toEqual([
        "processing",
        "active",
        "closed",
        "processing",
        "active",
      ]),
    );
    expect(live.sim.calls("agents.sessions.setStatus").every((call) => call.ok)).toBe(true);
    expectAllMessagesValid(live.sim, [dm]);
  });

  it("'@Studio that's all' in a mention's thread closes its session; a top-level 'done' closes nothing", async () => {
    const live = await startAgent();
    const { ts } = await live.sim.mention({ user: USER, channel: CHANNEL, text: "a red fox in the snow" });
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.status).toBe("active"));
    await live.sim.mention({ user: USER, channel: CHANNEL, threadTs: ts, text: "that's all" });
    await eventually(() => expect(live.sim.agentSession(CHANNEL, ts)?.status).toBe("closed"));
    await eventually(() =>
      expect(botReplies(live, CHANNEL, ts).some((m) => textOf(m).includes("Closed this thread"))).toBe(true),
    );

    // A message of its own in the DM is a thread of its own, with no session to close: read as usual.
    const dm = live.sim.dm(USER);
    const { ts: own = "" } = await live.sim.message({ user: USER, channel: dm, text: "done" });
    await eventually(() => expect(botReplies(live, dm, own).length).toBeGreaterThan(0));
    expect(live.sim.agentSession(dm, own)?.status).not.toBe("closed");
    expect(live.sim.calls("agents.sessions.setStatus").filter((call) => call.args.status === "closed")).toHaveLength(1);
  });

  it("'done' while a job still runs in the thread closes nothing and names Stop", async () => {
    const live = await startAgent({}, { jobMs: LONG_JOB_MS });
    const dm = live.sim.dm(USER);
    const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text: "a lighthouse at dusk, watercolour" });
    await eventually(() => expect(live.sim.agentSession(dm, ts)?.stopButton).toBe(true));
    await live.sim.message({ user: USER, channel: dm, threadTs: ts, text: "done" });
    await eventually(() =>
      expect(botReplies(live, dm, ts).some((m) => textOf(m).includes("still running in this thread"))).toBe(true),
    );
    expect(live.sim.agentSession(dm, ts)?.status).toBe("processing");
    finish(live);
    await eventually(() => expect(live.sim.agentSession(dm, ts)?.status).toBe("active"));
    expect(live.sim.agentSession(dm, ts)?.statusHistory).toEqual(["processing", "active"]);
  });
});

describe("agent sessions: the same Stop clicked twice", () => {
  it("answers once: a second click (two clients, a double click) adds no 'nothing of yours was running'", async () => {
    const live = await startAgent({}, { jobMs: LONG_JOB_MS });
    const dm = live.sim.dm(USER);
    const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text: "a lighthouse at dusk, watercolour" });
    await eventually(async () => {
      const [running] = await live.app.store.jobs.unfinished();
      expect(running?.state).toBe("running");
      expect(live.sim.agentSession(dm, ts)?.stopButton).toBe(true);
    });
    await Promise.all([
      live.sim.stopAgentSession({ channel: dm, threadTs: ts, user: USER }),
      live.sim.stopAgentSession({ channel: dm, threadTs: ts, user: USER }),
    ]);
    await eventually(() => expect(live.sim.agentSession(dm, ts)?.status).toBe("active"));
    await eventually(() =>
      expect(live.logs.filter((line) => line.includes("agent session stopped by its person"))).toHaveLength(2),
    );
    const notes = botReplies(live, dm, ts).filter((m) => textOf(m).includes(":black_square_for_stop:"));
    expect(notes.map((m) => m.text.slice(0, 15))).toEqual(["Stopped by you."]);
    expect(live.sim.agentSession(dm, ts)?.statusHistory).toEqual(["processing", "active"]);
    finish(live);
    await eventually(async () => {
      const [job] = await live.app.store.jobs.recent(USER, 1);
      expect(job?.outcome).toBe("stopped");
    });
  });
});
