// The App Home's "Results rated this week" (issue 29): an admin (STUDIO_ADMIN_USERS) who opens the Home sees how each
// model's results were rated with the feedback buttons in the last 7 days; anyone else's Home has none of it.
import { validateView } from "@studio-kit/slack-sim";
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { type Bot, blocksOf, eventually, startBot } from "./harness.js";

const ALICE = "U0ALICE";
const BOB = "U0BOB";
const CHANNEL = "C0GENERAL";
const TITLE = "Results rated this week";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
type Pair = { positive_button: { value: string }; negative_button: { value: string } };

/** Runs `/studio <text>` and returns its result message once it carries the feedback buttons. */
async function resultOf(text: string, prompt: string): Promise<Shown> {
  await bot.sim.command({ user: ALICE, channel: CHANNEL, text });
  return eventually(() => {
    const found = bot.sim
      .conversation(CHANNEL)
      .find((m) => m.fromBot && m.text?.includes(prompt) && blocksOf(m, "context_actions").length > 0);
    expect(found).toBeDefined();
    return found as Shown;
  });
}

/** Clicks one of the feedback buttons under `result`, as `user`. */
async function rate(result: Shown, user: string, side: keyof Pair): Promise<void> {
  const [row] = blocksOf(result, "context_actions");
  const [pair] = (row?.elements ?? []) as Pair[];
  if (!pair) throw new Error("no feedback buttons under the result");
  const click = await bot.sim.click({
    user,
    channel: CHANNEL,
    messageTs: result.ts,
    actionId: ACTIONS.feedback,
    value: pair[side].value,
  });
  expect(click.status).toBe(200);
}

/** Opens `user`'s Home tab and returns its text once the bot has published it (the `count`-th time for them). */
async function openHome(user: string, count = 1): Promise<string> {
  const opened = await bot.sim.openHome(user);
  expect(opened.status).toBe(200);
  await eventually(() =>
    expect(bot.sim.calls("views.publish").filter((call) => call.args.user_id === user)).toHaveLength(count),
  );
  const home = bot.sim.home(user);
  expect(validateView(home)).toEqual({ ok: true });
  return JSON.stringify(home?.blocks ?? []);
}

describe("App Home: the week's ratings by model", () => {
  it("shows an admin each model's ratings, most rated first, and shows nothing of them to anyone else", async () => {
    // A high threshold: both generations run without asking first.
    bot = await startBot({ STUDIO_ADMIN_USERS: ALICE, CREDITS_CONFIRM_THRESHOLD: "100000" });
    expect(await openHome(ALICE)).toContain("No ratings this week yet.");

    const prism = await resultOf("image a red fox --model img-prism-xl", "a red fox");
    const aurora = await resultOf("image a harbour at dawn --model img-aurora-2-fast", "a harbour at dawn");
    await rate(prism, ALICE, "positive_button");
    await rate(prism, BOB, "negative_button");
    // The click is acked before it is stored: wait for it, so that Bob's change of mind lands after it.
    await eventually(async () => expect((await bot.app.store.feedback.since(0)).map((r) => r.user)).toContain(BOB));
    await rate(prism, BOB, "positive_button"); // Bob changes his mind: his latest counts, once
    await rate(aurora, ALICE, "negative_button");
    await eventually(async () => {
      const kept = await bot.app.store.feedback.since(0);
      expect(kept.map(({ user, rating }) => `${user} ${rating}`).sort()).toEqual(
        [`${ALICE} good`, `${ALICE} bad`, `${BOB} good`].sort(),
      );
    });

    const home = await openHome(ALICE, 2);
    expect(home).toContain(TITLE);
    expect(home).toContain("*img-prism-xl*: 2 good, 0 not what they wanted, 100% good");
    expect(home).toContain("*img-aurora-2-fast*: 0 good, 1 not what they wanted, 0% good");
    expect(home.indexOf("img-prism-xl")).toBeLessThan(home.indexOf("img-aurora-2-fast"));
    expect(home).not.toContain("No ratings this week yet.");

    // Bob rated too, but is no admin: his Home has none of it.
    const bobs = await openHome(BOB);
    expect(bobs).not.toContain(TITLE);
    expect(bobs).not.toContain("img-prism-xl");
  });

  it("shows the section to nobody when no admin is configured", async () => {
    bot = await startBot();
    expect(await openHome(ALICE)).not.toContain(TITLE);
  });
});
