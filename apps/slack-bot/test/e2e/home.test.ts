import { createBoard } from "@studio-kit/core";
import { validateView } from "@studio-kit/slack-sim";
import { afterEach, describe, expect, it } from "vitest";
import { ACTIONS, NEW_IMAGE_MODAL } from "../../src/messages/ids.js";
import { type Bot, blocksOf, eventually, expectAllMessagesValid, sandboxClient, startBot } from "./harness.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
const HOME = `VH${USER}`;

let bot: Bot | undefined;
async function started(env: Record<string, string> = {}): Promise<Bot> {
  bot = await startBot(env);
  return bot;
}
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

const generations = (b: Bot) => b.sandbox.sandbox.stats().operations.GenerateImage ?? 0;
const homeText = (b: Bot) => JSON.stringify(b.sim.home(USER)?.blocks ?? []);

/** `eventually` for a check that reads the store (async): the harness's helper retries synchronous checks only. */

/** Opens the Home tab and waits for the publish that follows (the `count`-th one). */
async function openHome(b: Bot, count = 1): Promise<string> {
  const opened = await b.sim.openHome(USER);
  expect(opened.status).toBe(200);
  await eventually(() => expect(b.sim.calls("views.publish")).toHaveLength(count));
  const home = b.sim.home(USER);
  expect(validateView(home)).toEqual({ ok: true });
  return homeText(b);
}

/** Runs `/studio <text>` in the channel and waits until its job is over (results or FAILED in place of progress). */
async function generate(b: Bot, text: string): Promise<void> {
  const before = (await b.app.store.jobs.recent(USER, 100)).length;
  await b.sim.command({ user: USER, channel: CHANNEL, text });
  await eventually(async () => {
    const jobs = await b.app.store.jobs.recent(USER, 100);
    expect(jobs).toHaveLength(before + 1);
    expect(jobs.map((job) => job.state)).toEqual(jobs.map(() => "done"));
  });
}

/** Clicks New image on the Home tab and returns the modal it opened. */
async function openNewImageModal(b: Bot) {
  const click = await b.sim.click({ user: USER, actionId: ACTIONS.homeNewImage, viewId: HOME });
  expect(click.status).toBe(200);
  return eventually(() => {
    const modal = b.sim.views(USER).find((v) => v.open && v.view.callback_id === NEW_IMAGE_MODAL.callbackId);
    expect(modal).toBeDefined();
    return modal as NonNullable<typeof modal>;
  });
}

const formValues = (prompt: string, ratio?: string, count?: string) => ({
  [NEW_IMAGE_MODAL.promptBlock]: { [NEW_IMAGE_MODAL.promptAction]: { type: "plain_text_input", value: prompt } },
  [NEW_IMAGE_MODAL.ratioBlock]: {
    [NEW_IMAGE_MODAL.ratioAction]: { type: "static_select", selected_option: ratio ? { value: ratio } : null },
  },
  [NEW_IMAGE_MODAL.countBlock]: {
    [NEW_IMAGE_MODAL.countAction]: { type: "static_select", selected_option: count ? { value: count } : null },
  },
});

