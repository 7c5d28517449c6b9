// The bot's shortcuts where Slack offers them, in Debian's Chromium (issue 44, point 1): the composer's shortcut
// menu lists the declared global shortcuts, a message's "More actions" the message ones, and a click reaches the
// bot as Slack's payload (its listener opens a modal with the trigger_id, which the page shows). Our bot declares
// none, so its menu says so. Screenshot (PLAYGROUND_SCREENSHOT, suffix -shortcut-menu) of the open menu.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../src/server/index.js";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

const SHORTCUTS = [
  { name: "Write a note", type: "global", callback_id: "write_note", description: "A note for later" },
  { name: "Quote in a note", type: "message", callback_id: "quote_note", description: "Keep this message" },
] as const;

/** A modal titled `title` with `text` in it, as an app opens one from a shortcut's trigger_id. */
const noteModal = (title: string, text: string) => ({
  type: "modal" as const,
  title: { type: "plain_text" as const, text: title },
  blocks: [{ type: "section", text: { type: "plain_text", text } }],
});

describe.skipIf(!hasChromium)("the bot's shortcuts in the page", () => {
  let opened: OpenPlayground | undefined;
  let playground: Playground;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    opened = await openPlayground({ playground: { jobMs: 500, env: {}, shortcuts: [...SHORTCUTS] } });
    ({ playground, page, consoleErrors } = opened);
    // The app's own listeners, as another team's Bolt app would have them: each opens a modal from its trigger_id.
    playground.app.shortcut("write_note", async ({ ack, shortcut, client }) => {
      await ack();
      await client.views.open({ trigger_id: shortcut.trigger_id, view: noteModal("New note", "From the composer") });
    });
    playground.app.shortcut("quote_note", async ({ ack, shortcut, client }) => {
      await ack();
      if (shortcut.type !== "message_action") return;
      const quoted = `${shortcut.channel.id} says: ${shortcut.message.text ?? ""}`;
      await client.views.open({ trigger_id: shortcut.trigger_id, view: noteModal("Quote", quoted) });
    });
  }, 60_000);

  afterAll(() => opened?.close());

  const modal = () => page.getByTestId("modal");

  it("lists the global shortcuts in the composer's menu, and one click opens the app's modal", async () => {
    await page.getByTestId("channel-C0GENERAL").click();
    await page.getByTestId("composer-shortcuts").click();
    const menu = page.getByTestId("shortcut-menu-global");
    await menu.waitFor();
    expect(await menu.getByTestId("shortcut-item").allInnerTexts()).toEqual(["Write a note\nA note for later"]);
    await screenshot(page, "-shortcut-menu");

    await menu.getByTestId("shortcut-item").click();
    await expect.poll(() => modal().getByTestId("modal-title").textContent(), { timeout: 10_000 }).toBe("New note");
    expect(await menu.count()).toBe(0);
    await modal().getByTestId("modal-cancel").click();
    await modal().waitFor({ state: "detached" });
  }, 30_000);

  it("lists the message shortcuts in a message's More actions, and runs one on that message", async () => {
    const textarea = page.getByTestId("composer").locator("textarea");
    await textarea.fill("the launch moves to Friday");
    await textarea.press("Enter");
    const message = page.getByTestId("message-list").getByTestId("message").filter({ hasText: "launch moves" });
    await message.waitFor();
    await message.hover();
    await message.getByTestId("more-actions").click();
    const menu = page.getByTestId("shortcut-menu-message");
    await menu.waitFor();
    expect(await menu.getByTestId("shortcut-item").allInnerTexts()).toEqual(["Quote in a note\nKeep this message"]);
    await screenshot(page, "-more-actions");

    await menu.getByTestId("shortcut-item").click();
    await expect.poll(() => modal().getByTestId("modal-title").textContent(), { timeout: 10_000 }).toBe("Quote");
    expect(await modal().textContent()).toContain("C0GENERAL says: the launch moves to Friday");
    expect(consoleErrors).toEqual([]);
  }, 30_000);
});

describe.skipIf(!hasChromium)("the shortcut menu of a bot that declares none", () => {
  let opened: OpenPlayground | undefined;

  beforeAll(async () => {
    opened = await openPlayground({ playground: { jobMs: 500, env: {} } });
  }, 60_000);

  afterAll(() => opened?.close());

  it("says the bot declares none, in the composer's menu and in a message's More actions", async () => {
    const page = (opened as OpenPlayground).page;
    await page.getByTestId("channel-C0GENERAL").click();
    await page.getByTestId("composer-shortcuts").click();
    await expect
      .poll(() => page.getByTestId("shortcut-menu-global").textContent())
      .toBe("StudioNo shortcuts: Studio declares none");
    expect(await page.getByTestId("shortcut-item").count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.getByTestId("shortcut-menu-global").waitFor({ state: "detached" });

    const textarea = page.getByTestId("composer").locator("textarea");
    await textarea.fill("anything to act on");
    await textarea.press("Enter");
    const message = page.getByTestId("message-list").getByTestId("message").filter({ hasText: "anything to act" });
    await message.hover();
    await message.getByTestId("more-actions").click();
    await expect
      .poll(() => page.getByTestId("shortcut-menu-message").getByTestId("shortcut-none").textContent())
      .toBe("No message shortcuts: Studio declares none");
  }, 30_000);
});
