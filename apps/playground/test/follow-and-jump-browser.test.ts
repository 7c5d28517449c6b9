// Issue 27's page points in Debian's Chromium (playwright-core): the message list follows a new result down while
// its images load (13), and stays put for someone who scrolled up to read, offering the new messages instead; "Open
// the result" in `/studio history` and on the Home tab jumps to the message in the page (15), where slack-sim's
// permalink (`https://studio-sim.slack.com/archives/…`) would lead nowhere; the brand's swatches are emoji (14, whose
// full check is emoji-shortcodes.test.ts). Screenshots (PLAYGROUND_SCREENSHOT).
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../src/server/index.js";
import type { ConversationState } from "../src/shared/api.js";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

describe.skipIf(!hasChromium)("following new messages and jumping to a result in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let playground: Playground;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    opened = await openPlayground({
      playground: { jobMs: 1000, env: { CREDITS_CONFIRM_THRESHOLD: "1000" } },
      // A short window: one result of two images is taller than the list, so following it down means something.
      viewport: { width: 1280, height: 720 },
    });
    ({ playground, page, consoleErrors } = opened);
    // Starts the playground in this process, launches Chromium (a real browser, in child processes) and loads the page.
  }, 60_000);

  afterAll(() => opened?.close());

  const list = () => page.getByTestId("message-list");
  const messageWith = (text: string | RegExp, where: Locator = list()) =>
    where.getByTestId("message").filter({ hasText: text });
  const send = async (text: string) => {
    await page.getByTestId("composer").locator("textarea").fill(text);
    await page.getByTestId("composer").locator("textarea").press("Enter");
  };
  /** How far the list's end is below its visible part, in px (0: at the bottom). */
  const belowView = (element: Locator = list()) =>
    element.evaluate((node) => Math.round(node.scrollHeight - node.scrollTop - node.clientHeight));
  /** Whether every image in a message has loaded (and so has its full height). */
  const imagesLoaded = (message: Locator) =>
    message
      .locator("img")
      .evaluateAll((images) =>
        images.every((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
      );
  const waitForImages = async (message: Locator, count: number) => {
    await expect.poll(() => message.locator('[data-block-type="image"] img').count(), { timeout: 30_000 }).toBe(count);
    await expect.poll(() => imagesLoaded(message), { timeout: 15_000 }).toBe(true);
  };

  it("follows each new result down to its last button once its images have loaded, and after a reload", async () => {
    await page.getByTestId("channel-C0GENERAL").click();
    const atTheEnd = async () => {
      // The list is taller than its window, and its end is in view.
      expect(await list().evaluate((node) => node.scrollHeight > node.clientHeight + 200)).toBe(true);
      await expect.poll(() => belowView(), { timeout: 10_000 }).toBeLessThanOrEqual(2);
    };
    for (const [prompt, count] of [
      ["a red fox on snow", 2],
      ["a heron in reeds", 4],
    ] as const) {
      await send(`/studio image ${prompt} --count ${count}`);
      const result = messageWith(`${count} images: “${prompt}”`).last();
      await waitForImages(result, count);
      await atTheEnd();
      expect(await result.locator('[data-block-type="actions"]').last().isVisible()).toBe(true);
    }
    await screenshot(page, "-follow");

    // A fresh page on that conversation: every image loads at once, and the view still ends at the end.
    await page.reload();
    const last = messageWith("4 images: “a heron in reeds”").last();
    await waitForImages(last, 4);
    await atTheEnd();
    // Two image jobs (1 s each here, polled every second), then a reload with six images, seen through Chromium.
  }, 60_000);

  it("leaves a reader who scrolled up where they are, and offers the new messages", async () => {
    const newMessages = page.getByTestId("new-messages");
    expect(await newMessages.isVisible()).toBe(false);
    // The reader scrolls up to the first result with the wheel, as a person does.
    const first = messageWith("2 images: “a red fox on snow”").last();
    await list().hover();
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, -600);
          return list().evaluate((node) => node.scrollTop);
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    const top = await first.evaluate((node) => Math.round(node.getBoundingClientRect().top));

    await send("/studio image a snail on a leaf");
    // Sending scrolls to the end (as in Slack): scroll up again for the reader's part of the test.
    await expect.poll(() => belowView(), { timeout: 10_000 }).toBeLessThanOrEqual(2);
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, -600);
          return list().evaluate((node) => node.scrollTop);
        },
        { timeout: 10_000 },
      )
      .toBe(0);
    await page.getByTestId("composer").locator("textarea").blur();

    // A message from someone else arrives below (Bob, through the API), then grows with the result's image.
    await fetch(`${playground.url}/api/send`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: "U0BOB", channel: "C0GENERAL", text: "/studio image a snail on a wall" }),
    });
    // (Its image is lazy: far below the view, Chromium does not load it yet.)
    const bobs = messageWith("Image: “a snail on a wall”").last();
    await expect.poll(() => bobs.locator('[data-block-type="image"] img').count(), { timeout: 30_000 }).toBe(1);
    await newMessages.waitFor({ timeout: 10_000 });
    // Not moved: the first result is where the reader left it.
    expect(await list().evaluate((node) => node.scrollTop)).toBe(0);
    expect(await first.evaluate((node) => Math.round(node.getBoundingClientRect().top))).toBe(top);
    await screenshot(page, "-new-messages");

    // The button takes them to the end, and goes.
    await newMessages.click();
    await newMessages.waitFor({ state: "hidden", timeout: 10_000 });
    await waitForImages(bobs, 1);
    await expect.poll(() => belowView(), { timeout: 10_000 }).toBeLessThanOrEqual(2);
    // Two one-image jobs (1 s each here) seen through Chromium.
  }, 60_000);

  /** Whether a message is marked as the one jumped to and wholly inside its list's visible part. */
  const shownAndMarked = (message: Locator) =>
    message.evaluate((node) => {
      const list = node.closest(".message-list");
      if (!list) return "not in a list";
      const [box, view] = [node.getBoundingClientRect(), list.getBoundingClientRect()];
      if (!node.classList.contains("is-highlighted")) return "not marked";
      return box.top >= view.top - 1 && box.top < view.bottom - 40
        ? "shown"
        : `${box.top} outside ${view.top}-${view.bottom}`;
    });
  /** The section of a job line (history, Home) with its "Open the result" link. */
  const jobLink = (where: Locator, text: string) =>
    where
      .locator('[data-block-type="section"]')
      .filter({ hasText: text })
      .getByRole("link", { name: "Open the result" });

  it("opens a result from /studio history in its channel, scrolled to and marked", async () => {
    await page.getByTestId("channel-C0DESIGN").click();
    await send("/studio history");
    const history = messageWith("newest first").last();
    const link = jobLink(history, "a red fox on snow");
    await link.waitFor({ timeout: 15_000 });
    // The bot's link is slack-sim's permalink: an address no browser can open.
    expect(await link.getAttribute("href")).toMatch(/^https:\/\/studio-sim\.slack\.com\/archives\/C0GENERAL\/p\d+$/);
    const address = page.url();
    await link.click();

    // #general, with the fox's result in view and marked; the page did not go anywhere, nor open a tab.
    await expect.poll(() => page.locator("#channel-title").textContent(), { timeout: 10_000 }).toBe("# general");
    const fox = messageWith("2 images: “a red fox on snow”");
    await expect.poll(() => shownAndMarked(fox), { timeout: 10_000 }).toBe("shown");
    expect(await belowView()).toBeGreaterThan(100);
    expect(page.url()).toBe(address);
    expect(page.context().pages()).toHaveLength(1);
    // It stays there while the list's images load and settle.
    await waitForImages(fox, 2);
    await expect.poll(() => shownAndMarked(fox), { timeout: 10_000 }).toBe("shown");
    await screenshot(page, "-jump-history");
    // A history command and a channel switch through Chromium.
  }, 30_000);

  it("opens a reply from the Home tab in its thread, scrolled to and marked", async () => {
    const heron = messageWith("4 images: “a heron in reeds”").last();
    // The jump before this left the list pinned on the fox, which it keeps in view while anything loads or grows,
    // until the reader scrolls. A person scrolls to the heron with the wheel before clicking its button; Playwright's
    // own scrolling is not the reader's, and a re-pin between its scroll and its click made the click miss.
    await list().hover();
    await page.mouse.wheel(0, 200);
    await heron.locator('button[data-action-id="studio_variations"]').first().click();
    await expect
      .poll(
        async () =>
          (await heron
            .getByTestId("thread-link")
            .textContent()
            .catch(() => "")) ?? "",
        {
          timeout: 30_000,
        },
      )
      .toBe("1 reply");
    // The Home tab lists the job as it is when opened: wait for the variation's image (read through the API).
    const threadTs = (await heron.getAttribute("data-ts")) ?? "";
    const replyImages = async () => {
      const query = new URLSearchParams({ user: "U0ALICE", channel: "C0GENERAL", thread: threadTs });
      const state = (await (await fetch(`${playground.url}/api/state?${query}`)).json()) as ConversationState;
      return (state.thread ?? [])
        .slice(1)
        .flatMap((reply) => reply.blocks ?? [])
        .filter((b) => b.type === "image").length;
    };
    await expect.poll(replyImages, { timeout: 30_000 }).toBeGreaterThan(0);

    // Home, in the DM with Studio: the variation is the newest job.
    await page.getByTestId("channel-DU0ALICE").click();
    await page.getByTestId("tab-home").click();
    const link = jobLink(page.getByTestId("home-view"), "a variation of an image");
    await expect.poll(() => link.count(), { timeout: 30_000 }).toBe(1);
    expect(await link.getAttribute("href")).toMatch(/\/archives\/C0GENERAL\/p\d+\?thread_ts=/);
    await link.click();

    // #general's messages, the thread open on the heron, and the variation in view and marked there.
    await expect.poll(() => page.locator("#channel-title").textContent(), { timeout: 10_000 }).toBe("# general");
    const thread = page.getByTestId("thread-pane");
    await thread.waitFor({ timeout: 10_000 });
    const variation = messageWith("Variation of", thread);
    await expect.poll(() => shownAndMarked(variation), { timeout: 10_000 }).toBe("shown");
    expect(await page.getByTestId("home-view").isVisible()).toBe(false);
    await screenshot(page, "-jump-home");
    // A variation job (1 s here) seen through Chromium, the Home tab (the bot publishes it), and the jump.
  }, 60_000);

  it("draws the brand's colour swatches as emoji, not as their shortcodes", async () => {
    await page.getByTestId("channel-C0DESIGN").click();
    await send("/studio brand");
    const brand = messageWith("Colours").last();
    await brand.waitFor({ timeout: 15_000 });
    const swatches = await brand.locator(".emoji").allTextContents();
    expect(swatches.length).toBeGreaterThan(0);
    expect(swatches.every((emoji) => /^[🟥🟧🟨🟩🟦🟪🟫⬛⬜]$/u.test(emoji))).toBe(true);
    expect(await brand.textContent()).not.toMatch(/:[a-z_]+_square:/);
    await screenshot(page, "-brand");
  });

  it("had no console errors", () => {
    expect(consoleErrors).toEqual([]);
  });
});
