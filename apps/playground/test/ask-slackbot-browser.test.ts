// The "Ask Slackbot" pane in Debian's Chromium (issue 40): "Ask Slackbot" in the sidebar lists the bot's MCP tools
// as Slackbot's MCP client sees them (slack-sim signs every request with Slack identity auth for the person in the
// switcher), says plainly that it emulates the transport and the identity and not Slackbot's language model, builds
// a tool's form from its input schema, and runs it: generate_image made as Alice, its image in her DM, her job in
// the bot's store; a person the access rules leave out gets the tool's refusal in words.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

describe.skipIf(!hasChromium)("the Ask Slackbot pane in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    // Only Alice may generate: Bob's call is refused by the access rules. Generations of about 1 s.
    opened = await openPlayground({
      playground: { jobMs: 1000, env: { STUDIO_ALLOWED_USERS: "U0ALICE", CREDITS_CONFIRM_THRESHOLD: "1000" } },
    });
    ({ page, consoleErrors } = opened);
  }, 60_000);

  afterAll(() => opened?.close());

  const pane = () => page.getByTestId("slackbot-pane");
  const answer = () => pane().getByTestId("slackbot-answer");
  const field = (name: string) => pane().locator(`#slackbot-arg-${name}`);
  const generations = () => opened?.playground.sandbox?.sandbox.stats().operations.GenerateImage ?? 0;

  it("opens from the sidebar with the bot's tools and says what it emulates and what not", async () => {
    await page.getByTestId("user-switcher").selectOption("U0ALICE");
    await page.getByTestId("slackbot-toggle").click();
    await pane().waitFor();
    const notice = await pane().getByTestId("slackbot-notice").textContent();
    expect(notice).toMatch(/transport/);
    expect(notice).toMatch(/signed Slack identity/);
    expect(notice).toMatch(/does not emulate Slackbot's language model/);
    expect(await pane().getByTestId("slackbot-as").textContent()).toMatch(
      /Asking as Alice Archer \(Slack user U0ALICE\)/,
    );
    const picker = pane().getByTestId("slackbot-tool");
    await expect
      .poll(async () => (await picker.locator("option").allTextContents()).length, { timeout: 10_000 })
      .toBeGreaterThan(5);
    const names = await picker
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(names).toEqual(expect.arrayContaining(["generate_image", "get_credits", "list_boards"]));
  }, 60_000);

  it("runs generate_image from a form built from its schema, as Alice: the result, her image in her DM", async () => {
    await pane().getByTestId("slackbot-tool").selectOption("generate_image");
    // The schema's fields: prompt (required, first), count as a number, wait as a checkbox.
    expect(await pane().locator(".slackbot-field [data-argument]").first().getAttribute("data-argument")).toBe(
      "prompt",
    );
    expect(await field("count").getAttribute("type")).toBe("number");
    expect(await field("wait").getAttribute("type")).toBe("checkbox");

    // Left empty, the required prompt is refused before anything is sent.
    await pane().getByTestId("slackbot-call").click();
    expect(await pane().getByTestId("slackbot-form-error").textContent()).toBe("prompt is required: fill it in.");
    expect(generations()).toBe(0);

    await field("prompt").fill("a lighthouse at dusk");
    await field("wait").check();
    await pane().getByTestId("slackbot-call").click();
    await expect.poll(() => answer().getAttribute("data-state"), { timeout: 30_000 }).toBe("done");
    expect(await answer().getByTestId("slackbot-answer-text").textContent()).toMatch(/^Done: image \S+ completed/);
    expect(generations()).toBe(1);

    // The job is Alice's, and its one result message is in her DM with the bot.
    const sim = opened?.playground.sim;
    const dm = sim?.dm("U0ALICE") ?? "";
    const results = (sim?.conversation(dm) ?? []).filter((message) =>
      (message.blocks ?? []).some((block) => block.type === "image"),
    );
    expect(results).toHaveLength(1);
    const jobs = await opened?.playground.app.store.jobs.recent("U0ALICE", 5);
    expect(jobs?.[0]).toMatchObject({ user: "U0ALICE", outcome: "completed" });
    // Opened in the page, Alice's DM with Studio shows the image beside the pane's answer.
    await page.getByTestId(`channel-${dm}`).click();
    const image = page.getByTestId("message-list").locator('[data-block-type="image"] img');
    await expect.poll(() => image.count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, "ask-slackbot");
  }, 60_000);

  it("shows the access rules' refusal, in words, when Bob asks", async () => {
    await page.getByTestId("user-switcher").selectOption("U0BOB");
    await expect.poll(() => pane().getByTestId("slackbot-as").textContent()).toMatch(/Bob Baker/);
    await pane().getByTestId("slackbot-tool").selectOption("generate_image");
    await field("prompt").fill("a lighthouse at dusk");
    await pane().getByTestId("slackbot-call").click();
    await expect.poll(() => answer().getAttribute("data-state"), { timeout: 30_000 }).toBe("tool-error");
    expect(await answer().locator(".slackbot-answer-head").textContent()).toBe(
      "generate_image refused (access_denied)",
    );
    expect(await answer().getByTestId("slackbot-answer-text").textContent()).toMatch(/limited to listed people/);
    expect(generations()).toBe(1);
    await screenshot(page, "ask-slackbot-refused");
    expect(consoleErrors).toEqual([]);
  }, 60_000);
});
