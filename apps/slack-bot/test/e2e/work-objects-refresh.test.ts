// Work Objects stay true (issue 41, decision 0027): after the bot changes a board, the board's unfurl (as Slack holds
// it) and the flexpane the change came from show the new count, said once on the card; every preview the bot sends
// is a Slack file or an unsigned URL, never the API's signed download URL.
import { listCards } from "@studio-kit/core";
import { afterEach, describe, expect, it } from "vitest";
import { SIGNATURE } from "../support/signatures.js";
import { type Bot, blocksOf, eventually, sandboxClient, startBot } from "./harness.js";
import { runStep } from "./workflow-run.js";

const ALICE = "U0ALICE";
const BOB = "U0BOB";
const GENERAL = "C0GENERAL";
const RANDOM = "C0RANDOM";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

type Entity = { entity_payload: Record<string, unknown> };
type Field = { key: string; value?: unknown };
const cardCount = (entity: Entity | undefined) =>
  ((entity?.entity_payload.custom_fields ?? []) as Field[]).find((field) => field.key === "cards")?.value;
const springCards = async () => (await listCards(sandboxClient(bot), { conversationId: "conv_spring" })).length;
const boardUrl = () => `${bot.sandbox.url}/boards/board_spring`;

/** Shares the board's link in `channel` and waits for its Work Object: the message's ts. */
async function shareBoard(channel: string, user = ALICE): Promise<string> {
  const share = await bot.sim.shareLink({ user, channel, url: boardUrl() });
  await eventually(() => expect(unfurled(channel, share.ts)).toBeDefined());
  return share.ts;
}

/** The board's Work Object on a message, as slack-sim holds it (what everyone in the channel sees). */
const unfurled = (channel: string, ts: string) =>
  bot.sim.conversation(channel).find((m) => m.ts === ts)?.unfurls?.[boardUrl()]?.entity;

/** A Web API argument as the bot sent it: JSON values arrive as JSON text (the client form-encodes them). */
const decoded = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);

/** Every Work Object the bot sent (chat.unfurl entities, entity.presentDetails metadata). */
function workObjectsSent(): unknown[] {
  const unfurls = bot.sim
    .calls("chat.unfurl")
    .flatMap((call) => (decoded(call.args.metadata) as { entities?: unknown[] } | undefined)?.entities ?? []);
  const details = bot.sim.calls("entity.presentDetails").map((call) => decoded(call.args.metadata));
  return [...unfurls, ...details].filter((entity) => entity !== undefined);
}

/** The image sources of a Work Object: its preview and its image custom fields. */
function imageSources(entity: unknown): Record<string, unknown>[] {
  const payload = (entity as Entity).entity_payload;
  const fields = Object.values((payload.fields ?? {}) as Record<string, Record<string, unknown>>);
  const custom = (payload.custom_fields ?? []) as Record<string, unknown>[];
  return [...fields, ...custom].filter((field) => field.type === "slack#/types/image");
}

