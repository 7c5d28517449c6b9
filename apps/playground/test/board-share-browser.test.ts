// The board pane's Share link asks first (issue 42): a dialog names where the link goes (the open channel chosen,
// another one pickable) and shows the message as it will be posted; Cancel posts nothing, Share posts it where the
// person chose and opens that channel. Debian's Chromium, as test/browser.test.ts drives it; screenshots with
// PLAYGROUND_SCREENSHOT.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

describe.skipIf(!hasChromium)("the board pane's Share link, in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let page: Page;
  let consoleErrors: string[] = [];
  let webUrl = "";

  beforeAll(async () => {
    opened = await openPlayground({ playground: { jobMs: 500, env: {} } });
    ({ page, consoleErrors } = opened);
    const boards = (await (await fetch(`${opened.url}/api/boards`)).json()) as {
      conversationId: string;
      webUrl: string;
    }[];
    webUrl = boards.find((board) => board.conversationId === "conv_spring")?.webUrl ?? "";
  }, 60_000);

  afterAll(() => opened?.close());

  const dialog = () => page.getByTestId("share-dialog");
  const messagesWithLink = () => page.getByTestId("message-list").getByTestId("message").filter({ hasText: webUrl });

  it("shows where the link goes and the message before posting, and Cancel posts nothing", async () => {
    expect(webUrl).toMatch(/^https?:\/\//);
    await page.getByTestId("channel-C0GENERAL").click();
    await page.getByTestId("board-select").selectOption("conv_spring");
    await page.getByTestId("board-share").click();
    await dialog().waitFor();
    expect(await dialog().getByTestId("share-target").inputValue()).toBe("C0GENERAL");
    const options = await dialog().getByTestId("share-target").locator("option").allTextContents();
    expect(options).toContain("#general");
    expect(options).toContain("#design");
    const preview = dialog().getByTestId("share-preview");
    expect(await preview.locator(".share-preview-author").textContent()).toBe("Alice");
    expect(await preview.locator(".share-preview-link").textContent()).toBe(webUrl);
    expect(await preview.textContent()).toContain("Posted as you in #general.");
    await screenshot(page, "-share-dialog");

    await dialog().getByTestId("share-cancel").click();
    await dialog().waitFor({ state: "detached" });
    expect(await messagesWithLink().count()).toBe(0);
  }, 60_000);

  it("posts the link in the channel picked in the dialog, not the open one, and opens it there", async () => {
    await page.getByTestId("board-share").click();
    await dialog().getByTestId("share-target").selectOption("C0DESIGN");
    expect(await dialog().getByTestId("share-preview").textContent()).toContain("Posted as you in #design.");
    await dialog().getByTestId("share-submit").click();
    await dialog().waitFor({ state: "detached", timeout: 10_000 });

    // #design is open, with the link and the board's card under it.
    await expect.poll(() => page.locator("#channel-title").textContent(), { timeout: 10_000 }).toContain("design");
    await expect.poll(() => messagesWithLink().count(), { timeout: 10_000 }).toBe(1);
    const card = page.getByTestId("message-list").getByTestId("work-object").first();
    await expect.poll(() => card.locator(".wo-title").textContent(), { timeout: 15_000 }).toBe("Spring campaign");
    await page.mouse.move(1, 1);
    await screenshot(page, "-shared");

    // Nothing in #general: neither the cancelled share nor this one.
    await page.getByTestId("channel-C0GENERAL").click();
    await page.getByTestId("message-list").waitFor();
    await expect.poll(() => page.locator("#channel-title").textContent()).toContain("general");
    expect(await messagesWithLink().count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  }, 60_000);

  it("shares the board just picked even while its cards are still loading, not the one drawn before", async () => {
    const boards = (await (await fetch(`${opened?.url}/api/boards`)).json()) as {
      conversationId: string;
      title: string;
      webUrl: string;
    }[];
    const shown = await page.getByTestId("board-select").inputValue();
    const other = boards.find((board) => board.conversationId !== shown);
    expect(other).toBeDefined();
    // Hold the picked board's cards, as a slow network would, until the dialog is open.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const cardsOf = `**/api/boards/${encodeURIComponent(other?.conversationId ?? "")}/cards`;
    await page.route(cardsOf, async (route) => {
      await held;
      // The pane's 2 s refresh may ask again meanwhile; a request the unroute below already let through is not ours.
      await route.continue().catch(() => undefined);
    });
    try {
      await page.getByTestId("board-select").selectOption(other?.conversationId ?? "");
      await page.getByTestId("board-share").click();
      await dialog().waitFor();
      expect(await dialog().getByTestId("share-preview").locator(".share-preview-link").textContent()).toBe(
        other?.webUrl,
      );
      await dialog().getByTestId("share-cancel").click();
    } finally {
      release();
      await page.unroute(cardsOf);
    }
  }, 60_000);
});
