// Issue 20's history: `/studio history [n]` lists the asker's own jobs from the store (newest first, a link to each
// job's message, Run again), the App Home shows the same list, and Run again runs a job again as Regenerate does.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { type Bot, blocksOf, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const ALICE = "U0ALICE";
const BOB = "U0BOB";
const CHANNEL = "C0GENERAL";
/** A channel the bot is not in: its jobs answer through `response_url`, with no message the bot can link. */
const OUTSIDE = "C0RANDOM";
const HOME = `VH${ALICE}`;

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const textOf = (message: { blocks?: unknown[] } | undefined) => JSON.stringify(message?.blocks ?? []);
const sent = (operation: string) => bot.requests.filter((r) => r.operation === operation).map((r) => r.variables);
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

/** Runs `/studio <text>` as `user` and waits until the job is over. */
async function generate(user: string, text: string, channel = CHANNEL): Promise<void> {
  const before = (await bot.app.store.jobs.recent(user, 100)).length;
  await bot.sim.command({ user, channel, text });
  await eventually(async () => {
    const jobs = await bot.app.store.jobs.recent(user, 100);
    expect(jobs).toHaveLength(before + 1);
    expect(jobs.every((job) => job.state === "done")).toBe(true);
  });
}

/** `/studio history ...` as `user`: the ephemeral list it answers with. */
async function history(user: string, text = "history", channel = CHANNEL): Promise<Shown> {
  const seen = bot.sim.conversation(channel, { as: user }).length;
  await bot.sim.command({ user, channel, text });
  return eventually(() => {
    const found = bot.sim
      .conversation(channel, { as: user })
      .slice(seen)
      .find((m) => m.ephemeral && m.fromBot);
    expect(found).toBeDefined();
    return found as Shown;
  });
}

/** The Run again buttons of a list, in order: the job id each carries. */
function runAgainJobs(blocks: unknown[] | undefined): string[] {
  return (blocks ?? [])
    .map((block) => (block as { accessory?: { action_id?: string; value?: string } }).accessory)
    .filter((accessory) => accessory?.action_id === ACTIONS.historyRunAgain)
    .map((accessory) => (JSON.parse(accessory?.value ?? "{}") as { jobId: string }).jobId);
}

describe("/studio history", () => {
  it("lists the asker's jobs and no one else's, newest first, each with a link to its message and Run again", async () => {
    bot = await startBot();
    await generate(ALICE, "image a lighthouse at dusk --count 2");
    await generate(BOB, "image bob's secret fox");
    await generate(ALICE, "video waves on a rocky shore");

    const list = await history(ALICE);
    expect(list.visibleTo).toBe(ALICE);
    const all = textOf(list);
    expect(list.text).toBe("Your last 2 jobs");
    expect(all).toContain(":white_check_mark: *Done* · a video · “waves on a rocky shore”\\nin <#C0GENERAL> · <!date^");
    expect(all).toContain(":white_check_mark: *Done* · 2 images · “a lighthouse at dusk”");
    expect(all.indexOf("waves on a rocky shore")).toBeLessThan(all.indexOf("a lighthouse at dusk"));
    expect(all).not.toContain("secret fox");
    // Each line links to its job's result message, and runs that job again.
    const alices = await bot.app.store.jobs.recent(ALICE, 10);
    expect(runAgainJobs(list.blocks)).toEqual(alices.map((job) => job.id));
    for (const job of alices) {
      const ts = job.progress?.ts ?? "";
      expect(all).toContain(
        `<https://studio-sim.slack.com/archives/C0GENERAL/p${ts.replace(".", "")}|Open the result>`,
      );
    }

    const bobs = await history(BOB);
    expect(textOf(bobs)).toContain("“bob's secret fox”");
    expect(textOf(bobs)).not.toContain("lighthouse");
    expect(
      bot.sim.conversation(CHANNEL, { as: BOB }).some((m) => textOf(m).includes("lighthouse at dusk") && m.ephemeral),
    ).toBe(false);
    expect(sent("GenerateImage")).toHaveLength(2);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
    // Three jobs one after another (about 0.3 s each in the harness's sandbox, 0.6 s for the video), each waited for
    // over real HTTP, then two history lists.
  }, 30_000);

  it("lists as many as asked, and says how to see more", async () => {
    bot = await startBot();
    await generate(ALICE, "image a red fox");
    await generate(ALICE, "image a blue whale");
    const one = await history(ALICE, "history 1");
    expect(one.text).toBe("Your last job");
    expect(textOf(one)).toContain("a blue whale");
    expect(textOf(one)).not.toContain("a red fox");
    expect(textOf(one)).toContain("`/studio history 25` lists more.");
  });

  it("says when the asker has no jobs yet", async () => {
    bot = await startBot();
    const list = await history(ALICE);
    expect(list.text).toBe("You have no jobs yet.");
    expect(sent("GenerateImage")).toHaveLength(0);
  });
});

