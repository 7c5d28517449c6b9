// A button's long label stays inside its message, in Debian's Chromium: found trying the agent view, where the bot's
// "Generate an image of '<what you wrote>'" in a thread ran past the thread pane's edge, cut off mid-word with no
// way to read the rest. Slack cuts a long label with an ellipsis; the page does too, and the whole label is the
// button's tooltip. The message is the bot's answer to "put it on the Spring campaign board" written as a new DM
// message (about an earlier result, where its thread holds none: it asks, and nothing is generated).
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../src/server/index.js";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

const TEXT = "put it on the Spring campaign board";

describe.skipIf(!hasChromium)("a long button label in the thread pane", () => {
  let opened: OpenPlayground | undefined;
  let page: Page;
  let playground: Playground;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    opened = await openPlayground();
    ({ page, playground, consoleErrors } = opened);
  }, 60_000);

  afterAll(() => opened?.close());

  it("is cut with an ellipsis inside the pane, its whole label as the tooltip, and nothing is generated", async () => {
    await page.getByTestId("channel-DU0ALICE").click();
    const composer = page.getByTestId("composer").locator("textarea");
    await composer.fill(TEXT);
    await composer.press("Enter");
    const asked = page.getByTestId("message-list").getByTestId("message").filter({ hasText: TEXT });
    await asked.getByTestId("thread-link").click({ timeout: 15_000 });
    const pane = page.getByTestId("thread-pane");
    const button = pane.locator('button[data-action-id="studio_ask_image"]');
    await button.waitFor({ timeout: 15_000 });

    expect(await button.getAttribute("title")).toBe(`Generate an image of '${TEXT}'`);
    const within = await button.evaluate((element) => {
      const message = element.closest("article") as HTMLElement;
      const box = element.getBoundingClientRect();
      const frame = message.getBoundingClientRect();
      return { right: box.right, limit: frame.right, cut: element.scrollWidth > element.clientWidth };
    });
    expect(within.right).toBeLessThanOrEqual(within.limit);
    // The label is longer than the pane is wide: it is cut (Chromium draws the ellipsis), not run past the edge.
    expect(within.cut).toBe(true);
    await page.mouse.move(1, 1);
    await screenshot(page, "-long-button");

    const generated = playground.sandbox?.sandbox.requests().filter((entry) => entry.operation === "GenerateImage");
    expect(generated).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 60_000);
});
