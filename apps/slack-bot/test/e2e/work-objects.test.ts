// Boards and assets as Work Objects (issue 30, decision 0021): a board or asset link shared in Slack is unfurled
// with chat.unfurl + metadata.entities, and a click opens a flexpane answered with entity.presentDetails; a person
// the access rules leave out, or a board the bot's key may not read, gets nothing.
import { listCards } from "@studio-kit/core";
import { afterEach, describe, expect, it } from "vitest";
import type { BotDeps } from "../../src/deps.js";
import { entityDetails } from "../../src/flows/work-objects.js";
import { type Bot, blocksOf, eventually, headline, sandboxClient, startBot } from "./harness.js";

const ALICE = "U0ALICE";
const BOB = "U0BOB";
const GENERAL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

const boardUrl = (id: string) => `${bot.sandbox.url}/boards/${id}`;
const assetUrl = (id: string) => `${bot.sandbox.url}/assets/${id}`;
type Field = { key: string; value?: unknown; image_url?: string; alt_text?: string };
const custom = (entity: { entity_payload: Record<string, unknown> }, key: string) =>
  (entity.entity_payload.custom_fields as Field[]).find((field) => field.key === key);
const fields = (entity: { entity_payload: Record<string, unknown> }) =>
  entity.entity_payload.fields as Record<string, { value?: unknown; image_url?: string }>;

/** Shares `url` and waits for its Work Object. */
async function shared(url: string, user = ALICE) {
  const share = await bot.sim.shareLink({ user, channel: GENERAL, url });
  const entity = await eventually(() => {
    const message = bot.sim.conversation(GENERAL).find((m) => m.ts === share.ts);
    const found = message?.unfurls?.[url]?.entity;
    expect(found).toBeDefined();
    return found as NonNullable<typeof found>;
  });
  return { share, entity };
}

