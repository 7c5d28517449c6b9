// A replica that stops while a generation is running (app.stop(): its leases released, its jobs handed on) stops
// polling that job at once and says nothing about it: the job is left in the store for another replica, or this one
// after a restart, to carry on (restart.test.ts shows the carrying on).
import { describe, expect, it } from "vitest";
import { type Bot, eventually, startBot } from "./harness.js";

describe("a bot stopped while a generation runs", () => {
  it("stops polling that job, tells nobody it failed, and leaves it unfinished in the store", async () => {
    // A generation that outlasts the test: the stop comes while the bot polls it.
    const bot: Bot = await startBot({}, { jobMs: 600_000 });
    let closed = false;
    try {
      await bot.sim.command({ user: "U0ALICE", channel: "C0GENERAL", text: "a lighthouse at dusk" });
      const polls = () => bot.requests.filter((request) => request.operation === "PollStatuses").length;
      await eventually(() => expect(polls()).toBeGreaterThan(0));
      const [job] = await bot.app.store.jobs.unfinished();
      expect(job?.state).toBe("running");

      await bot.close();
      closed = true;
      // The wait ended with the stop: the job is logged as another replica's, not as a generation that failed.
      await eventually(() =>
        expect(bot.logs.some((line) => line.includes("another replica took this job over"))).toBe(true),
      );
      expect(bot.logs.some((line) => line.includes("generation did not finish"))).toBe(false);
      const said = bot.sim
        .conversation("C0GENERAL")
        .filter((message) => message.fromBot)
        .map((message) => `${message.text} ${JSON.stringify(message.blocks ?? [])}`)
        .join("\n");
      expect(said).not.toMatch(/went wrong|could not|failed/i);
    } finally {
      if (!closed) await bot.close();
    }
  }, 30_000);
});
