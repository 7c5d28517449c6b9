// Boards as Work Objects in Debian's Chromium (issue 30): Alice makes an image, shares the Spring campaign board's
// link with the board pane's "Share link", sees the board's unfurl card (title, card count, preview), opens its
// details (the cards in words, Open and Add my latest result), adds her latest result, and finds the bot's note in
// her DM and one more card on the board. Screenshots (PLAYGROUND_SCREENSHOT) of the card and of the details.
import { createStudioClient, listCards } from "@studio-kit/core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../src/server/index.js";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

const PROMPT = "a kite over the dunes";

describe.skipIf(!hasChromium)("boards as Work Objects in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let playground: Playground;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    opened = await openPlayground({ playground: { jobMs: 500, env: { CREDITS_CONFIRM_THRESHOLD: "1000" } } });
    ({ playground, page, consoleErrors } = opened);
    // Starts the playground in this process, launches Chromium (a real browser, in child processes) and loads the page.
  }, 60_000);

  afterAll(() => opened?.close());

  const card = () => page.getByTestId("message-list").getByTestId("work-object").first();
  const details = () => page.getByTestId("entity-pane");
  /** The Spring campaign board's cards, read from the playground's sandbox as any API client would. */
  const springCards = async () => {
    const sandbox = playground.sandbox;
    if (!sandbox) throw new Error("the playground started no sandbox");
    const client = createStudioClient({ baseUrl: sandbox.url, apiKey: sandbox.sandbox.keys.readWrite });
    return listCards(client, { conversationId: "conv_spring" });
  };

  /** The card's "Cards" fact, as a person reads it. */
  const cardsFact = async () => {
    const facts = card().locator(".wo-facts");
    const labels = await facts.locator("dt").allTextContents();
    const values = await facts.locator("dd").allTextContents();
    return values[labels.indexOf("Cards")];
  };

  it("shares the board's link from the board pane and draws its unfurl card", async () => {
    await page.getByTestId("channel-C0GENERAL").click();
    await page.getByTestId("composer").locator("textarea").fill(`/studio image ${PROMPT}`);
    await page.getByTestId("composer").locator("textarea").press("Enter");
    await expect
      .poll(() => page.locator('[data-testid="message"] [data-block-type="image"] img').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);

    await page.getByTestId("board-select").selectOption("conv_spring");
    await page.getByTestId("board-share").click();
    // The share dialog, the open channel chosen: Share posts the link there.
    await page.getByTestId("share-dialog").getByTestId("share-submit").click();
    await expect.poll(() => card().count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => card().locator(".wo-title").textContent()).toBe("Spring campaign");
    const before = (await springCards()).length;
    // One count on the card: the Cards fact, no "N cards" description beside it (issue 41).
    expect(await cardsFact()).toBe(String(before));
    expect(await card().locator(".wo-description").count()).toBe(0);
    // The preview is the board's first image, loaded from the studio.
    await expect
      .poll(() =>
        card()
          .locator("img.wo-preview")
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, "-work-object-card");
  }, 60_000);

  it("opens the details with the cards in words, adds the latest result, and answers in the DM", async () => {
    const before = (await springCards()).length;
    await card().getByTestId("work-object-open").click();
    await expect.poll(() => details().getByTestId("work-object-details-title").textContent()).toBe("Spring campaign");
    expect(await details().getByTestId("wo-list").locator("li").count()).toBe(before);
    const actions = details().getByTestId("work-object-action");
    expect(await actions.allTextContents()).toEqual(["Open ↗", "Add my latest result"]);
    await screenshot(page, "-work-object-details");

    await details().locator('[data-action-id="studio_wo_add_latest"]').click();
    await expect.poll(async () => (await springCards()).length, { timeout: 15_000 }).toBe(before + 1);
    // The note is in Alice's DM with Studio.
    await page.getByTestId("channel-DU0ALICE").click();
    await expect
      .poll(() => page.getByTestId("message-list").getByTestId("message").filter({ hasText: "Added" }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    const note = await page
      .getByTestId("message-list")
      .getByTestId("message")
      .filter({ hasText: "Added" })
      .textContent();
    expect(note).toContain(`Added “${PROMPT}” to Spring campaign: 1 card.`);
    // Back in #general, the card the link unfurled into says the new count: the bot unfurled it again.
    await page.getByTestId("channel-C0GENERAL").click();
    await expect.poll(() => cardsFact(), { timeout: 15_000 }).toBe(String(before + 1));
    expect(consoleErrors).toEqual([]);
  }, 60_000);
});
