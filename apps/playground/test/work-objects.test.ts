// Work Objects through the playground's API (CONTRACT.md, "Work Objects"): a board link sent in a channel is shared
// (link_shared) and shows its unfurl card; opening it answers the bot's flexpane; an action reaches the bot, which
// answers in the person's DM. A link to another site is posted and reaches no app.
import { afterEach, describe, expect, it } from "vitest";
import type { BoardView, EntityDetailsView, MessageView } from "../src/shared/api.js";
import { type Driver, eventually, startDriver } from "./support/playground.js";

const ALICE = "U0ALICE";
const BOB = "U0BOB";
const GENERAL = "C0GENERAL";
const RANDOM = "C0RANDOM";

let driver: Driver;
afterEach(async () => {
  await driver?.close();
});

/** The Spring campaign board as GET /api/boards lists it, with the link the page's "Share link" posts. */
async function springBoard(): Promise<BoardView> {
  const { status, body } = await driver.api<BoardView[]>("/api/boards");
  expect(status).toBe(200);
  const board = body.find((item) => item.title === "Spring campaign");
  if (!board) throw new Error("the sandbox's seed has no Spring campaign board");
  return board;
}

/** Sends `text` as `user` in `channel` and waits for the message it made to carry a Work Object. */
async function shareAndWait(user: string, channel: string, text: string): Promise<MessageView> {
  const sent = await driver.api("/api/send", { user, channel, text });
  expect(sent.status).toBe(200);
  return eventually(async () => {
    const { messages } = await driver.state(user, channel);
    const message = messages.find((m) => m.unfurls?.some((unfurl) => unfurl.entity));
    expect(message).toBeDefined();
    return message as MessageView;
  });
}

describe("a board link sent in a channel", () => {
  it("unfurls into the board's card, and its flexpane lists the cards with two actions", async () => {
    driver = await startDriver();
    const board = await springBoard();
    expect(board.webUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/boards\/board_spring$/);
    const message = await shareAndWait(ALICE, GENERAL, `the board: ${board.webUrl}`);
    // Slack's client wraps a typed link; the bot answered link_shared with the board's Work Object.
    expect(message.text).toBe(`the board: <${board.webUrl}>`);
    const [unfurl] = message.unfurls ?? [];
    expect(unfurl?.url).toBe(board.webUrl);
    const attributes = unfurl?.entity?.entity_payload.attributes as { title: { text: string } };
    expect(attributes.title.text).toBe("Spring campaign");

    const opened = await driver.api<EntityDetailsView>("/api/entity/open", {
      user: ALICE,
      channel: GENERAL,
      messageTs: message.ts,
      url: board.webUrl,
    });
    expect(opened.status).toBe(200);
    expect(opened.body.pending).toBeUndefined();
    const payload = opened.body.metadata?.entity_payload as {
      custom_fields: { key: string; value: unknown }[];
      actions: { primary_actions: { text: string; action_id: string }[] };
    };
    const list = payload.custom_fields.find((field) => field.key === "card_list")?.value as unknown[];
    expect(list.length).toBeGreaterThan(0);
    expect(payload.actions.primary_actions.map((action) => action.text)).toEqual(["Open", "Add my latest result"]);
  }, 30_000);

  it("unfurls in a channel the bot is not in, and answers a person with no result in their DM", async () => {
    driver = await startDriver();
    const board = await springBoard();
    const message = await shareAndWait(BOB, RANDOM, board.webUrl);
    const opened = await driver.api<EntityDetailsView>("/api/entity/open", {
      user: BOB,
      channel: RANDOM,
      messageTs: message.ts,
      url: board.webUrl,
    });
    const clicked = await driver.api("/api/entity/action", {
      user: BOB,
      triggerId: opened.body.triggerId,
      actionId: "studio_wo_add_latest",
    });
    expect(clicked.status).toBe(200);
    const note = await eventually(async () => {
      const { messages } = await driver.state(BOB, "DU0BOB");
      const found = messages.find((m) => m.fromBot);
      expect(found).toBeDefined();
      return found?.text ?? "";
    });
    expect(note).toContain("no finished image or video yet");
  }, 30_000);

  it("refuses an action the flexpane does not show, and another person's flexpane", async () => {
    driver = await startDriver();
    const board = await springBoard();
    const message = await shareAndWait(ALICE, GENERAL, board.webUrl);
    const opened = await driver.api<EntityDetailsView>("/api/entity/open", {
      user: ALICE,
      channel: GENERAL,
      messageTs: message.ts,
      url: board.webUrl,
    });
    const triggerId = opened.body.triggerId;
    const unknown = await driver.api("/api/entity/action", { user: ALICE, triggerId, actionId: "delete" });
    expect(unknown).toMatchObject({ status: 404, body: { error: "action_not_found" } });
    const bobs = await driver.api("/api/entity/action", { user: BOB, triggerId, actionId: "studio_wo_add_latest" });
    expect(bobs).toMatchObject({ status: 404, body: { error: "action_not_found" } });
  }, 30_000);
});

describe("a link to another site", () => {
  it("is posted as Slack's client writes it and reaches no app: the bot's domain is the platform's", async () => {
    driver = await startDriver();
    await driver.api("/api/send", { user: ALICE, channel: GENERAL, text: "see https://example.com/page." });
    const { messages } = await driver.state(ALICE, GENERAL);
    const posted = messages.find((m) => m.text.includes("example.com"));
    expect(posted?.text).toBe("see <https://example.com/page>.");
    expect(posted?.unfurls?.[0]?.entity).toBeUndefined();
    expect(driver.playground.sim.calls("chat.unfurl")).toHaveLength(0);
  }, 30_000);
});
