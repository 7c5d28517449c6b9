// Add to board, seen in the board pane (issue 42): the new card is shown among the board's other cards, as a canvas
// app shows what was put on it, not scrolled to alone with the rest of the board off screen. Debian's Chromium, as
// test/browser.test.ts drives it; screenshots with PLAYGROUND_SCREENSHOT.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

const PROMPT = "a paper boat on a pond";

describe.skipIf(!hasChromium)("the board pane after Add to board, in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let page: Page;

  beforeAll(async () => {
    opened = await openPlayground({ playground: { jobMs: 500, env: {} } });
    ({ page } = opened);
  }, 60_000);

  afterAll(() => opened?.close());

  const canvas = () => page.getByTestId("board-canvas");
  const cards = () => canvas().getByTestId("board-card");
  /** Whether the card's box lies within the pane's visible box (1 px of rounding allowed). */
  const inPane = (card: Locator) =>
    card.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const pane = (el.closest('[data-testid="board-canvas"]') as HTMLElement).getBoundingClientRect();
      return (
        box.width > 0 &&
        box.left >= pane.left - 1 &&
        box.right <= pane.right + 1 &&
        box.top >= pane.top - 1 &&
        box.bottom <= pane.bottom + 1
      );
    });
  const visibleIds = async () => {
    const shown: string[] = [];
    for (const card of await cards().all()) {
      if (await inPane(card)) shown.push((await card.getAttribute("data-card-id")) ?? "");
    }
    return shown.sort();
  };

  it("shows the new card and the board's other cards in the pane, zoomed out, and Zoom in brings back the readable size", async () => {
    await page.getByTestId("channel-C0GENERAL").click();
    await page.getByTestId("board-select").selectOption("conv_spring");
    await expect.poll(() => cards().count(), { timeout: 10_000 }).toBeGreaterThan(1);
    const before = await cards().evaluateAll((all) => all.map((el) => el.getAttribute("data-card-id") ?? ""));
    // At first the board is read at a readable size, wider than the pane: it scrolls (the trial's "scroll to see").
    expect((await visibleIds()).length).toBeLessThan(before.length);

    await page.getByTestId("composer").locator("textarea").fill(`/studio image ${PROMPT}`);
    await page.getByTestId("composer").locator("textarea").press("Enter");
    const result = page.getByTestId("message-list").getByTestId("message").filter({ hasText: PROMPT }).last();
    await expect.poll(() => result.locator('[data-block-type="image"] img').count(), { timeout: 30_000 }).toBe(1);
    await result.locator('button[data-action-id="studio_add_to_board"]').click();
    const modal = page.getByTestId("modal");
    await modal.waitFor();
    await modal.locator('select[data-action-id="board"]').selectOption({ label: "Spring campaign" });
    await modal.getByTestId("modal-submit").click();
    await modal.waitFor({ state: "detached", timeout: 10_000 });

    await expect.poll(() => cards().count(), { timeout: 15_000 }).toBe(before.length + 1);
    const all = await cards().evaluateAll((each) => each.map((el) => el.getAttribute("data-card-id") ?? ""));
    const added = all.find((id) => !before.includes(id)) ?? "";
    expect(await canvas().locator(`[data-card-id="${added}"]`).getAttribute("class")).toContain("board-card-new");
    // Every card in view, the new one among them: the whole board, zoomed out.
    await expect.poll(visibleIds, { timeout: 10_000 }).toEqual([...all].sort());
    expect(await page.locator("#board-status").textContent()).toBe(
      `${all.length} cards · zoomed out to show the board`,
    );
    await page.mouse.move(1, 1);
    await screenshot(page, "-added");

    // Zoom in: the readable size again, the board scrolling; Fit board zooms out again.
    const zoom = page.getByTestId("board-zoom");
    expect(await zoom.textContent()).toBe("Zoom in");
    await zoom.click();
    await expect.poll(async () => (await visibleIds()).length).toBeLessThan(all.length);
    // Zoomed in on the new card, as a canvas app zooms in on what is selected.
    expect(await inPane(canvas().locator(`[data-card-id="${added}"]`))).toBe(true);
    for (const card of await cards().all()) expect((await card.boundingBox())?.width).toBeGreaterThanOrEqual(119.5);
    expect(await page.locator("#board-status").textContent()).toContain("scroll to see them all");
    expect(await zoom.textContent()).toBe("Fit board");
    await screenshot(page, "-zoomed-in");
    await zoom.click();
    await expect.poll(visibleIds).toEqual([...all].sort());
  }, 90_000);
});
