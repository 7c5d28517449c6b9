// Issue 39: a history line says where its result is as a person finds it. A result clicked into being in a channel
// the bot is not in (Regenerate on a result at the top of #random) lands at the top of #random through the click's
// response_url, so its line says "in #random", not "(thread)"; in a channel the bot is in, the same click answers
// in the result's thread, and its line says so.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, buttonValue, eventually, startBot } from "./harness.js";

const ALICE = "U0ALICE";
const GENERAL = "C0GENERAL";
/** slack-sim's channel without the bot. */
const RANDOM = "C0RANDOM";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const isResult = (m: Shown) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate);

/** The results at the top of a channel (thread replies left out), as Alice sees them. */
const topResults = (channel: string) => bot.sim.conversation(channel, { as: ALICE }).filter(isResult);

/** Waits until all of Alice's jobs are over and there are `count`. */
async function jobsDone(count: number): Promise<void> {
  await eventually(async () => {
    const jobs = await bot.app.store.jobs.recent(ALICE, 100);
    expect(jobs).toHaveLength(count);
    expect(jobs.every((job) => job.state === "done")).toBe(true);
  });
}

/** Regenerate on a result, as Alice clicks it. */
const regenerate = (channel: string, result: Shown) =>
  bot.sim.click({
    user: ALICE,
    channel,
    messageTs: result.ts,
    actionId: ACTIONS.regenerate,
    value: buttonValue(result, ACTIONS.regenerate),
  });

/** `/studio history` in `channel`: the lines of the ephemeral list, one per job, newest first. */
async function historyLines(channel: string): Promise<string[]> {
  const seen = bot.sim.conversation(channel, { as: ALICE }).length;
  await bot.sim.command({ user: ALICE, channel, text: "history" });
  const list = await eventually(() => {
    const found = bot.sim
      .conversation(channel, { as: ALICE })
      .slice(seen)
      .find((m) => m.ephemeral && m.fromBot);
    expect(found).toBeDefined();
    return found as Shown;
  });
  return (list.blocks ?? [])
    .map((block) => (block as { text?: { text?: string } }).text?.text ?? "")
    .filter((text) => text.includes("*Done*"));
}

describe("where a history line says a result is", () => {
  it("says #random, not (thread), for a result clicked into being at the top of a channel the bot is not in", async () => {
    bot = await startBot();
    await bot.sim.command({ user: ALICE, channel: RANDOM, text: "image a kite over the sea" });
    await jobsDone(1);
    const [first] = topResults(RANDOM);
    await regenerate(RANDOM, first as Shown);
    await jobsDone(2);
    // Both results are at the top of #random, where Alice sees them.
    await eventually(() => expect(topResults(RANDOM)).toHaveLength(2));

    const lines = await historyLines(RANDOM);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain("“a kite over the sea”\nin <#C0RANDOM> · <!date^");
      expect(line).not.toContain("(thread)");
    }
    // Two jobs one after the other (the second Regenerate's), each waited for over real HTTP.
  }, 30_000);

  it("says (thread) for a result that is a reply in its result's thread", async () => {
    bot = await startBot();
    await bot.sim.command({ user: ALICE, channel: GENERAL, text: "image a kite over the sea" });
    await jobsDone(1);
    const [first] = topResults(GENERAL);
    await regenerate(GENERAL, first as Shown);
    await jobsDone(2);
    await eventually(() => {
      const replies = bot.sim.thread(GENERAL, first?.ts ?? "").filter((m) => m.ts !== first?.ts && isResult(m));
      expect(replies).toHaveLength(1);
    });

    const [newest, oldest] = await historyLines(GENERAL);
    expect(newest).toContain("in <#C0GENERAL> (thread) · <!date^");
    expect(oldest).toContain("in <#C0GENERAL> · <!date^");
  }, 30_000);
});