describe("a shared board link", () => {
  it("unfurls with the board's title, card count, last change and a preview of its first images", async () => {
    bot = await startBot();
    const url = boardUrl("board_spring");
    const { entity } = await shared(url);
    const cards = await listCards(sandboxClient(bot), { conversationId: "conv_spring" });
    expect(cards.length).toBeGreaterThan(0);

    expect(entity.entity_type).toBe("slack#/entities/content_item");
    expect(entity.external_ref).toEqual({ id: "board_spring", type: "board" });
    expect(entity.app_unfurl_url).toBe(url);
    expect(entity.entity_payload.attributes.title.text).toBe("Spring campaign");
    expect(custom(entity, "cards")?.value).toBe(cards.length);
    expect(fields(entity).date_updated?.value).toEqual(expect.any(Number));
    // The first image, shown from a Slack file the bot brought it into (the API's URL is signed: decision 0027).
    const firstImage = cards.find((card) => card.asset?.__typename === "Image")?.asset as { displayName: string };
    const preview = fields(entity).preview as { slack_file?: { id: string } };
    expect(bot.sim.file(preview.slack_file?.id ?? "")?.name).toMatch(/\.(png|jpe?g|gif)$/);
    expect(firstImage.displayName).toBeTruthy();
    // One call, with the documented target of a posted link: its unfurl_id and source.
    const [call] = bot.sim.calls("chat.unfurl");
    expect(call?.ok).toBe(true);
    expect(call?.args).toMatchObject({ source: "conversations_history" });
  }, 30_000);

  it("opens a flexpane that lists the board's cards with their kinds in words, and an Open action", async () => {
    bot = await startBot();
    const url = boardUrl("board_spring");
    const { share } = await shared(url);
    const { triggerId } = await bot.sim.openEntityDetails({ user: ALICE, channel: GENERAL, messageTs: share.ts, url });
    const [answer] = await eventually(() => {
      const answers = bot.sim.entityDetails(triggerId);
      expect(answers).toHaveLength(1);
      return answers;
    });
    expect(answer?.error).toBeUndefined();
    const metadata = answer?.metadata as NonNullable<NonNullable<typeof answer>["metadata"]>;
    expect(metadata.app_unfurl_url).toBeUndefined();
    const list = ((custom(metadata, "card_list")?.value ?? []) as { value: string }[]).map((item) => item.value);
    const cards = await listCards(sandboxClient(bot), { conversationId: "conv_spring" });
    expect(list).toHaveLength(cards.length);
    expect(list.some((line) => line.startsWith("Image"))).toBe(true);
    expect(list.some((line) => line.startsWith("Note"))).toBe(true);
    const actions = (metadata.entity_payload.actions as { primary_actions: { text: string; url?: string }[] })
      .primary_actions;
    expect(actions).toEqual([
      expect.objectContaining({ text: "Open", url }),
      expect.objectContaining({ text: "Add my latest result", value: "board_spring" }),
    ]);
    // Open is a link the person's Slack opens; its click still reaches the bot, which acks it.
    const open = await bot.sim.clickEntityAction({ user: ALICE, triggerId, actionId: "studio_wo_open_board" });
    expect(open.status).toBe(200);
  }, 30_000);

  it("gives a person the access rules leave out no details, and no unfurl when they share it", async () => {
    bot = await startBot({ STUDIO_ALLOWED_USERS: ALICE });
    const url = boardUrl("board_spring");
    const { share } = await shared(url);
    const { triggerId } = await bot.sim.openEntityDetails({ user: BOB, channel: GENERAL, messageTs: share.ts, url });
    const [answer] = await eventually(() => {
      const answers = bot.sim.entityDetails(triggerId);
      expect(answers).toHaveLength(1);
      return answers;
    });
    expect(answer?.metadata).toBeUndefined();
    expect(answer?.error).toEqual({ status: "restricted" });

    const bobs = await bot.sim.shareLink({ user: BOB, channel: GENERAL, url });
    expect(bobs.delivered).toBe(true);
    // Bob's event is handled after its ack: wait until the bot has decided, then look for a second chat.unfurl.
    await eventually(() =>
      expect(bot.logs.filter((line) => line.includes("links not unfurled, access rules"))).toHaveLength(1),
    );
    expect(bot.sim.calls("chat.unfurl")).toHaveLength(1);
  }, 30_000);

  it("does not unfurl a board of another workspace or an unknown id, and refuses their details", async () => {
    bot = await startBot();
    const share = await bot.sim.shareLink({
      user: ALICE,
      channel: GENERAL,
      url: [boardUrl("board_globex"), boardUrl("board_nope")],
    });
    expect(share.delivered).toBe(true);
    await eventually(() => expect(bot.logs.filter((line) => line.includes("board link not unfurled"))).toHaveLength(2));
    expect(bot.logs.join("\n")).toMatch(/"board":"board_globex","reason":"restricted"/);
    expect(bot.logs.join("\n")).toMatch(/"board":"board_nope","reason":"not_found"/);
    expect(bot.sim.calls("chat.unfurl")).toHaveLength(0);

    const deps = {
      studio: sandboxClient(bot),
      access: { check: async () => ({ allowed: true, via: "open" }) },
    } as unknown as BotDeps;
    const ask = (id: string) =>
      entityDetails(deps, { user: ALICE, externalRef: { id, type: "board" }, entityUrl: boardUrl(id) });
    expect(await ask("board_globex")).toEqual({ error: { status: "restricted" } });
    expect(await ask("board_nope")).toEqual({ error: { status: "not_found" } });
  }, 30_000);
});

