// The assistant pane in Debian's Chromium (issue 19): "Studio assistant" opens Slack's AI split view beside the
// conversation with the bot's suggested prompts; a prompt clicked runs a job whose status line shows while it
// works, then the image and its buttons land in the pane and the status goes. The playground runs in this process
// on a free port, as `pnpm start` runs it, with generations long enough to see the status line.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

describe.skipIf(!hasChromium)("the assistant pane in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    // The assistant pane is the assistant view's (STUDIO_SLACK_SURFACE=assistant); the default is the agent view.
    opened = await openPlayground({ playground: { jobMs: 2500, env: { STUDIO_SLACK_SURFACE: "assistant" } } });
    ({ page, consoleErrors } = opened);
    // Starts the playground in this process, launches Chromium (a real browser, in child processes) and loads the page.
  }, 60_000);

  afterAll(() => opened?.close());

  const pane = () => page.getByTestId("assistant-pane");

  it("opens the pane with the bot's suggested prompts, runs one, shows the status line, then the image and its buttons", async () => {
    await page.getByTestId("channel-C0GENERAL").click();
    await page.getByTestId("assistant-toggle").click();
    await pane().waitFor();
    expect(await page.getByTestId("assistant-toggle").getAttribute("aria-expanded")).toBe("true");
    expect(await pane().getByTestId("assistant-title").textContent()).toBe("New chat");

    // The chips are the bot's prompts; the greeting is the thread's first message.
    const chips = pane().getByTestId("assistant-prompt");
    await expect.poll(() => chips.count(), { timeout: 10_000 }).toBeGreaterThan(1);
    expect(await chips.allTextContents()).toContain("Make an image");
    await expect.poll(() => pane().getByTestId("message").count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, "-assistant-prompts");

    // A click sends the prompt's message as Alice's, and the chips go. The chip asks what to make, with an example
    // and its cost on a button (decision 0025): only that button spends.
    await chips.filter({ hasText: "Make an image" }).click();
    const fromAlice = pane().getByTestId("message").filter({ hasNotText: "Studio" });
    await expect.poll(() => fromAlice.count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => chips.count(), { timeout: 10_000 }).toBe(0);
    const example = pane().locator('button[data-action-id="studio_ask_command"]');
    await expect.poll(() => example.count(), { timeout: 10_000 }).toBe(1);
    await example.click();

    // The status line while the job runs: "Studio is generating an image…", with the app's name first.
    const status = pane().getByTestId("assistant-status");
    await expect
      .poll(async () => ((await status.isVisible()) ? await status.textContent() : ""), { timeout: 15_000 })
      .toMatch(/^Studio is (sending your request for|generating) an image…/);
    await screenshot(page, "-assistant-status");

    // The result: the image, hosted in Slack, with its buttons; the status gone; the thread titled after it.
    const result = pane()
      .locator("article.message-from-bot")
      .filter({ has: page.locator('[data-block-type="image"]') });
    await expect.poll(() => result.locator('[data-block-type="image"] img').count(), { timeout: 30_000 }).toBe(1);
    for (const action of ["studio_add_to_board", "studio_variations", "studio_upscale", "studio_regenerate"]) {
      expect(await result.locator(`button[data-action-id="${action}"]`).count(), action).toBe(1);
    }
    await expect.poll(() => status.isVisible(), { timeout: 10_000 }).toBe(false);
    await expect
      .poll(async () => pane().getByTestId("assistant-title").textContent(), { timeout: 10_000 })
      .toMatch(/^Image: /);
    // The image really loaded (a broken image has no natural width).
    const width = await result
      .locator('[data-block-type="image"] img')
      .evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(width).toBeGreaterThan(0);
    // Away from the messages, so none shows its hover background in the picture.
    await page.mouse.move(1, 1);
    await screenshot(page, "-assistant");

    // Its buttons work from the pane: Add to board opens the bot's modal.
    await result.locator('button[data-action-id="studio_add_to_board"]').click();
    const modal = page.getByTestId("modal");
    await modal.waitFor({ timeout: 10_000 });
    await modal.getByTestId("modal-cancel").click();
    await modal.waitFor({ state: "detached", timeout: 10_000 });
    // An image job made to last about 2.5 s (jobMs above) so that its status line shows, then its result, the thread's
    // title and the Add to board modal, each seen through Chromium.
  }, 90_000);

  it("sends what is typed in the pane's composer into the thread, and New chat starts another thread", async () => {
    const messages = pane().getByTestId("message");
    const before = await messages.count();
    const composer = pane().getByTestId("assistant-composer").locator("textarea");
    await composer.fill("credits");
    await composer.press("Enter");
    // Alice's message and the bot's answer, in the same thread.
    await expect.poll(() => messages.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
    expect(await composer.inputValue()).toBe("");

    await pane().getByTestId("assistant-new-chat").click();
    await expect.poll(() => pane().getByTestId("assistant-title").textContent(), { timeout: 10_000 }).toBe("New chat");
    await expect.poll(() => pane().getByTestId("assistant-prompt").count(), { timeout: 10_000 }).toBeGreaterThan(1);
    await expect.poll(() => messages.count(), { timeout: 10_000 }).toBe(1);

    // Closing the pane gives the conversation its width back.
    await page.getByTestId("assistant-toggle").click();
    expect(await pane().isVisible()).toBe(false);
    // Round trips from Chromium through the page server to the bot and slack-sim (the answer to "credits", then a new
    // chat and its prompts), each waited for up to 10-15 s above.
  }, 60_000);

  it("had no console errors", () => {
    expect(consoleErrors).toEqual([]);
  });
});
