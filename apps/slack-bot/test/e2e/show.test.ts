// `/studio show <id>` (issue 29): an earlier result brought back, with its buttons and its metadata, into the
// conversation where it is typed; for the person who asked for it anywhere, for anyone in the conversation it was
// made in, and for nobody else. Nothing is generated again and no credit is spent.
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { actionIds, type Bot, blocksOf, buttonValue, eventually, expectAllMessagesValid, startBot } from "./harness.js";

const ALICE = "U0ALICE";
const BOB = "U0BOB";
const CAROL = "U0CAROL";
const GENERAL = "C0GENERAL";
/** slack-sim's channel without the bot: answers go through the command's response_url. */
const RANDOM = "C0RANDOM";
/** slack-sim's private channel (the bot is in it): its id starts with C like a public one's. */
const PRIVATE = "C0PRIVATE";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];
const sent = (operation: string) => bot.requests.filter((r) => r.operation === operation);
const results = (channel: string, as = ALICE) =>
  bot.sim
    .conversation(channel, { as })
    .filter((m) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate));
const notesTo = (channel: string, user: string) =>
  bot.sim.conversation(channel, { as: user }).filter((m) => m.fromBot && m.ephemeral);
const contextText = (message: Shown | undefined) =>
  blocksOf(message, "context")
    .flatMap((block) => (block.elements as { text: string }[]).map((element) => element.text))
    .join(" ");

/** Alice's image in #general (or `channel`), and the id of its first image (from its Variations button, as a click reads it). */
async function aliceImage(channel = GENERAL): Promise<{ result: Shown; imageId: string }> {
  await bot.sim.command({ user: ALICE, channel, text: "a lighthouse at dusk --ratio 16:9" });
  const result = await eventually(() => {
    const [found] = results(channel);
    expect(found).toBeDefined();
    return found as Shown;
  });
  const imageId = (JSON.parse(buttonValue(result, ACTIONS.variations)) as { imageId: string }).imageId;
  return { result, imageId };
}

describe("/studio show", () => {
  it("brings a result back in its channel for anyone there, with its buttons and metadata, spending nothing", async () => {
    bot = await startBot();
    const { result, imageId } = await aliceImage();
    await bot.sim.command({ user: BOB, channel: GENERAL, text: `show ${imageId}` });

    const again = await eventually(() => {
      const found = results(GENERAL, BOB).filter((m) => contextText(m).includes("Brought back"));
      expect(found).toHaveLength(1);
      return found[0] as Shown;
    });
    expect(contextText(again)).toContain(`Brought back by <@${BOB}> with \`/studio show\``);
    expect(again.text).toBe(result.text);
    expect(actionIds(again)).toEqual(expect.arrayContaining([ACTIONS.variations, ACTIONS.regenerate]));
    expect(again.metadata?.event_type).toBe("studio_job_finished");
    expect(again.metadata?.event_payload).toMatchObject({ kind: "image", ratio: "16:9" });
    // One message: the "Bringing back" line became the result.
    expect(bot.sim.conversation(GENERAL).filter((m) => m.fromBot && !m.ephemeral)).toHaveLength(2);
    expect(sent("GenerateImage")).toHaveLength(1);

    // Its buttons work like the original's: Variations makes variations of the same image.
    await bot.sim.click({
      user: BOB,
      channel: GENERAL,
      messageTs: again.ts,
      actionId: ACTIONS.variations,
      value: buttonValue(again, ACTIONS.variations),
    });
    await eventually(() => expect(sent("GenerateImage")).toHaveLength(2));
    expectAllMessagesValid(bot.sim, [GENERAL]);
  }, 30_000);

  it("shows a person's own result from a private channel anywhere, and refuses it to someone else elsewhere", async () => {
    bot = await startBot();
    const { result } = await aliceImage(PRIVATE);
    const jobId = String(result.metadata?.event_payload.job_id ?? "");
    expect(jobId).not.toBe("");

    await bot.sim.command({ user: BOB, channel: RANDOM, text: `show ${jobId}` });
    await eventually(() =>
      expect(notesTo(RANDOM, BOB).map((m) => m.text)).toEqual([
        expect.stringContaining("made by someone else in a private channel or a direct message"),
      ]),
    );

    await bot.sim.command({ user: ALICE, channel: RANDOM, text: `show ${jobId}` });
    const shown = await eventually(() => {
      const found = bot.sim.conversation(RANDOM, { as: BOB }).filter((m) => m.fromBot && !m.ephemeral);
      expect(found).toHaveLength(1);
      return found[0] as Shown;
    });
    expect(shown.text).toBe(result.text);
    expect(contextText(shown)).toContain(`Brought back by <@${ALICE}>`);
    expect(sent("GenerateImage")).toHaveLength(1);
  }, 30_000);

  it("brings a result first posted in a public channel to anyone the access rules allow, and to nobody else", async () => {
    bot = await startBot({ STUDIO_ALLOWED_USERS: `${ALICE},${CAROL}` });
    const { result, imageId } = await aliceImage(GENERAL);

    // Carol may use the bot: she brings Alice's #general result into #random by the image id its id line shows.
    await bot.sim.command({ user: CAROL, channel: RANDOM, text: `show ${imageId}` });
    const shown = await eventually(() => {
      const found = bot.sim.conversation(RANDOM, { as: CAROL }).filter((m) => m.fromBot && !m.ephemeral);
      expect(found).toHaveLength(1);
      return found[0] as Shown;
    });
    expect(shown.text).toBe(result.text);
    expect(contextText(shown)).toContain(`Brought back by <@${CAROL}>`);

    // Bob may not use the bot: the rules that keep him from generating keep him from this too.
    await bot.sim.command({ user: BOB, channel: RANDOM, text: `show ${imageId}` });
    await eventually(() =>
      expect(notesTo(RANDOM, BOB).map((m) => m.text)).toEqual([
        expect.stringContaining("the access rules don't let you use Studio here"),
      ]),
    );

    // Alice's result in her direct message with the bot stays there, even for Carol.
    const dm = bot.sim.dm(ALICE);
    await bot.sim.command({ user: ALICE, channel: dm, text: "a lighthouse at night" });
    const inDm = await eventually(() => {
      const [found] = results(dm);
      expect(found).toBeDefined();
      return found as Shown;
    });
    const dmJob = String(inDm.metadata?.event_payload.job_id ?? "");
    await bot.sim.command({ user: CAROL, channel: GENERAL, text: `show ${dmJob}` });
    await eventually(() =>
      expect(notesTo(GENERAL, CAROL).map((m) => m.text)).toEqual([
        expect.stringContaining("made by someone else in a private channel or a direct message"),
      ]),
    );
    expect(bot.sim.conversation(RANDOM, { as: BOB }).filter((m) => m.fromBot && !m.ephemeral)).toHaveLength(1);
    expect(sent("GenerateImage")).toHaveLength(2);
  }, 30_000);

  it("says so for an id no result has, and reads `show` with words after it as a prompt to type as such", async () => {
    bot = await startBot();
    await bot.sim.command({ user: ALICE, channel: GENERAL, text: "show img_nothing_here" });
    await eventually(() =>
      expect(notesTo(GENERAL, ALICE).map((m) => m.text)).toEqual([expect.stringContaining("No result I made has")]),
    );
    await bot.sim.command({ user: ALICE, channel: GENERAL, text: "show me a fox on a hill" });
    await eventually(() =>
      expect(notesTo(GENERAL, ALICE).at(-1)?.text).toContain(
        "For an image, type `/studio image show me a fox on a hill`",
      ),
    );
    expect(sent("GenerateImage")).toHaveLength(0);
  });
});
