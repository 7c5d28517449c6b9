// Slack recycles Socket Mode connections: it sends `disconnect` with reason `refresh_requested`, and the app opens a
// new one (https://docs.slack.dev/apis/events-api/using-socket-mode). A job running across that must end as it
// would have without it, and what Slack sent in between must arrive, each once.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, eventually, headline, startBot } from "../e2e/harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot | undefined;
afterEach(async () => {
  // A failed test must not leave the bot's polls held: its stop would wait on them.
  release();
  await bot?.close();
  bot = undefined;
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
/** Long enough on the sandbox's clock (which follows real time) that a held poll waits for the test to end the hold. */
const HOLD_MS = 60 * 60 * 1000;

/** Ends the hold: no new poll is held, and the clock moves past the held ones (the generations are then done). */
function release(): void {
  const sandbox = bot?.sandbox.sandbox;
  if (sandbox?.faults.clear("hold-polls")) sandbox.advance(HOLD_MS);
}
const isResult = (m: Shown) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate);

describe("a refresh_requested disconnect in the middle of a job", () => {
  it("loses nothing and does nothing twice: one result per job, one generation per prompt", async () => {
    const live = await startBot({}, { socketMode: true });
    bot = live;
    const generated = () =>
      live.requests.filter((r) => r.operation === "GenerateImage").map((r) => String(r.variables.prompt));

    // The job's status polls are held by the sandbox until the test moves its clock: the job is certainly still
    // running while the bot changes connections, however slow the machine.
    const { sandbox } = live.sandbox;
    sandbox.faults.add({ id: "hold-polls", kind: "latency", ms: HOLD_MS, operation: "PollStatuses" });
    await live.sim.command({ user: USER, channel: CHANNEL, text: "image a lighthouse in fog" });
    await eventually(async () => {
      expect(generated()).toEqual(["a lighthouse in fog"]);
      expect(live.requests.some((r) => r.operation === "PollStatuses")).toBe(true);
      expect(await live.app.store.jobs.unfinished()).toHaveLength(1);
    });

    expect(live.sim.socketMode.disconnect("refresh_requested")).toBe(1);
    // Said while the bot is between connections: slack-sim holds it for the next one, as Slack retries an event.
    const mention = await live.sim.mention({ user: USER, channel: CHANNEL, text: "<@U0SIMBOT1> a harbour at night" });
    expect(mention).toMatchObject({ delivered: true, status: 200 });

    expect(live.sim.socketMode.connections()).toMatchObject([
      { id: "L1", open: false, disconnectReason: "refresh_requested" },
      { id: "L2", open: true },
    ]);
    expect(live.sim.calls("apps.connections.open").map((call) => call.ok)).toEqual([true, true]);
    // Both jobs are running, their polls held.
    await eventually(async () => {
      expect(generated()).toHaveLength(2);
      expect(await live.app.store.jobs.unfinished()).toHaveLength(2);
    });
    release();

    // Once no job is left, nothing more can come: each count is final.
    const [commandResult, mentionResult] = await eventually(async () => {
      expect(await live.app.store.jobs.unfinished()).toEqual([]);
      const inChannel = live.sim.conversation(CHANNEL, { as: USER }).filter(isResult);
      const inThread = live.sim.thread(CHANNEL, mention.ts ?? "", { as: USER }).filter(isResult);
      expect(inChannel).toHaveLength(1);
      expect(inThread).toHaveLength(1);
      return [inChannel[0], inThread[0]];
    });
    expect(commandResult?.text).toBe("Image: a lighthouse in fog");
    expect(headline(mentionResult)).toBe("Image: a harbour at night");
    // The command's job ended as one message, its progress turned into the result.
    expect(live.sim.conversation(CHANNEL).filter((m) => m.fromBot)).toHaveLength(1);
    expect(generated().sort()).toEqual(["a harbour at night", "a lighthouse in fog"]);
    // Each delivery went out once, on the connection that was open then, and was acked.
    expect(live.sim.socketMode.envelopes().map((e) => [e.type, e.connectionId, e.status, e.retryAttempt ?? 0])).toEqual(
      [
        ["slash_commands", "L1", "acked", 0],
        ["events_api", "L2", "acked", 0],
      ],
    );
  });
});
