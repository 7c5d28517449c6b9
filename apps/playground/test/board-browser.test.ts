// The board view in Debian's Chromium (as test/browser.test.ts drives it): a note and an image put on a board through
// the studio API, drawn at a readable size, their kinds in words, the note's text wrapped and whole.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../src/server/index.js";
import { hasChromium } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

const NOTE =
  "Shot list for Monday: the trail at dawn, two walkers mid-stride, clay-coloured jackets, and a close-up of the " +
  "boot tread in wet gravel. Keep the horizon low and leave room on the left for the headline.";

describe.skipIf(!hasChromium)("the board view in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let playground: Playground;
  let page: Page;
  let conversationId = "";

  /** One GraphQL request to the playground's own sandbox, as any API client would send it. */
  async function studio(query: string, variables: Record<string, unknown>) {
    const sandbox = playground.sandbox;
    if (!sandbox) throw new Error("the playground started no sandbox");
    const response = await fetch(`${sandbox.url}/graphql`, {
      method: "POST",
      headers: { authorization: `Bearer ${sandbox.sandbox.keys.readWrite}`, "content-type": "application/json" },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data ?? {};
  }

  /** Puts a note, an image and a shape on a new board through the sandbox's API, before the page loads. */
  async function seedBoard(started: Playground) {
    playground = started;
    const w = playground.sandbox?.sandbox.workspaceId;
    const made = (await studio(
      `mutation ($w: ID!) { createStudioSession(input: { workspaceId: $w, title: "Shoot notes" }) { session { conversationId } } }`,
      { w },
    )) as { createStudioSession: { session: { conversationId: string } } };
    conversationId = made.createStudioSession.session.conversationId;
    const place = `mutation ($id: ID!, $c: ID!, $w: ID!, $t: String!, $a: String!) {
      createCanvasCard(input: { id: $id, conversationId: $c, workspaceId: $w, assetType: $t, assetId: $a, origin: API }) { success }
    }`;
    await studio(place, { id: "card_image", c: conversationId, w, t: "image", a: "img_trail_dawn" });
    await studio(place, { id: "card_note", c: conversationId, w, t: "sticky_note", a: "note_shots" });
    await studio(
      `mutation ($c: ID!, $text: String!) {
        updateCanvasCardText(input: { conversationId: $c, assetType: "sticky_note", assetId: "note_shots", text: $text }) { success }
      }`,
      { c: conversationId, text: NOTE },
    );
    await studio(place, { id: "card_shape", c: conversationId, w, t: "element", a: "shape_frame_2" });
  }

  beforeAll(async () => {
    opened = await openPlayground({
      playground: { jobMs: 500, env: {} },
      beforeOpen: seedBoard,
      ready: async (loaded) => {
        await loaded.getByTestId("board-select").selectOption(conversationId);
        await loaded.waitForFunction(() => document.querySelectorAll('[data-testid="board-card"]').length === 3, null, {
          timeout: 10_000,
        });
      },
    });
    ({ page } = opened);
    // Starts the playground in this process, puts three cards on a board through its sandbox's API, launches Chromium
    // (a real browser, in child processes) and loads the board view, whose cards the wait above allows 10 s.
  }, 60_000);

  afterAll(() => opened?.close());

  const cardOf = (kind: string) => page.getByTestId("board-canvas").locator(`[data-kind="${kind}"]`);

  it("draws every card at least 120 px wide, the board scrolling where the pane is narrower", async () => {
    for (const kind of ["image", "sticky_note", "element"]) {
      const box = await cardOf(kind).boundingBox();
      expect(box?.width, kind).toBeGreaterThanOrEqual(119.5);
    }
    const canvas = page.getByTestId("board-canvas");
    const [scrollWidth, clientWidth] = await canvas.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    if (scrollWidth > clientWidth) expect(await page.locator("#board-status").textContent()).toContain("scroll");
  });

  it("names the kinds in words", async () => {
    expect(await cardOf("sticky_note").locator(".board-card-kind").textContent()).toBe("Note");
    expect(await cardOf("element").locator(".board-card-kind").textContent()).toBe("Shape");
    const shown = (await page.getByTestId("board-canvas").textContent()) ?? "";
    expect(shown).not.toContain("sticky_note");
    expect(shown).not.toMatch(/\belement\b/i);
  });

  it("wraps the note's text and shows all of it", async () => {
    const note = cardOf("sticky_note");
    expect(await note.locator(".board-card-text").textContent()).toBe(NOTE);
    const fit = await note.evaluate((el) => {
      const text = el.querySelector(".board-card-text") as HTMLElement;
      const card = el.getBoundingClientRect();
      const words = text.getBoundingClientRect();
      return {
        clipped: el.scrollHeight > el.clientHeight + 1 || words.bottom > card.bottom + 1,
        wraps: words.height > 3 * Number.parseFloat(getComputedStyle(text).lineHeight),
        fitsAcross: words.right <= card.right + 1,
      };
    });
    expect(fit).toEqual({ clipped: false, wraps: true, fitsAcross: true });
  });
  it("brings a card that just landed into view, though the server put it beyond the scrolled pane (issue 27)", async () => {
    const w = playground.sandbox?.sandbox.workspaceId;
    const place = `mutation ($id: ID!, $c: ID!, $w: ID!, $a: String!) {
      createCanvasCard(input: { id: $id, conversationId: $c, workspaceId: $w, assetType: "sticky_note", assetId: $a, origin: API }) { success }
    }`;
    // Each card without a position goes to the right of everything: the board grows far wider than the pane.
    for (let index = 0; index < 8; index++) {
      await studio(place, { id: `card_more_${index}`, c: conversationId, w, a: `note_more_${index}` });
    }
    const canvas = page.getByTestId("board-canvas");
    const last = canvas.locator('[data-card-id="card_more_7"]');
    await last.waitFor({ timeout: 10_000 });
    await expect
      .poll(
        async () =>
          last.evaluate((el) => {
            const card = el.getBoundingClientRect();
            const pane = (el.closest('[data-testid="board-canvas"]') as HTMLElement).getBoundingClientRect();
            return card.left >= pane.left - 1 && card.right <= pane.right + 1 && card.top >= pane.top - 1;
          }),
        { timeout: 10_000 },
      )
      .toBe(true);
    // The board refreshes every 2 s: the cards arrive within a refresh or two, seen through Chromium.
  }, 30_000);
});