describe("Run again", () => {
  it("runs a job again with every setting, in its result's thread, and says where", async () => {
    bot = await startBot();
    await generate(ALICE, "image a red fox --count 2 --ratio 16:9 --model img-prism-xl");
    const [job] = await bot.app.store.jobs.recent(ALICE, 1);
    const list = await history(ALICE);
    await bot.sim.click({
      user: ALICE,
      channel: CHANNEL,
      messageTs: list.ts,
      actionId: ACTIONS.historyRunAgain,
      value: JSON.stringify({ jobId: job?.id }),
    });
    await eventually(() => expect(sent("GenerateImage")).toHaveLength(2));
    const [first, again] = sent("GenerateImage");
    expect(again).toEqual(first);
    expect(again).toMatchObject({ prompt: "a red fox", count: 2, aspectRatio: "16:9", model: "img-prism-xl" });
    // The new result is in the original result's thread, like a Regenerate click's.
    const resultTs = job?.progress?.ts ?? "";
    await eventually(() => {
      const replies = bot.sim.thread(CHANNEL, resultTs).filter((m) => m.ts !== resultTs && !m.ephemeral);
      expect(replies.some((m) => blocksOf(m, "image").length === 2)).toBe(true);
    });
    expect(
      bot.sim
        .conversation(CHANNEL, { as: ALICE })
        .some((m) => m.ephemeral && m.text.includes("Running 2 images again in <#C0GENERAL>.")),
    ).toBe(true);
    expectAllMessagesValid(bot.sim, [CHANNEL]);
    // Two jobs of two images one after the other (the second Run again's), each waited for over real HTTP.
  }, 30_000);

  it("refuses a double click: one job runs again, the second click is told the offer was used", async () => {
    bot = await startBot();
    await generate(ALICE, "image a red fox");
    const [job] = await bot.app.store.jobs.recent(ALICE, 1);
    const list = await history(ALICE);
    const click = () =>
      bot.sim.click({
        user: ALICE,
        channel: CHANNEL,
        messageTs: list.ts,
        actionId: ACTIONS.historyRunAgain,
        value: JSON.stringify({ jobId: job?.id }),
      });
    await Promise.all([click(), click()]);
    await eventually(() =>
      expect(
        bot.sim
          .conversation(CHANNEL, { as: ALICE })
          .some((m) => m.ephemeral && m.text.includes("That offer was already used")),
      ).toBe(true),
    );
    await eventually(async () => expect(await bot.app.store.jobs.recent(ALICE, 10)).toHaveLength(2));
    await settle();
    expect(sent("GenerateImage")).toHaveLength(2);
  });

  it("runs nothing for someone whose job it is not", async () => {
    bot = await startBot();
    await generate(ALICE, "image a red fox");
    const [job] = await bot.app.store.jobs.recent(ALICE, 1);
    const list = await history(ALICE);
    await bot.sim.click({
      user: BOB,
      channel: CHANNEL,
      messageTs: list.ts,
      actionId: ACTIONS.historyRunAgain,
      value: JSON.stringify({ jobId: job?.id }),
    });
    await eventually(() =>
      expect(
        bot.sim.conversation(CHANNEL, { as: BOB }).some((m) => m.ephemeral && m.text.includes("not in your history")),
      ).toBe(true),
    );
    await settle();
    expect(sent("GenerateImage")).toHaveLength(1);
  });

  it("runs a job answered through response_url (the bot is not in that channel) in the person's DM", async () => {
    bot = await startBot();
    await generate(ALICE, "image a quiet harbour", OUTSIDE);
    const [job] = await bot.app.store.jobs.recent(ALICE, 1);
    expect(job?.progress?.ts).toBeUndefined();
    const list = await history(ALICE, "history", OUTSIDE);
    // Nothing the bot posted to link to: the line has no link, Run again still works.
    expect(textOf(list)).not.toContain("Open the result");
    await bot.sim.click({
      user: ALICE,
      channel: OUTSIDE,
      messageTs: list.ts,
      actionId: ACTIONS.historyRunAgain,
      value: JSON.stringify({ jobId: job?.id }),
    });
    const dm = bot.sim.dm(ALICE);
    await eventually(() => {
      expect(bot.sim.conversation(dm).some((m) => m.fromBot && blocksOf(m, "image").length === 1)).toBe(true);
    });
    expect(sent("GenerateImage")).toHaveLength(2);
    // A job answered through response_url, then Run again's job in the DM, one after the other over real HTTP.
  }, 30_000);
});

describe("the App Home's list", () => {
  it("shows the same lines with their links and Run again, which runs the job and refreshes the Home", async () => {
    bot = await startBot();
    await generate(ALICE, "image a lighthouse at dusk --count 2");
    await generate(BOB, "image bob's secret fox");
    await bot.sim.openHome(ALICE);
    await eventually(() => expect(bot.sim.calls("views.publish")).toHaveLength(1));
    const home = bot.sim.home(ALICE);
    const all = textOf(home);
    const [job] = await bot.app.store.jobs.recent(ALICE, 1);
    const ts = job?.progress?.ts ?? "";
    expect(all).toContain(":white_check_mark: *Done* · 2 images · “a lighthouse at dusk”");
    expect(all).toContain(`<https://studio-sim.slack.com/archives/C0GENERAL/p${ts.replace(".", "")}|Open the result>`);
    expect(all).not.toContain("secret fox");
    expect(runAgainJobs(home?.blocks)).toEqual([job?.id]);

    await bot.sim.click({
      user: ALICE,
      actionId: ACTIONS.historyRunAgain,
      viewId: HOME,
      value: JSON.stringify({ jobId: job?.id }),
    });
    await eventually(() => expect(sent("GenerateImage")).toHaveLength(3));
    expect(sent("GenerateImage")[2]).toEqual(sent("GenerateImage")[0]);
    // Once the job is over, the Home is published again with it at the top.
    await eventually(() => expect(bot.sim.calls("views.publish")).toHaveLength(2));
    expect(runAgainJobs(bot.sim.home(ALICE)?.blocks)).toHaveLength(2);
    // Three jobs one after another (the third Run again's) and two App Home publishes, each waited for over real HTTP.
  }, 30_000);
});