describe("a shared asset link", () => {
  it("unfurls with its image, its kind and its prompt", async () => {
    bot = await startBot();
    const url = assetUrl("img_trail_dawn");
    const { entity } = await shared(url);
    expect(entity.entity_type).toBe("slack#/entities/file");
    expect(entity.external_ref).toEqual({ id: "img_trail_dawn", type: "asset" });
    expect(entity.entity_payload.attributes.title.text).toBe("Trail at dawn");
    expect(custom(entity, "kind")?.value).toBe("Image");
    expect(custom(entity, "prompt")?.value).toBe("a hiker on a ridge trail at dawn, mist below");
    // The image, from a Slack file: the API's own URL is signed and expires (decision 0027).
    const preview = fields(entity).preview as { image_url?: string; slack_file?: { id: string } };
    expect(preview.image_url).toBeUndefined();
    expect(bot.sim.file(preview.slack_file?.id ?? "")?.mimetype).toMatch(/^image\//);
  }, 30_000);
});

describe("a result posted with --board", () => {
  it("links its board by the board's web address, which unfurls as the board", async () => {
    bot = await startBot();
    await bot.sim.command({ user: ALICE, channel: GENERAL, text: 'a lighthouse --board "Spring campaign"' });
    const link = await eventually(() => {
      const text = JSON.stringify(
        bot.sim
          .conversation(GENERAL)
          .filter((m) => m.fromBot)
          .map((m) => m.blocks),
      );
      const found = /<(http:\/\/127\.0\.0\.1:\d+\/boards\/[^|>]+)\|Spring campaign>/.exec(text);
      expect(found).not.toBeNull();
      return (found as RegExpExecArray)[1] as string;
    });
    expect(link).toBe(boardUrl("board_spring"));
    const { entity } = await shared(link, BOB);
    expect(entity.entity_payload.attributes.title.text).toBe("Spring campaign");
  }, 30_000);
});

describe("the board flexpane's Add my latest result", () => {
  /** Opens board_spring's flexpane for `user` (after Alice shared its link) and waits for the bot's answer. */
  async function flexpane(user: string) {
    const url = boardUrl("board_spring");
    const { share } = await shared(url);
    const { triggerId } = await bot.sim.openEntityDetails({ user, channel: GENERAL, messageTs: share.ts, url });
    await eventually(() => expect(bot.sim.entityDetails(triggerId)).toHaveLength(1));
    return triggerId;
  }
  const dmNotes = (user: string) => bot.sim.conversation(`D${user}`).filter((m) => m.fromBot);
  const spring = () => listCards(sandboxClient(bot), { conversationId: "conv_spring" });

  it("puts the person's latest result on the board once, and tells them in their DM", async () => {
    let now = Date.now();
    bot = await startBot({}, { now: () => now });
    await bot.sim.command({ user: ALICE, channel: GENERAL, text: "image a red fox in the snow" });
    await eventually(() => {
      const result = bot.sim.conversation(GENERAL).find((m) => m.fromBot && blocksOf(m, "image").length > 0);
      expect(result).toBeDefined();
    });
    const before = await spring();
    const triggerId = await flexpane(ALICE);

    const click = await bot.sim.clickEntityAction({ user: ALICE, triggerId, actionId: "studio_wo_add_latest" });
    expect(click.status).toBe(200);
    const note = await eventually(() => {
      const [first] = dmNotes(ALICE);
      expect(first).toBeDefined();
      return headline(first);
    });
    expect(note).toContain("Added “a red fox in the snow” to");
    expect(note).toContain("Spring campaign");
    expect(note).toContain("1 card");
    const after = await spring();
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((card) => !before.some((old) => old.id === card.id));
    expect(added?.asset?.__typename).toBe("Image");

    // A true double click is dropped; a later click finds the result already there and adds nothing.
    await bot.sim.clickEntityAction({ user: ALICE, triggerId, actionId: "studio_wo_add_latest" });
    await eventually(() =>
      expect(bot.logs.some((line) => line.includes("ignoring a repeated Add my latest result click"))).toBe(true),
    );
    now += 60_000;
    await bot.sim.clickEntityAction({ user: ALICE, triggerId, actionId: "studio_wo_add_latest" });
    const second = await eventually(() => {
      const notes = dmNotes(ALICE);
      expect(notes).toHaveLength(2);
      return headline(notes[1]);
    });
    expect(second).toContain("is already on");
    expect(await spring()).toHaveLength(before.length + 1);
  }, 30_000);

  it("tells a person with no result yet how to make one, and adds nothing", async () => {
    bot = await startBot();
    const before = await spring();
    const triggerId = await flexpane(BOB);
    await bot.sim.clickEntityAction({ user: BOB, triggerId, actionId: "studio_wo_add_latest" });
    const note = await eventually(() => {
      const [first] = dmNotes(BOB);
      expect(first).toBeDefined();
      return headline(first);
    });
    expect(note).toContain("no finished image or video yet");
    expect(note).toContain("/studio image");
    expect(await spring()).toHaveLength(before.length);
  }, 30_000);

  it("refuses an action the flexpane does not show", async () => {
    bot = await startBot();
    const triggerId = await flexpane(ALICE);
    await expect(
      bot.sim.clickEntityAction({ user: ALICE, triggerId, actionId: "studio_wo_delete_board" }),
    ).rejects.toThrow(/no action studio_wo_delete_board/);
  }, 30_000);
});
