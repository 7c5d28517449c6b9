// The agent view in Debian's Chromium (issue 41): the bot's DM is the conversation, as Slack draws an app whose
// manifest declares features.agent_view (https://docs.slack.dev/ai/migrating-to-agent-messaging/), with the prompts
// the bot pins there; a request written there roots a thread whose agent session shows its status, its title and,
// while the job runs, Slack's stop button (https://docs.slack.dev/ai/agent-sessions/). A click on Stop sends the bot
// agent_session_stopped: the session leaves `processing`, the thread says the job was stopped, and the result is
// never posted, even once the generation finishes. The playground runs in this process, as `pnpm start` runs it.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../src/server/index.js";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

const PROMPT = "image a red fox on snow";
const ALICE = "U0ALICE";
const JOB_MS = 600_000;
const DM = `D${ALICE}`;

describe.skipIf(!hasChromium)("the agent view in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let page: Page;
  let playground: Playground;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    // Generations of about ten minutes on the sandbox's clock: a job stays generating (sent, paid, not done) for as
    // long as the test needs, whatever the machine's speed, until the test moves that clock. No spending
    // confirmation: the request starts its job at once (the confirm path is the bot's own test's).
    opened = await openPlayground({ playground: { jobMs: JOB_MS, env: { CREDITS_CONFIRM_THRESHOLD: "1000" } } });
    ({ page, playground, consoleErrors } = opened);
    // Starts the playground in this process, launches Chromium (a real browser, in child processes) and loads the page.
  }, 60_000);

  afterAll(() => opened?.close());

  const list = () => page.getByTestId("message-list");
  const pinnedChips = () => page.getByTestId("agent-pinned").getByTestId("assistant-prompt");

  it("draws the bot's DM as the conversation, with the prompts it pins there and no assistant pane", async () => {
    await page.getByTestId(`channel-${DM}`).click();
    expect(await page.getByTestId("tab-messages").getAttribute("aria-selected")).toBe("true");
    // Opening the Messages tab told the bot (app_home_opened): it pinned its prompts and greeted Alice once.
    await expect.poll(() => pinnedChips().count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await pinnedChips().allTextContents()).toContain("Make an image");
    await expect.poll(() => list().getByTestId("message").count(), { timeout: 15_000 }).toBe(1);
    expect(await list().getByTestId("message").first().textContent()).toContain("Studio");
    // An agent_view app has no assistant container: no split view to open.
    expect(await page.getByTestId("assistant-toggle").isVisible()).toBe(false);
    await page.mouse.move(1, 1);
    await screenshot(page, "-agent-view");

    // A pinned prompt sends its message as Alice's, at the DM's top level: a new thread, which the bot answers in.
    const credits = pinnedChips().filter({ hasText: "My credits" });
    const message = (await credits.getAttribute("title")) ?? "";
    expect(message).not.toBe("");
    await credits.click();
    const asked = list().getByTestId("message").filter({ hasText: message });
    await expect.poll(() => asked.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => asked.getByTestId("thread-link").textContent(), { timeout: 15_000 }).toMatch(/^\d+ repl/);
  }, 30_000);

  it("stops a running job from its session's Stop: the session leaves processing, the thread says so, no result is posted", async () => {
    const sandbox = playground.sandbox?.sandbox;
    if (!sandbox) throw new Error("the playground runs its own sandbox here");
    const generations = () => sandbox.requests().filter((entry) => entry.operation === "GenerateImage");
    const composer = page.getByTestId("composer").locator("textarea");
    await composer.fill(PROMPT);
    await composer.press("Enter");

    // Alice's message roots the job's thread; its session shows processing, titled after the request, with Stop.
    const request = list().getByTestId("message").filter({ hasText: PROMPT });
    const session = request.getByTestId("agent-session");
    await expect.poll(() => session.getAttribute("data-status"), { timeout: 15_000 }).toBe("processing");
    const title = (await session.getByTestId("agent-session-title").textContent()) ?? "";
    expect(title).not.toBe("Untitled");
    expect(title.toLowerCase()).toContain("red fox");
    expect(await session.getByTestId("agent-session-status").textContent()).toBe("Working");
    const stop = session.getByTestId("agent-session-stop");
    expect(await stop.isVisible()).toBe(true);
    // The generation reached the sandbox: the job is generating (and paid) when Stop is clicked.
    await expect.poll(() => generations().length, { timeout: 30_000 }).toBe(1);
    await page.mouse.move(1, 1);
    await screenshot(page, "-agent-processing");

    await stop.click();
    // The bot moves the session out of processing itself (Slack does not): Stop goes with it.
    await expect.poll(() => session.getAttribute("data-status"), { timeout: 15_000 }).not.toBe("processing");
    expect(await session.getByTestId("agent-session-stop").count()).toBe(0);
    expect(playground.sim.agentSessionStops()).toHaveLength(1);

    // The thread says the job was stopped.
    await request.getByTestId("thread-link").click();
    const thread = page.getByTestId("thread-pane");
    await thread.waitFor({ timeout: 10_000 });
    const note = thread.locator("article.message-from-bot").filter({ hasText: /stopped/i });
    await expect.poll(() => note.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Drawn as Slack draws it: its emoji as emoji, not as `:name:` text.
    expect(await note.first().textContent()).not.toMatch(/:[a-z0-9_+-]+:/);

    // The generation finishes after the stop: the bot follows it to its end (kept in history) and posts nothing.
    // Past the longest generation (jobMs is jittered by up to 25%).
    sandbox.advance(JOB_MS * 1.5);
    await expect.poll(async () => (await playground.app.store.jobs.unfinished()).length, { timeout: 30_000 }).toBe(0);
    const requestTs = (await request.getAttribute("data-ts")) ?? "";
    const replies = playground.sim.thread(DM, requestTs, { as: ALICE });
    const results = replies.filter(
      (m) => m.fromBot && (m.files.length > 0 || m.blocks?.some((b) => b.type === "image")),
    );
    expect(results).toEqual([]);
    // The page shows the thread as slack-sim has it, and no image in it or in the DM.
    await expect.poll(() => thread.getByTestId("message").count(), { timeout: 15_000 }).toBe(replies.length);
    expect(
      await page.locator('#thread-pane [data-block-type="image"], #message-list [data-block-type="image"]').count(),
    ).toBe(0);
    // One generation was sent (and is paid: the studio API has no cancel); nothing was sent again.
    expect(generations()).toHaveLength(1);
    await page.mouse.move(1, 1);
    await screenshot(page, "-agent-stopped");
  }, 90_000);

  it("had no console errors", () => {
    expect(consoleErrors).toEqual([]);
  });
});
