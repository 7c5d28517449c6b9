// Issue 20's buttons in a real browser (Debian's Chromium, playwright-core): Animate clicked once on an image result
// brings ONE video result into the image's thread; a video's tools row reads as a row of its own; ids in the id
// line never split at their hyphens; the Remix modal's presets multi-select renders and its choice is sent; the
// Subtitles and Colour look modals open; a result is rated with its feedback buttons and brought back with
// `/studio show`, and a mention's image job streams its tasks and ends as its result (issue 29). Screenshots (PLAYGROUND_SCREENSHOT) of each, to look at.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Playground } from "../src/server/index.js";
import { hasChromium, screenshot } from "./support/chromium.js";
import { type OpenPlayground, openPlayground } from "./support/open-playground.js";

const PROMPT = "a paper boat on a pond";
// Case-sensitive (a string would match "Video from an image: …" too).
const IMAGE_RESULT = new RegExp(`Image: “${PROMPT}”`);

describe.skipIf(!hasChromium)("issue 20's result buttons in Chromium", () => {
  let opened: OpenPlayground | undefined;
  let playground: Playground;
  let page: Page;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    opened = await openPlayground({ playground: { jobMs: 1500, env: { CREDITS_CONFIRM_THRESHOLD: "1000" } } });
    ({ playground, page, consoleErrors } = opened);
    // Starts the playground in this process, launches Chromium (a real browser, in child processes) and loads the page.
  }, 60_000);

  afterAll(() => opened?.close());

  const thread = () => page.locator("#thread-pane");
  const modal = () => page.getByTestId("modal");
  const imageResult = () =>
    page.getByTestId("message-list").getByTestId("message").filter({ hasText: IMAGE_RESULT }).first();
  const videoResult = () => thread().getByTestId("message").filter({ hasText: "Video from an image" });
  /** The GenerateImage / GenerateVideo requests the sandbox received, in order. */
  const sent = (operation: string) =>
    (playground.sandbox?.sandbox.requests() ?? [])
      .filter((entry) => entry.operation === operation)
      .map((entry) => entry.variables ?? {});

  /**
   * Each word of the id line's code spans, and whether it is drawn on more than one line (its text taller than two
   * font sizes): a split flag reads as "--" and "from". Measured on the text itself, whatever elements wrap it.
   */
  const codeWords = (message: Locator) =>
    message.locator(".context-text code").evaluateAll((codes) =>
      codes.flatMap((code) => {
        const size = Number.parseFloat(getComputedStyle(code).fontSize);
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        const found: { word: string; split: boolean }[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index ?? 0);
            range.setEnd(node, (match.index ?? 0) + match[0].length);
            found.push({ word: match[0], split: range.getBoundingClientRect().height > size * 2 });
          }
        }
        return found;
      }),
    );
  const splitWords = (words: { word: string; split: boolean }[]) => words.filter((w) => w.split).map((w) => w.word);

  it("clicks Animate once on an image result and one video result arrives in its thread", async () => {
    await page.getByTestId("channel-C0GENERAL").click();
    await page.getByTestId("composer").locator("textarea").fill(`/studio image ${PROMPT} --ratio 16:9`);
    await page.getByTestId("composer").locator("textarea").press("Enter");
    const result = imageResult();
    await expect.poll(async () => result.locator('[data-block-type="image"] img').count(), { timeout: 30_000 }).toBe(1);
    const [image] = sent("GenerateImage");
    expect(image).toMatchObject({ prompt: PROMPT, aspectRatio: "16:9" });

    await result.locator('button[data-action-id="studio_animate"]').click();
    await expect
      .poll(
        async () =>
          (await result
            .getByTestId("thread-link")
            .textContent()
            .catch(() => "")) ?? "",
        {
          timeout: 30_000,
        },
      )
      .toBe("1 reply");
    await result.getByTestId("thread-link").click();
    const video = videoResult();
    await expect
      .poll(async () => video.locator('video[data-testid="file-video"]').count(), { timeout: 45_000 })
      .toBe(1);
    // One click, one job, one message: the progress became the result, and one video was asked for.
    expect(await video.count()).toBe(1);
    expect(await video.textContent()).toContain(`Video from an image: “${PROMPT}”`);
    expect(sent("GenerateVideo")).toHaveLength(1);
    expect(sent("GenerateVideo")[0]).toMatchObject({ prompt: PROMPT, aspectRatio: "16:9" });
    // Its first frame is the image, by the id its result shows.
    const idLine = (await result.locator(".context-text").first().textContent()) ?? "";
    const imageId = /^Id (\S+), for/.exec(idLine)?.[1];
    expect(imageId).toBeDefined();
    expect(sent("GenerateVideo")[0]?.firstFrame).toEqual({ id: imageId });
    await screenshot(page, "-animate");
    // An image job (about 1.5 s: jobMs above, polled every second), then the video Animate asks for, which lasts twice
    // that, uploaded to slack-sim and drawn in Chromium; the waits above allow 30 s and 45 s.
  }, 120_000);

  it("shows a video's tools as a row of their own and keeps ids and flags whole in the narrow thread", async () => {
    const video = videoResult();
    const rows = video.locator('[data-block-type="actions"]');
    // Formats, tools, then Regenerate and Remix.
    expect(await rows.count()).toBe(3);
    const gapBetween = async (upper: Locator, lower: Locator) => {
      const [a, b] = [await upper.boundingBox(), await lower.boundingBox()];
      return (b?.y ?? 0) - ((a?.y ?? 0) + (a?.height ?? 0));
    };
    // The last format button and the first tool sit further apart than two wrapped lines of one row.
    const formats = rows.nth(0).locator("button");
    const tools = rows.nth(1).locator("button");
    const betweenRows = await gapBetween(formats.last(), tools.first());
    const withinRow = await gapBetween(tools.first(), tools.last());
    expect(await tools.allTextContents()).toEqual(["Add sound", "Subtitles", "Upscale", "Colour look"]);
    expect(withinRow).toBeGreaterThan(0); // the tools wrap in the thread pane: the comparison means something
    expect(betweenRows).toBeGreaterThan(withinRow + 4);
    // The id lines in the thread (the image's copy at the top, the video's) keep `--from`, `--image` and the id whole.
    const threadImage = thread().getByTestId("message").first();
    const imageWords = await codeWords(threadImage);
    expect(imageWords.map((w) => w.word)).toEqual(expect.arrayContaining(["--ref", "--from", "--end", "--image"]));
    expect(splitWords(imageWords)).toEqual([]);
    const videoWords = await codeWords(video);
    expect(videoWords.map((w) => w.word)).toEqual(expect.arrayContaining(["/studio", "lipsync", "--video"]));
    expect(splitWords(videoWords)).toEqual([]);
    expect(await video.locator(".context-text").textContent()).toMatch(
      /^Id vid_\w+, for \/studio show and \/studio lipsync --video$/,
    );
  });

  it("renders Remix's presets as a multi-select and sends the presets chosen there", async () => {
    const presetsBefore = sent("GenerateImage").length;
    await imageResult().locator('button[data-action-id="studio_remix"]').click();
    await modal().waitFor({ timeout: 15_000 });
    const presets = modal().locator('select[data-element-type="multi_static_select"]');
    expect(await presets.count()).toBe(1);
    expect(await presets.getAttribute("multiple")).not.toBeNull();
    expect(await modal().getByText("not shown in the playground").count()).toBe(0);
    const offered = await presets
      .locator("option")
      .evaluateAll((options) =>
        options.map((option) => ({ value: (option as HTMLOptionElement).value, text: option.textContent ?? "" })),
      );
    expect(offered.length).toBeGreaterThan(1);
    const picked = offered.slice(0, 2).map((option) => option.value);
    await presets.selectOption(picked);
    // The whole input in view for the screenshot: the list and how to choose several.
    await modal()
      .locator(".modal-body")
      .evaluate((body) => body.scrollTo(0, body.scrollHeight));
    await screenshot(page, "-remix");
    await modal().getByTestId("modal-submit").click();
    await modal().waitFor({ state: "detached", timeout: 10_000 });
    await expect.poll(() => sent("GenerateImage").length, { timeout: 15_000 }).toBe(presetsBefore + 1);
    const remixed = sent("GenerateImage").at(-1) as { prompt?: string; presets?: unknown };
    expect(remixed.prompt).toBe(PROMPT);
    expect(JSON.stringify(remixed)).toContain(picked[0]);
    expect(JSON.stringify(remixed)).toContain(picked[1]);
    // Its result in the image's thread (nothing left running when the playground stops).
    await expect
      .poll(async () => thread().getByTestId("message").filter({ hasText: IMAGE_RESULT }).count(), {
        timeout: 30_000,
      })
      .toBe(2);
    // The Remix modal opened and submitted through Chromium, then the new image job (about 1.5 s) until its result is
    // in the thread; the waits above allow up to 30 s.
  }, 60_000);

  it("opens the Subtitles and Colour look modals from the video, each with its selects", async () => {
    for (const [action, title, labels, suffix] of [
      ["studio_video_subtitles", "Subtitles", ["Language of the subtitles"], "-subtitles"],
      ["studio_video_colour_look", "Colour look", ["Look", "Strength"], "-colour-look"],
    ] as const) {
      await videoResult().locator(`button[data-action-id="${action}"]`).click();
      await modal().waitFor({ timeout: 15_000 });
      expect(await modal().getByTestId("modal-title").textContent()).toBe(title);
      expect(await modal().locator(".input-label").allTextContents()).toEqual(labels);
      expect(await modal().locator("select").count()).toBe(labels.length);
      await screenshot(page, suffix);
      await modal().getByTestId("modal-cancel").click();
      await modal().waitFor({ state: "detached", timeout: 10_000 });
    }
    // Two modals, each opened by the bot through slack-sim, drawn in Chromium and closed; the waits above allow each
    // 15 s to open and 10 s to close.
  }, 60_000);

  it("watches a mention's image job stream its tasks in the thread and end as its result", async () => {
    // The image's thread is open (the Animate test above): a mention there is answered in that thread, streamed.
    await expect.poll(async () => thread().getByTestId("message").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // Every state the page draws the stream in, and each task status it shows, recorded as the DOM changes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { streamSeen: string[] }).streamSeen = seen;
      const record = () => {
        for (const stream of document.querySelectorAll("#thread-pane [data-testid=stream]")) {
          const tasks = [...stream.querySelectorAll("[data-testid=stream-task]")].map(
            (task) => `${task.getAttribute("data-task-id")}:${task.getAttribute("data-status")}`,
          );
          const entry = `${stream.getAttribute("data-stream-state")} ${tasks.join(",")}`;
          if (seen[seen.length - 1] !== entry) seen.push(entry);
        }
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // The job's first status poll is held on the sandbox's clock until the page has drawn the stream open with the
    // job queued: the test watches it stream whatever the machine's speed, then lets the job go on.
    const sandbox = playground.sandbox?.sandbox;
    if (!sandbox) throw new Error("the playground runs its own sandbox here");
    sandbox.faults.add({ id: "hold-first-poll", kind: "latency", ms: 60_000, operation: "PollStatuses", times: 1 });
    const composer = thread().getByTestId("thread-composer").locator("textarea");
    await composer.fill("@Studio image a kite over the sea");
    await composer.press("Enter");
    const streamed = thread()
      .getByTestId("message")
      .filter({ has: page.getByTestId("stream") });
    const queued = "streaming send:complete,queue:in_progress,generate:pending,deliver:pending";
    const seenNow = () => page.evaluate(() => (window as unknown as { streamSeen: string[] }).streamSeen);
    await expect.poll(seenNow, { timeout: 30_000 }).toContain(queued);
    await screenshot(page, "result-tools-streaming");
    // The poll is held once it reached the sandbox (the stream shows the job queued before the first poll is sent).
    const fired = () => sandbox.faults.list().find((fault) => fault.id === "hold-first-poll")?.fired;
    await expect.poll(fired, { timeout: 30_000 }).toBe(1);
    sandbox.advance(60_000);
    await expect
      .poll(async () => streamed.locator('[data-block-type="image"] img').count(), { timeout: 30_000 })
      .toBe(1);
    sandbox.faults.clear("hold-first-poll");
    const seen = await seenNow();
    // Drawn streaming with the job queued, then stopped with every task done, above the image.
    expect(seen.indexOf(queued)).toBeLessThan(seen.length - 1);
    expect(seen[seen.length - 1]).toBe("stopped send:complete,queue:complete,generate:complete,deliver:complete");
    expect(await streamed.getByTestId("stream-plan-title").textContent()).toBe("Studio is on it");
    expect(await streamed.locator('button[data-action-id="studio_variations"]').count()).toBe(1);
    expect(await streamed.locator('button[data-feedback="positive"]').count()).toBe(1);
    await screenshot(page, "result-tools-streamed");
  }, 45_000);

  it("rates the image with its feedback buttons, and brings it back with /studio show", async () => {
    await page.getByTestId("channel-C0GENERAL").click();
    const result = imageResult();
    await result.locator('button[data-feedback="positive"]').click();
    await expect
      .poll(async () => (await playground.app.store.feedback.since(0)).map((r) => r.rating))
      .toEqual(["good"]);
    // The person sees that it was taken: the button they clicked is drawn chosen, as Slack's client draws it, and the
    // bot's note only they see says what it kept.
    await expect
      .poll(async () => result.locator('button[data-feedback="positive"]').getAttribute("aria-pressed"))
      .toBe("true");
    expect(await result.locator('button[data-feedback="negative"]').getAttribute("aria-pressed")).toBe("false");
    const note = page.getByTestId("message-list").getByTestId("message").filter({ hasText: "you rated this result" });
    await expect.poll(async () => note.textContent()).toContain("Thanks: you rated this result Good result.");
    await screenshot(page, "result-tools-feedback-taken");

    const generated = sent("GenerateImage").length;
    const id = (await result.locator(".context-text code").first().textContent()) ?? "";
    expect(id).toMatch(/^img_/);
    const composer = page.getByTestId("composer").locator("textarea");
    await composer.fill(`/studio show ${id}`);
    await composer.press("Enter");
    const shown = page.getByTestId("message-list").getByTestId("message").filter({ hasText: "Brought back by" });
    await expect.poll(async () => shown.locator('[data-block-type="image"] img').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => shown.locator('button[data-action-id="studio_variations"]').count()).toBe(1);
    expect(sent("GenerateImage")).toHaveLength(generated);
    await screenshot(page, "result-tools-feedback-and-show");
  }, 45_000);

  it("had no console errors", () => {
    expect(consoleErrors).toEqual([]);
  });
});