describe("a board's Work Objects after the bot changes the board", () => {
  it("Add my latest result: the unfurls in every channel and the open flexpane show the new count", async () => {
    bot = await startBot();
    await bot.sim.command({ user: ALICE, channel: GENERAL, text: "image a red fox in the snow" });
    await eventually(() => {
      const result = bot.sim.conversation(GENERAL).find((m) => m.fromBot && blocksOf(m, "image").length > 0);
      expect(result).toBeDefined();
    });
    const before = await springCards();
    const here = await shareBoard(GENERAL);
    const there = await shareBoard(RANDOM, BOB);
    expect(cardCount(unfurled(GENERAL, here))).toBe(before);

    const { triggerId } = await bot.sim.openEntityDetails({
      user: ALICE,
      channel: GENERAL,
      messageTs: here,
      url: boardUrl(),
    });
    await eventually(() => expect(bot.sim.entityDetails(triggerId)).toHaveLength(1));
    expect(cardCount(bot.sim.entityDetails(triggerId)[0]?.metadata)).toBe(before);
    await bot.sim.clickEntityAction({ user: ALICE, triggerId, actionId: "studio_wo_add_latest" });

    // The flexpane Alice clicked in is answered again, on the click's trigger, with the board as it is now.
    await eventually(() => expect(cardCount(bot.sim.entityDetails(triggerId).at(-1)?.metadata)).toBe(before + 1));
    expect(await springCards()).toBe(before + 1);
    // Both unfurls, in both channels, are unfurled again (chat.unfurl on the same channel and ts).
    await eventually(() => {
      expect(cardCount(unfurled(GENERAL, here))).toBe(before + 1);
      expect(cardCount(unfurled(RANDOM, there))).toBe(before + 1);
    });
    // Bob, opening the board's details now, sees the new count too.
    const bobs = await bot.sim.openEntityDetails({ user: BOB, channel: RANDOM, messageTs: there, url: boardUrl() });
    await eventually(() => expect(cardCount(bot.sim.entityDetails(bobs.triggerId)[0]?.metadata)).toBe(before + 1));
    const again = bot.sim.calls("chat.unfurl").filter((call) => call.args.channel === GENERAL && call.args.ts === here);
    expect(again.every((call) => call.ok)).toBe(true);
  }, 60_000);

  it("an Add to board from elsewhere (--board, a workflow step) unfurls the board's links again", async () => {
    bot = await startBot();
    const before = await springCards();
    const ts = await shareBoard(GENERAL);

    await bot.sim.command({ user: ALICE, channel: GENERAL, text: 'a lighthouse --board "Spring campaign"' });
    await eventually(() => expect(cardCount(unfurled(GENERAL, ts))).toBe(before + 1));
    expect(await springCards()).toBe(before + 1);

    const step = await runStep(bot.sim, "add_to_board", { asset_id: "img_tent_night", board: "Spring campaign" });
    expect(step.state).toBe("completed");
    await eventually(() => expect(cardCount(unfurled(GENERAL, ts))).toBe(before + 2));
  }, 60_000);

  it("forgets a message Slack no longer has, and keeps unfurling the others", async () => {
    bot = await startBot();
    const before = await springCards();
    const gone = await shareBoard(GENERAL);
    const kept = await shareBoard(RANDOM);
    const callsOn = (ts: string) => bot.sim.calls("chat.unfurl").filter((call) => call.args.ts === ts).length;
    // The first message was deleted: Slack answers chat.unfurl on it with cannot_find_message.
    bot.sim.failNext("chat.unfurl", { error: "cannot_find_message", when: (args) => args.ts === gone });
    await runStep(bot.sim, "add_to_board", { asset_id: "img_tent_night", board: "Spring campaign" });
    await eventually(() => expect(cardCount(unfurled(RANDOM, kept))).toBe(before + 1));
    await eventually(() => expect(bot.logs.some((line) => line.includes("unfurl gone, forgotten"))).toBe(true));
    const triedOnGone = callsOn(gone);

    await runStep(bot.sim, "add_to_board", { asset_id: "img_boot_macro", board: "Spring campaign" });
    await eventually(() => expect(cardCount(unfurled(RANDOM, kept))).toBe(before + 2));
    expect(callsOn(gone)).toBe(triedOnGone);
  }, 60_000);
});

describe("what a board's Work Object shows", () => {
  it("says the card count once, and shows its images from Slack files, never a signed URL", async () => {
    bot = await startBot();
    const ts = await shareBoard(GENERAL);
    const entity = unfurled(GENERAL, ts) as Entity;
    const cards = await springCards();
    expect(cardCount(entity)).toBe(cards);
    // One count: the Cards field, not also "N cards" in a description.
    expect(JSON.stringify(entity)).not.toMatch(/\b\d+ cards?\b/);
    expect((entity.entity_payload.fields as Record<string, unknown>).description).toBeUndefined();

    const { triggerId } = await bot.sim.openEntityDetails({
      user: BOB,
      channel: GENERAL,
      messageTs: ts,
      url: boardUrl(),
    });
    await eventually(() => expect(bot.sim.entityDetails(triggerId)).toHaveLength(1));

    const sent = workObjectsSent();
    expect(sent.length).toBeGreaterThanOrEqual(2);
    const sources = sent.flatMap(imageSources);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.image_url).toBeUndefined();
      const id = (source.slack_file as { id: string }).id;
      // A file in Slack, with the image's bytes: what Slack shows, hosted by Slack.
      expect(bot.sim.file(id)).toMatchObject({ mimetype: expect.stringMatching(/^image\//) });
    }
    expect(sent.filter((entity) => SIGNATURE.test(JSON.stringify(entity)))).toEqual([]);
    // The same image is brought into Slack once, however often it is shown.
    expect(bot.sim.calls("files.getUploadURLExternal").length).toBeLessThanOrEqual(
      new Set(sources.map((source) => (source.slack_file as { id: string }).id)).size,
    );
  }, 60_000);

  it("an asset's Work Object shows its image from a Slack file", async () => {
    bot = await startBot();
    const url = `${bot.sandbox.url}/assets/img_trail_dawn`;
    const share = await bot.sim.shareLink({ user: ALICE, channel: GENERAL, url });
    const entity = await eventually(() => {
      const found = bot.sim.conversation(GENERAL).find((m) => m.ts === share.ts)?.unfurls?.[url]?.entity;
      expect(found).toBeDefined();
      return found as Entity;
    });
    const [preview] = imageSources(entity);
    expect(preview?.slack_file).toEqual({ id: expect.any(String) });
    expect(SIGNATURE.test(JSON.stringify(entity))).toBe(false);
  }, 60_000);
});
