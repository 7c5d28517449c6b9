// The "run a workflow step" form in Debian's Chromium (issue 30): "Workflow steps" in the sidebar opens the pane
// beside #general, Check credits shows the balance, Generate an image (run as the person chosen in the switcher)
// shows its asset ids and its images land in the channel, a second click does not run it twice, and a refused step
// shows the bot's error in words. The playground runs in this process on a free port, as `pnpm start` runs it.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

describe.skipIf(!hasChromium)("the workflow pane in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    // Generations of about 1.5 s: long enough to see the button disabled while the step runs.
    opened = await openPlayground({ playground: { jobMs: 1500, env: {} } });
    ({ page, consoleErrors } = opened);
    // Starts the playground in this process, launches Chromium (a real browser, in child processes) and loads the page.
  }, 60_000);

  afterAll(() => opened?.close());

  const pane = () => page.getByTestId("workflow-pane");
  const runButton = () => pane().getByTestId("workflow-run-step");
  const result = () => pane().locator(".workflow-result");
  const runsOf = (callbackId: string) =>
    (opened?.playground.sim.functionExecutions() ?? []).filter((each) => each.callbackId === callbackId);

  it("opens from the sidebar with the bot's steps, and Check credits shows the balance", async () => {
    await page.getByTestId("channel-C0GENERAL").click();
    await page.getByTestId("workflow-toggle").click();
    await pane().waitFor();
    expect(await page.getByTestId("workflow-toggle").getAttribute("aria-expanded")).toBe("true");
    const picker = pane().getByTestId("workflow-step");
    await expect
      .poll(() => picker.locator("option").allTextContents(), { timeout: 10_000 })
      .toEqual(["Generate an image", "Add to a board", "Check credits"]);
    expect(await pane().getByTestId("workflow-runs").textContent()).toBe("No runs yet.");

    await picker.selectOption("check_credits");
    expect(await pane().getByTestId("workflow-field").count()).toBe(0);
    await runButton().click();
    const balance = result().locator('tr[data-output="balance"] td');
    await balance.waitFor({ timeout: 15_000 });
    expect(await balance.textContent()).toMatch(/^\d[\d,]*$/);
    expect(await result().getByTestId("workflow-state").textContent()).toBe("Completed");
    await expect.poll(() => pane().getByTestId("workflow-run").count(), { timeout: 10_000 }).toBe(1);
  }, 60_000);

  it("runs Generate an image as the person in the switcher, once however often it is clicked: asset ids, then the images in the channel", async () => {
    // Bob is chosen in the switcher: "Run as" starts at Bob.
    await page.getByTestId("user-switcher").selectOption("U0BOB");
    await pane().getByTestId("workflow-step").selectOption("generate_image");
    const field = (name: string) => pane().locator(`#workflow-input-${name}`);
    expect(await field("user").inputValue()).toBe("U0BOB");
    expect(await field("channel").inputValue()).toBe("C0GENERAL");
    // Required inputs are marked; the description is the hint.
    const prompt = pane().locator('[data-testid="workflow-field"][data-input="prompt"]');
    expect(await prompt.locator(".required-mark").count()).toBe(1);
    expect(await prompt.locator(".input-hint").textContent()).toBe("What to draw");

    // Left empty, the prompt is refused before anything is sent, and the field is marked.
    await runButton().click();
    const formError = pane().getByTestId("workflow-form-error");
    await formError.waitFor({ timeout: 10_000 });
    expect(await formError.textContent()).toBe("Prompt is required: fill it in.");
    expect(await field("prompt").getAttribute("aria-invalid")).toBe("true");
    expect(runsOf("generate_image")).toHaveLength(0);

    await field("prompt").fill("a red fox on snow");
    await field("count").fill("2");
    // What the button showed while the step ran, recorded by the page itself (the run may end before a poll looks).
    await runButton().evaluate((button) => {
      const seen: string[] = [];
      Object.assign(window, { buttonStates: seen });
      const record = () =>
        seen.push(`${(button as HTMLButtonElement).disabled ? "disabled" : "enabled"} ${button.textContent}`);
      new MutationObserver(record).observe(button, {
        attributes: true,
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    // A double click, then the form submitted again (as Enter in a field does) while the step runs: one run.
    await runButton().dblclick();
    await pane()
      .getByTestId("workflow-form")
      .evaluate((form) => {
        if ((form.querySelector("button[type=submit]") as HTMLButtonElement).disabled)
          (form as HTMLFormElement).requestSubmit();
      });

    const assetIds = result().locator('tr[data-output="asset_ids"] li');
    await expect.poll(() => assetIds.count(), { timeout: 30_000 }).toBe(2);
    expect(await formError.isVisible()).toBe(false);
    const generated = runsOf("generate_image");
    expect(generated).toHaveLength(1);
    expect(generated[0]?.inputs).toMatchObject({ user: "U0BOB", channel: "C0GENERAL", count: 2 });
    const ids = (generated[0]?.outputs?.asset_ids as string[]) ?? [];
    expect(await assetIds.allTextContents()).toEqual(ids);
    expect(await runButton().isDisabled()).toBe(false);
    const states = await page.evaluate(() => (window as unknown as { buttonStates: string[] }).buttonStates);
    expect(states[0]).toBe("disabled Running…");
    expect(states.at(-1)).toBe("enabled Run step");
    // The permalink is a link to the result message.
    const link = result().locator('tr[data-output="permalink"] a');
    expect(await link.getAttribute("href")).toContain("/archives/C0GENERAL/p");

    // The images landed in #general, beside the pane, and loaded.
    const message = page
      .getByTestId("message-list")
      .locator("article.message-from-bot")
      .filter({ has: page.locator('[data-block-type="image"]') });
    const images = message.locator('[data-block-type="image"] img');
    await expect.poll(() => images.count(), { timeout: 15_000 }).toBe(2);
    await expect
      .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).naturalWidth > 0)), {
        timeout: 15_000,
      })
      .toBe(true);
    // Newest first in the runs list.
    await expect.poll(() => pane().getByTestId("workflow-run").count(), { timeout: 10_000 }).toBe(2);
    expect(await pane().getByTestId("workflow-run").first().getAttribute("data-execution-id")).toBe(generated[0]?.id);
    await page.mouse.move(1, 1);
    await screenshot(page, "-workflow");
    // An image job made to last about 1.5 s (jobMs above), through the bot, slack-sim and the sandbox, then its
    // images loaded in Chromium.
  }, 60_000);

  it("shows a refused step's error in the bot's words", async () => {
    await pane().getByTestId("workflow-step").selectOption("add_to_board");
    await pane().locator("#workflow-input-asset_id").fill("A0NOPE");
    await pane().locator("#workflow-input-board").fill("No such board");
    await runButton().click();
    const error = result().getByTestId("workflow-error");
    await error.waitFor({ timeout: 15_000 });
    expect(await error.textContent()).toContain('no board "No such board"');
    expect(await result().getByTestId("workflow-state").textContent()).toBe("Failed");
    await screenshot(page, "-workflow-error");

    // Opening another pane (a thread, Ask Slackbot; the assistant in the assistant view) gives the pane's place
    // away; the sidebar brings it back.
    await page.getByTestId("slackbot-toggle").click();
    await expect.poll(() => pane().isVisible(), { timeout: 5_000 }).toBe(false);
    await page.getByTestId("workflow-toggle").click();
    await expect.poll(() => page.getByTestId("slackbot-pane").isVisible(), { timeout: 5_000 }).toBe(false);
    expect(await pane().isVisible()).toBe(true);
  }, 60_000);

  it("had no console errors", () => {
    expect(consoleErrors).toEqual([]);
  });
});
