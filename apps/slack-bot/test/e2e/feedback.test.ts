// Feedback on every result (issue 29): Slack's feedback buttons under each result; the latest click per person and
// result is kept, and /metrics counts a first rating or a change of mind by model and preset (closed label lists).
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { sampleOf, scrape } from "../ops/scrape.js";
import { type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const ALICE = "U0ALICE";
const BOB = "U0BOB";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
type Pair = { action_id: string; positive_button: { value: string }; negative_button: { value: string } };

/** The feedback pair under a result, as Slack shows it. */
function feedbackOf(message: Shown): Pair {
  const [row] = blocksOf(message, "context_actions");
  const [pair] = (row?.elements ?? []) as Pair[];
  if (!pair) throw new Error("no feedback buttons under the result");
  return pair;
}

/** The bot's notes only `user` sees in the channel, as their first section says them. */
const notesTo = (user: string) =>
  bot.sim
    .conversation(CHANNEL, { as: user })
    .filter((m) => m.fromBot && m.ephemeral)
    .map((m) => String((blocksOf(m, "section")[0]?.text as { text?: string } | undefined)?.text ?? ""));

const rate = (result: Shown, user: string, side: "positive_button" | "negative_button") =>
  bot.sim.click({
    user,
    channel: CHANNEL,
    messageTs: result.ts,
    actionId: ACTIONS.feedback,
    value: feedbackOf(result)[side].value,
  });

describe("feedback buttons on a result", () => {
  it("keeps each person's latest rating and counts first ratings and changes of mind by model", async () => {
    bot = await startBot();
    await bot.sim.command({ user: ALICE, channel: CHANNEL, text: "a red fox in the snow" });
    const result = await eventually(() => {
      const found = bot.sim.conversation(CHANNEL).find((m) => m.fromBot && blocksOf(m, "context_actions").length > 0);
      expect(found).toBeDefined();
      return found as Shown;
    });
    expect(feedbackOf(result).action_id).toBe(ACTIONS.feedback);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
    const jobId = String(result.metadata?.event_payload.job_id);

    await rate(result, ALICE, "positive_button");
    await rate(result, ALICE, "positive_button"); // a second click on the same button changes nothing
    await rate(result, BOB, "positive_button");
    await rate(result, BOB, "negative_button"); // Bob changes his mind
    const ratings = await eventually(async () => {
      const kept = await bot.app.store.feedback.since(0);
      expect(kept).toHaveLength(2);
      return kept;
    });
    expect(ratings.map(({ jobId: job, user, rating }) => ({ job, user, rating }))).toEqual([
      { job: jobId, user: ALICE, rating: "good" },
      { job: jobId, user: BOB, rating: "bad" },
    ]);

    // Each person sees that the rating was taken: Slack's client shows the button they clicked as chosen, and the bot
    // says what it kept in a note only they see, beside the result.
    const result0 = bot.sim.conversation(CHANNEL).find((m) => m.ts === result.ts);
    expect(result0?.chosenFeedback).toEqual({
      [ALICE]: { [ACTIONS.feedback]: "positive" },
      [BOB]: { [ACTIONS.feedback]: "negative" },
    });
    await eventually(() => {
      expect(notesTo(ALICE)).toEqual([
        ":white_check_mark: Thanks: you rated this result *Good result*.",
        ":white_check_mark: You rated this result *Good result* already; that rating stands.",
      ]);
      expect(notesTo(BOB)).toEqual([
        ":white_check_mark: Thanks: you rated this result *Good result*.",
        ":white_check_mark: Changed: you now rate this result *Not what I wanted* (it was *Good result*).",
      ]);
    });

    const metrics = await scrape(`${new URL(bot.url ?? "").origin}/metrics`);
    const count = (rating: string) =>
      sampleOf(metrics, "studio_bot_result_ratings_total", { rating, model: "default", preset: "none" });
    expect(count("good")).toBe(2);
    expect(count("bad")).toBe(1);
    expect(metrics.families.get("studio_bot_result_ratings_total")?.metrics).toHaveLength(2);
    // Nothing was posted for everyone to see: the channel holds the command's result only.
    expect(bot.sim.conversation(CHANNEL).filter((m) => m.fromBot && !m.ephemeral)).toHaveLength(1);
  });
});
