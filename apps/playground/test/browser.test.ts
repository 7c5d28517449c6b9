// The done-when, in a real browser: Debian's Chromium driven by playwright-core (never a browser a test
// tool downloads; .ci/run installs Chromium from apt when absent). The playground runs in this process on a free
// port, exactly as `pnpm start` runs it, with short generations.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../src/server/index.js";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

const PROMPT = "a red fox on snow";

describe.skipIf(!hasChromium)("the playground in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let playground: Playground;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    opened = await openPlayground({ playground: { jobMs: 1500, env: {} } });
    ({ playground, page, consoleErrors } = opened);
    // Starts the playground in this process, launches Chromium (a real browser, in child processes) and loads the page.
  }, 60_000);

  afterAll(() => opened?.close());

  const messageWith = (text: string) =>
    page.getByTestId("message-list").getByTestId("message").filter({ hasText: text });

  it("generates two images from the composer, adds both to a board picked in the modal, and shows them on its view", async () => {
    await page.getByTestId("channel-C0GENERAL").click();
    const boardsBefore = await (await fetch(`${playground.url}/api/boards`)).json();
    const board = boardsBefore[0] as { conversationId: string; title: string };
    const cardsOf = async () =>
      ((await (await fetch(`${playground.url}/api/boards/${board.conversationId}/cards`)).json()) as unknown[]).length;
    const cardsBefore = await cardsOf();

    await page.getByTestId("composer").locator("textarea").fill(`/studio image ${PROMPT} --count 2`);
    await page.getByTestId("composer").locator("textarea").press("Enter");

    // The progress message, then the same message with two images.
    const result = messageWith(PROMPT).last();
    await expect
      .poll(async () => (await result.textContent()) ?? "", { timeout: 15_000 })
      .toMatch(/Sending the request|Queued at the studio|Generating/);
    await expect.poll(async () => result.locator('[data-block-type="image"] img').count(), { timeout: 30_000 }).toBe(2);

    // Add to board on each image: the modal, a board picked from its list, submit.
    for (const index of [0, 1]) {
      await result.locator('button[data-action-id="studio_add_to_board"]').nth(index).click();
      const modal = page.getByTestId("modal");
      await modal.waitFor();
      const options = await modal.locator('select[data-action-id="board"] option').allTextContents();
      expect(options.join("|")).toContain(board.title);
      await modal.locator('select[data-action-id="board"]').selectOption({ label: board.title });
      await modal.getByTestId("modal-submit").click();
      await modal.waitFor({ state: "detached", timeout: 10_000 });
    }
    await expect.poll(cardsOf, { timeout: 15_000 }).toBe(cardsBefore + 2);

    // The board view beside the conversation draws the two new cards.
    await page.getByTestId("board-select").selectOption(board.conversationId);
    await expect
      .poll(async () => page.getByTestId("board-canvas").getByTestId("board-card").count(), { timeout: 10_000 })
      .toBe(cardsBefore + 2);

    await screenshot(page);
    // A job of two images (about 1.5 s: jobMs above, polled every second), two modals and the board view, each step a
    // round trip from Chromium through the page server to the bot and slack-sim.
  }, 90_000);

  it("makes one message per image job, with its buttons, and Variations can be clicked again", async () => {
    await page.getByTestId("channel-C0GENERAL").click();
    const fromBot = page.getByTestId("message-list").locator("article.message-from-bot");
    const before = await fromBot.count();
    await page.getByTestId("composer").locator("textarea").fill("/studio image a lighthouse at dusk");
    await page.getByTestId("composer").locator("textarea").press("Enter");

    // The progress message becomes the result: one message with the image hosted in Slack and its buttons.
    const result = messageWith("Image: “a lighthouse at dusk”").last();
    await expect.poll(async () => result.locator('[data-block-type="image"] img').count(), { timeout: 30_000 }).toBe(1);
    for (const action of ["studio_add_to_board", "studio_variations", "studio_upscale", "studio_regenerate"]) {
      expect(await result.locator(`button[data-action-id="${action}"]`).count(), action).toBe(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await fromBot.count()).toBe(before + 1);

    // Variations, then Variations again once the double-click window (5 s) has passed: two new jobs.
    const replies = () =>
      result
        .getByTestId("thread-link")
        .textContent()
        .catch(() => "");
    await result.locator('button[data-action-id="studio_variations"]').click();
    await expect.poll(replies, { timeout: 30_000 }).toBe("1 reply");
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    await result.locator('button[data-action-id="studio_variations"]').click();
    await expect.poll(replies, { timeout: 30_000 }).toBe("2 replies");
    await result.getByTestId("thread-link").click();
    const thread = page.locator("#thread-pane");
    await expect
      .poll(async () => thread.getByTestId("message").filter({ hasText: "Variation of" }).count(), { timeout: 30_000 })
      .toBe(2);
    expect(await page.getByText("already used").count()).toBe(0);
    await screenshot(page, "-variations");
    // 6.5 s of fixed waits (1 s, then 5.5 s to pass the double-click window) and three image jobs of about 1.5 s each,
    // one after another, each seen through Chromium.
  }, 120_000);

  it("sends a music command and shows an audio player", async () => {
    await page.getByTestId("composer").locator("textarea").fill("/studio music a calm piano loop");
    await page.getByTestId("composer").locator("textarea").press("Enter");
    await expect
      .poll(async () => page.getByTestId("message-list").locator('audio[data-testid="file-audio"]').count(), {
        timeout: 45_000,
      })
      .toBeGreaterThan(0);
    // A music job, which the sandbox makes last 1.5 times an image's (about 2.3 s here), then its audio player drawn
    // in Chromium; the wait above allows it 45 s.
  }, 60_000);

  it("in #random, which the bot is not in, ends a job as one message and answers a click on its result", async () => {
    await page.getByTestId("channel-C0RANDOM").click();
    const fromBot = page.getByTestId("message-list").locator("article.message-from-bot");
    const before = await fromBot.count();
    await page.getByTestId("composer").locator("textarea").fill("/studio image a lighthouse in fog");
    await page.getByTestId("composer").locator("textarea").press("Enter");

    // A note only the asker sees at once, then the result as one message with its image and buttons.
    await messageWith("Working on it").last().waitFor({ timeout: 15_000 });
    const result = messageWith("Image: “a lighthouse in fog”").last();
    await expect.poll(async () => result.locator('[data-block-type="image"] img').count(), { timeout: 30_000 }).toBe(1);
    expect(await fromBot.count()).toBe(before + 2);
    expect(await messageWith("so far").count()).toBe(0);

    // Variations on it: the answer comes through the click's response_url, as a new message in the channel.
    await result.locator('button[data-action-id="studio_variations"]').click();
    const variation = messageWith("Variation of").last();
    await expect
      .poll(async () => variation.locator('[data-block-type="image"] img').count(), { timeout: 30_000 })
      .toBe(1);
    await screenshot(page, "-not-in-channel");
    // Two image jobs of about 1.5 s each, one after the other, each seen through Chromium.
  }, 90_000);

  // After the test above: once invited, the bot is a member of #random.
  it("in #random, a mention shows Slackbot's invite prompt, and Invite Them makes the bot answer there", async () => {
    await page.getByTestId("channel-C0RANDOM").click();
    await page.getByTestId("composer").locator("textarea").fill("@Studio image a kite over the sea");
    await page.getByTestId("composer").locator("textarea").press("Enter");

    // Only the person who mentioned the bot sees Slackbot's prompt, with its two buttons; the bot got nothing.
    const prompt = messageWith("but they’re not in this channel").last();
    await prompt.waitFor({ timeout: 15_000 });
    expect(await prompt.locator(".author").textContent()).toBe("Slackbot");
    expect(await prompt.getByTestId("message-ephemeral").count()).toBe(1);
    expect(await prompt.locator("button").allTextContents()).toEqual(["Invite Them", "Do Nothing"]);
    expect(await page.locator("#channel-note").textContent()).toBe("Studio is not in this channel");
    await screenshot(page, "-invite-prompt");

    // Invite Them: the prompt goes, Studio joins, and its answer to the mention comes in the mention's thread.
    await prompt.locator("button", { hasText: "Invite Them" }).click();
    await prompt.waitFor({ state: "detached", timeout: 10_000 });
    await expect.poll(() => page.locator("#channel-note").isHidden(), { timeout: 10_000 }).toBe(true);
    await messageWith("has joined the channel").last().waitFor({ timeout: 10_000 });
    const mention = messageWith("image a kite over the sea").first();
    await expect
      .poll(
        async () =>
          (await mention
            .getByTestId("thread-link")
            .textContent()
            .catch(() => "")) ?? "",
        {
          timeout: 30_000,
        },
      )
      .toBe("1 reply");
    await mention.getByTestId("thread-link").click();
    const answer = page
      .locator("#thread-pane")
      .getByTestId("message")
      .filter({ hasText: "a kite over the sea" })
      .last();
    await expect.poll(async () => answer.locator('[data-block-type="image"] img').count(), { timeout: 30_000 }).toBe(1);
    await screenshot(page, "-invite-answered");
    // One image job of about 1.5 s, seen through Chromium.
  }, 90_000);

  it("had no console errors", () => {
    expect(consoleErrors).toEqual([]);
  });
});
