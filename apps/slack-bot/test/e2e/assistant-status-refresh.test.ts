import { afterEach, describe, expect, it } from "vitest";
import { READING_STATUS } from "../../src/messages/assistant.js";
import { type Bot, blocksOf, eventually, startBot } from "./harness.js";
import { createTestClock } from "./test-clock.js";

// Issue 26, part 4: `assistant.threads.setStatus` "A two minute timeout applies, which will cause the status to be
// removed if no message has been sent" (https://docs.slack.dev/reference/methods/assistant.threads.setStatus/), and
// slack-sim applies it on its clock. A video job's status must stay up for its whole wait, polls or no polls: here
// the studio answers every poll with a 503 (a studio that stops answering), so no poll reaches the job, while the
// bot's and the sim's clock move on by minutes.

const USER = "U0ALICE";
const VIDEO = "video waves on a rocky shore --duration 5";

let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

type Shown = ReturnType<Bot["sim"]["thread"]>[number];

describe("a long video job in the agent DM", () => {
  it("keeps its status line past two minutes without a poll, and stops refreshing it once the result is posted", async () => {
    const clock = createTestClock();
    bot = await startBot(
      // The job's lease is checked on the bot's clock too: 300 s keeps it held across the test's jumps (2 x 61 s)
      // without waiting for a renewal.
      { STUDIO_SLACK_SURFACE: "agent", STUDIO_JOB_LEASE_SECONDS: "300" },
      { now: clock.now, sleep: clock.sleep, simClock: clock },
    );
    const live = bot;
    const dm = live.sim.dm(USER);
    live.sandbox.sandbox.faults.add({ id: "polls-down", kind: "status", status: 503, operation: "PollStatuses" });
    const { ts = "" } = await live.sim.message({ user: USER, channel: dm, text: VIDEO });

    const status = () => live.sim.assistantThread(dm, ts)?.status ?? "";
    const setStatusCalls = () => live.sim.calls("assistant.threads.setStatus").length;
    // The video was sent, its line is up, and the polls are failing.
    await eventually(() => {
      expect(status()).toMatch(/^is generating a video…/);
      expect(live.sandbox.sandbox.faults.list()[0]?.fired).toBeGreaterThan(0);
    });
    const line = status();
    const historyBefore = live.sim.assistantThread(dm, ts)?.statusHistory.length ?? 0;

    // Two jumps of a minute and a second: each one makes the bot's refresh due, and each refresh lands before the
    // sim's two minutes run out.
    for (let jump = 0; jump < 2; jump++) {
      const before = setStatusCalls();
      clock.advance(61_000);
      await eventually(() => expect(setStatusCalls()).toBeGreaterThan(before));
      expect(status()).toBe(line);
    }
    // 122 s after the line was first set, it still shows, and it never went blank in between.
    expect(status()).toBe(line);
    const history = live.sim.assistantThread(dm, ts)?.statusHistory ?? [];
    expect(history.slice(historyBefore - 1)).toEqual([line, line, line]);

    // The studio answers again: the result is the job's one message in the thread, and the post clears the line.
    live.sandbox.sandbox.faults.clear("polls-down");
    const result = await eventually(() => {
      const found = live.sim.thread(dm, ts).find((m: Shown) => m.fromBot && m.files.length === 1);
      expect(found).toBeDefined();
      expect(status()).toBe("");
      return found as Shown;
    });
    expect(result.text).toMatch(/^Video: /);
    expect(blocksOf(result, "actions").length).toBeGreaterThan(0);

    // Nothing refreshes the ended job's line: a minute later, a reply in the thread sets only its own reading note.
    const ended = setStatusCalls();
    clock.advance(61_000);
    await live.sim.message({ user: USER, channel: dm, text: "credits", threadTs: ts });
    await eventually(() =>
      expect(live.sim.thread(dm, ts).filter((m) => m.fromBot && /credit/i.test(m.text))).toHaveLength(1),
    );
    const after = live.sim.calls("assistant.threads.setStatus").slice(ended);
    expect(after.map((call) => call.args.status)).toEqual([READING_STATUS]);
    expect(status()).toBe("");
  });
});