describe("App Home", () => {
  it("publishes the workspace's credits, recent boards and the commands when the Home tab opens", async () => {
    const b = await started();
    const studio = sandboxClient(b);
    await createBoard(studio, { title: "Spring Launch" });
    await createBoard(studio, { title: "Autumn <Lookbook>" });
    const all = await openHome(b);
    expect(b.sim.home(USER)?.type).toBe("home");
    expect(all).toContain("470 credits");
    expect(all).toContain("*Free today*\\n");
    expect(all).toContain("Spring Launch");
    expect(all).toContain("Autumn &lt;Lookbook&gt;");
    expect(all).toContain("/studio image");
    expect(all).toContain("Nothing yet");
    expect(all).toContain("You can generate.");
    // No quota is configured: none is shown.
    expect(all).not.toContain("Your outputs this hour");
    expect(b.sim.calls("views.publish")[0]?.args.user_id).toBe(USER);
  });

  it("shows a generation made with /studio image, with its status, prompt, channel and time", async () => {
    const b = await started();
    await generate(b, "image a lighthouse at dusk --count 2");
    await generate(b, "a sinking ship [fail]");
    const all = await openHome(b);
    expect(all).toContain(":white_check_mark: *Done* · 2 images · “a lighthouse at dusk”\\nin <#C0GENERAL> · <!date^");
    expect(all).toContain(":x: *Failed* · an image · “a sinking ship [fail]”\\nin <#C0GENERAL>");
    // Newest first.
    expect(all.indexOf("a sinking ship")).toBeLessThan(all.indexOf("a lighthouse at dusk"));
  });

  it("Refresh re-publishes the Home with what changed since it was opened", async () => {
    const b = await started();
    expect(await openHome(b)).toContain("Nothing yet");
    await generate(b, "image a red fox");
    const before = b.order.length;
    const click = await b.sim.click({ user: USER, actionId: ACTIONS.homeRefresh, viewId: HOME });
    expect(click.status).toBe(200);
    // Acked before the Home is read again.
    expect(b.order[before]).toBe("ack");
    await eventually(() => expect(b.sim.calls("views.publish")).toHaveLength(2));
    expect(homeText(b)).toContain("*Done* · an image · “a red fox”");
    expect(homeText(b)).not.toContain("Nothing yet");
  });

  it("New image opens a modal whose submission generates the images in the person's DM", async () => {
    const b = await started();
    await openHome(b);
    const modal = await openNewImageModal(b);
    expect(validateView(modal.view)).toEqual({ ok: true });

    const submitted = await b.sim.submitView({
      user: USER,
      viewId: modal.id,
      values: formValues("a red fox", "16:9", "2"),
    });
    expect(submitted.status).toBe(200);
    expect(submitted.responseAction).toBe("close");

    const dm = b.sim.dm(USER);
    const results = await eventually(() => {
      const found = b.sim.conversation(dm).find((m) => m.fromBot && blocksOf(m, "image").length > 0);
      expect(blocksOf(found, "image")).toHaveLength(2);
      return found;
    });
    expect(results?.text).toContain("a red fox");
    expect(b.sim.calls("conversations.open")[0]?.args.users).toBe(USER);
    expect(generations(b)).toBe(1);
    const [job] = await b.app.store.jobs.recent(USER, 1);
    expect(job?.channel).toBe(dm);
    expect(job?.request.kind === "image" && job.request.command).toMatchObject({
      prompt: "a red fox",
      ratio: "16:9",
      count: 2,
    });
    expectAllMessagesValid(b.sim, [dm]);

    await eventually(async () => expect((await b.app.store.jobs.recent(USER, 1))[0]?.state).toBe("done"));
    await b.sim.click({ user: USER, actionId: ACTIONS.homeRefresh, viewId: HOME });
    await eventually(() =>
      expect(homeText(b)).toContain("*Done* · 2 images · “a red fox”\\nin your direct message with Studio"),
    );
  });

  it("keeps the modal open with an error for an empty or too long prompt, and generates nothing", async () => {
    const b = await started();
    await openHome(b);
    const modal = await openNewImageModal(b);
    const empty = await b.sim.submitView({ user: USER, viewId: modal.id, values: formValues("   ") });
    expect(empty.responseAction).toBe("errors");
    expect(empty.errors?.[NEW_IMAGE_MODAL.promptBlock]).toContain("Describe the image");
    const long = await b.sim.submitView({ user: USER, viewId: modal.id, values: formValues("x".repeat(2001)) });
    expect(long.responseAction).toBe("errors");
    expect(long.errors?.[NEW_IMAGE_MODAL.promptBlock]).toContain("2,000 or fewer");
    expect(b.sim.views(USER).find((v) => v.id === modal.id)?.open).toBe(true);
    expect(b.sim.calls("conversations.open")).toHaveLength(0);
    expect(generations(b)).toBe(0);
  });

  it("says in the modal when the DM could not be opened, and generates nothing", async () => {
    const b = await started();
    await openHome(b);
    const modal = await openNewImageModal(b);
    b.sim.failNext("conversations.open", { error: "missing_scope" });
    const submitted = await b.sim.submitView({ user: USER, viewId: modal.id, values: formValues("a red fox") });
    expect(submitted.responseAction).toBe("errors");
    expect(submitted.errors?.[NEW_IMAGE_MODAL.promptBlock]).toContain(
      "could not open a direct message with you (missing_scope)",
    );
    expect(generations(b)).toBe(0);
  });

  it("applies the access rules to New image, and the Home says the person may not generate", async () => {
    const b = await started({ STUDIO_ALLOWED_USERS: "U0BOB" });
    expect(await openHome(b)).toContain("you are not on the list");
    const modal = await openNewImageModal(b);
    await b.sim.submitView({ user: USER, viewId: modal.id, values: formValues("a red fox") });
    const refusal = await eventually(() => {
      const found = b.sim.conversation(b.sim.dm(USER)).find((m) => m.fromBot);
      expect(found?.text).toContain("limited to listed people");
      return found;
    });
    expect(refusal).toBeDefined();
    expect(generations(b)).toBe(0);
  });

  it("shows the person's hourly quota and the workspace's daily budget when they are configured", async () => {
    const b = await started({ STUDIO_USER_HOURLY_LIMIT: "10", STUDIO_DAILY_CREDIT_BUDGET: "5000" });
    await generate(b, "image a lighthouse --count 3");
    const all = await openHome(b);
    expect(all).toContain("*Your outputs this hour*\\n3 of 10\\nthe earliest stops counting <!date^");
    expect(all).toMatch(/\*Workspace credits today\*\\n[\d,.]+ of 5,000 through the bot\\nresets <!date\^/);
  });

  it("shows the channels' default boards", async () => {
    const b = await started();
    await createBoard(sandboxClient(b), { title: "Spring Launch" });
    await b.sim.command({ user: USER, channel: CHANNEL, text: 'board use "spring launch"' });
    await eventually(async () => expect(await b.app.store.channelDefaults.list()).toHaveLength(1));
    expect(await openHome(b)).toContain("<#C0GENERAL> → *Spring Launch*");
  });

  it("a refused views.publish is logged and the next opening works", async () => {
    const b = await started();
    b.sim.failNext("views.publish", { error: "internal_error" });
    await b.sim.openHome(USER);
    await eventually(() => expect(b.sim.calls("views.publish")).toHaveLength(1));
    expect(b.sim.home(USER)).toBeUndefined();
    await b.sim.openHome(USER);
    await eventually(() => expect(homeText(b)).toContain("credits"));
  });

  it("a studio API failure still publishes a Home that says what could not be read, with the stored jobs", async () => {
    const b = await started();
    await generate(b, "image a red fox");
    await b.sandbox.close();
    const all = await openHome(b);
    expect(all).toContain("credits could not be read");
    expect(all).toContain("boards could not be read");
    expect(all).toContain("*Done* · an image · “a red fox”");
    expect(all).toContain("/studio image");
  });

  it("a store failure still publishes a Home that says the generations could not be read", async () => {
    const b = await started();
    b.app.store.jobs.recent = async () => {
      throw new Error("disk I/O error");
    };
    const all = await openHome(b);
    expect(all).toContain("recent generations could not be read");
    expect(all).toContain("470 credits");
  });
});
