import { checkRatio, SUGGESTED_RATIOS } from "@studio-kit/commands";
import type { Board, CreditsBalance } from "@studio-kit/core";
import { validateView } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import {
  HOME_BOARDS,
  HOME_CHANNEL_DEFAULTS,
  HOME_JOBS,
  type HomeInput,
  type HomeJob,
  type HomeView,
  homeView,
  jobStatus,
} from "../src/messages/home.js";
import { MAX_MODAL_PROMPT, newImageModal, readNewImageForm } from "../src/messages/home-modal.js";
import { ACTIONS, NEW_IMAGE_MODAL } from "../src/messages/ids.js";
import type { JobRequest } from "../src/store/types.js";

const board = (index: number, title: string | null): Board => ({
  id: `b${index}`,
  workspaceId: "w",
  conversationId: `c${index}`,
  title,
  coverUrl: null,
  assetCount: index,
  visibility: null,
  viewerLevel: null,
  starred: null,
  createdAt: null,
  updatedAt: null,
});

const credits = (balance: number): CreditsBalance =>
  ({
    balance,
    bonusBalance: 20,
    dailyFree: { remaining: 50, limit: 50, resetsAt: "2026-01-02T00:00:00Z" },
    nextRefillAt: "2026-02-01T00:00:00Z",
  }) as unknown as CreditsBalance;

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

const imageRequest = (prompt: string, count?: number): JobRequest => ({
  kind: "image",
  command: { kind: "image", prompt, presets: [], ...(count ? { count } : {}) },
  pushTo: null,
  defaultBoard: null,
});

const job = (over: Partial<HomeJob> = {}): HomeJob => ({
  request: imageRequest("a lighthouse at dusk"),
  state: "done",
  outcome: "completed",
  channel: "C0GENERAL",
  createdAt: NOW - 60_000,
  ...over,
});

const input = (over: Partial<HomeInput> = {}): HomeInput => ({
  credits: credits(400),
  boards: [board(1, "Spring Launch")],
  jobs: [],
  limits: {},
  usage: null,
  access: { allowed: true, via: "open" },
  allowedChannels: [],
  readOnly: false,
  channelDefaults: [],
  now: NOW,
  ...over,
});

const text = (view: HomeView) => JSON.stringify(view.blocks);

/** Every mrkdwn / plain text object in the view: Slack refuses a section or context text over 3,000 characters. */
function texts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(texts);
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const own = typeof record.text === "string" && typeof record.type === "string" ? [record.text] : [];
  return [...own, ...Object.values(record).flatMap(texts)];
}

function expectWithinSlackLimits(view: HomeView): void {
  const result = validateView(view);
  expect(result, JSON.stringify(result)).toEqual({ ok: true });
  expect(view.blocks.length).toBeLessThanOrEqual(100);
  for (const value of texts(view.blocks)) {
    expect(value.length).toBeGreaterThan(0);
    expect(value.length).toBeLessThanOrEqual(3000);
  }
}

describe("homeView", () => {
  it("shows the credits with the daily free allowance, the 5 most recent boards and the commands", () => {
    const view = homeView(input({ boards: Array.from({ length: 8 }, (_, i) => board(i, `Board ${i}`)) }));
    const all = text(view);
    expect(all).toContain("470 credits");
    expect(all).toContain("*Free today*\\n50 of 50 left\\nresets <!date^1767312000^");
    for (let i = 0; i < HOME_BOARDS; i++) expect(all).toContain(`Board ${i}*`);
    expect(all).not.toContain("Board 5*");
    expect(all).toContain("/studio image");
    expect(all).toContain("/studio credits");
    expectWithinSlackLimits(view);
  });

  it("puts the New image and Refresh buttons at the top", () => {
    const view = homeView(input());
    const first = view.blocks.find((block) => block.type === "actions") as { elements: { action_id: string }[] };
    expect(view.blocks.indexOf(first)).toBeLessThan(3);
    expect(first.elements.map((element) => element.action_id)).toEqual([ACTIONS.homeNewImage, ACTIONS.homeRefresh]);
  });

  it("says how to make a first generation to a user with none", () => {
    const view = homeView(input({ jobs: [] }));
    expect(text(view)).toContain("Nothing yet");
    expectWithinSlackLimits(view);
  });

  it("lists each recent generation with its status, what was asked, where and when", () => {
    const createdAt = Date.UTC(2026, 0, 1, 11, 0, 0);
    const view = homeView(
      input({
        jobs: [
          job({ request: imageRequest("a red fox", 2), createdAt, state: "running", outcome: undefined }),
          job({ channel: "C0RANDOM", threadTs: "1.2" }),
          job({ channel: "DU0ALICE", outcome: "failed" }),
          // Answered through a click's response_url: at the top of #random, beside the result clicked.
          job({
            channel: "C0RANDOM",
            threadTs: "1.3",
            request: imageRequest("a kite", 1),
            progress: { responseUrl: "https://hooks.slack.com/actions/T0/1/x", replaceOriginal: false },
          }),
        ],
      }),
    );
    const all = text(view);
    expect(all).toContain(":hourglass_flowing_sand: *Working on it* · 2 images · “a red fox”");
    expect(all).toContain(`in <#C0GENERAL> · <!date^${createdAt / 1000}^`);
    expect(all).toContain(":white_check_mark: *Done* · an image · “a lighthouse at dusk”\\nin <#C0RANDOM> (thread)");
    expect(all).toContain(":x: *Failed* · an image · “a lighthouse at dusk”\\nin your direct message with Studio");
    expect(all).toContain(":white_check_mark: *Done* · an image · “a kite”\\nin <#C0RANDOM> · <!date^");
  });

  it.each([
    [{ state: "new", outcome: undefined }, "Working on it"],
    [{ state: "sending", outcome: undefined }, "Working on it"],
    [{ state: "running", outcome: undefined }, "Working on it"],
    [{ state: "delivered", outcome: "completed" }, "Done"],
    [{ state: "done", outcome: "completed" }, "Done"],
    [{ state: "done", outcome: "failed" }, "Failed"],
    [{ state: "done", outcome: "error" }, "Failed"],
    [{ state: "done", outcome: "lost" }, "Stopped by a restart"],
    [{ state: "done", outcome: "not-sent" }, "Not sent"],
  ] as const)("names the status of a job %o as %s", (status, words) => {
    expect(jobStatus(status)).toContain(`*${words}*`);
  });

  it("shows every kind of job with its prompt or script", () => {
    const jobs: HomeJob[] = [
      job({
        request: {
          kind: "video",
          command: { kind: "video", prompt: "waves", audio: false, presets: [] },
          pushTo: null,
          defaultBoard: null,
        },
      }),
      job({
        request: {
          kind: "audio",
          command: { kind: "voice", script: "hello there" },
          provider: null,
          defaultBoard: null,
        },
      }),
      job({
        request: {
          kind: "audio",
          command: { kind: "music", prompt: "lofi beat", instrumental: true },
          provider: "p",
          defaultBoard: null,
        },
      }),
      job({
        request: {
          kind: "image-edit",
          edit: "upscale",
          source: { id: "i1", prompt: "a cat", ratio: "1:1" },
          defaultBoard: null,
        },
      }),
      job({ request: { kind: "video-format", videoId: "v1", ratio: "9:16", prompt: "a dog", defaultBoard: null } }),
    ];
    const all = text(homeView(input({ jobs })));
    for (const expected of [
      "a video · “waves”",
      "a voiceover · “hello there”",
      "a music track · “lofi beat”",
      "an upscaled image · “a cat”",
      "a vertical video · “a dog”",
    ]) {
      expect(all).toContain(expected);
    }
  });

  it("cuts long prompts short and shows at most 10 generations", () => {
    const prompt = `<!channel> <@U0BOB> ${"a very long prompt ".repeat(2000)}`;
    const jobs = Array.from({ length: 40 }, (_, i) => job({ request: imageRequest(`${i} ${prompt}`, 4) }));
    const view = homeView(input({ jobs }));
    const all = text(view);
    expect(all).toContain("“0 &lt;!channel&gt; &lt;@U0BOB&gt; a very long prompt");
    expect(all).toContain("9 &lt;!channel&gt;");
    expect(all).not.toContain("“10 &lt;!channel&gt;");
    expect(all).not.toContain("<!channel>");
    expect(all).not.toContain("<@U0BOB>");
    const lines = view.blocks.filter((block) => JSON.stringify(block).includes("very long prompt"));
    expect(lines).toHaveLength(HOME_JOBS);
    for (const line of lines) expect(JSON.stringify(line).length).toBeLessThan(400);
    expectWithinSlackLimits(view);
  });

  it("survives a stored job it cannot read, and times no Date can hold", () => {
    const broken = job({ request: { kind: "image" } as unknown as JobRequest, createdAt: Number.NaN });
    const view = homeView(input({ jobs: [broken, job({ createdAt: 9e15 })] }));
    expect(text(view)).toContain("*Done* · a generation\\nin <#C0GENERAL> · at an unknown time");
    expectWithinSlackLimits(view);
  });

  it("never puts a channel id it does not recognise into a link", () => {
    const view = homeView(
      input({
        jobs: [job({ channel: "C1> <!here" })],
        channelDefaults: [{ channel: "<!everyone>", board: { id: "b", conversationId: "c", title: "Deck" } }],
      }),
    );
    const all = text(view);
    expect(all).not.toContain("<!here");
    expect(all).not.toContain("<!everyone>");
    expect(all).toContain("in a channel");
  });

  it("shows the quotas only when they are configured", () => {
    const none = text(homeView(input({ usage: { userOutputsLastHour: 3, userWindowFreesAt: NOW, creditsToday: 9 } })));
    expect(none).not.toContain("Your outputs this hour");
    expect(none).not.toContain("Workspace credits today");

    const freesAt = NOW + 20 * 60_000;
    const view = homeView(
      input({
        limits: { userOutputsPerHour: 8, dailyCredits: 500 },
        usage: { userOutputsLastHour: 6, userWindowFreesAt: freesAt, creditsToday: 120.5 },
      }),
    );
    const all = text(view);
    expect(all).toContain(`*Your outputs this hour*\\n6 of 8\\nthe earliest stops counting <!date^${freesAt / 1000}^`);
    const midnight = Date.UTC(2026, 0, 2) / 1000;
    expect(all).toContain(`*Workspace credits today*\\n120.5 of 500 through the bot\\nresets <!date^${midnight}^`);
    expectWithinSlackLimits(view);
  });

  it("says when the quota usage could not be read", () => {
    const all = text(homeView(input({ limits: { dailyCredits: 10 }, usage: null })));
    expect(all).toContain("quotas could not be read");
  });

  it.each([
    ["anyone may generate", input(), "You can generate."],
    ["a listed user", input({ access: { allowed: true, via: "user" } }), "you are on the allowed list"],
    ["a group member", input({ access: { allowed: true, via: "group" } }), "through an allowed user group"],
    [
      "someone outside the lists, with allowed channels",
      input({
        access: { allowed: false, reason: "not-listed" },
        allowedChannels: ["C1", "C2", "C3", "C4", "C5", "C6", "C7"],
      }),
      "only in the allowed channels: <#C1>, <#C2>, <#C3>, <#C4>, <#C5> and 2 more",
    ],
    [
      "someone outside the lists",
      input({ access: { allowed: false, reason: "not-listed" } }),
      "you are not on the list",
    ],
    [
      "a group that could not be read",
      input({ access: { allowed: false, reason: "membership-unknown", failures: [] } }),
      "could not check whether you are in an allowed user group",
    ],
    ["access that could not be checked", input({ access: null }), "could not be checked"],
    ["a read-only key", input({ readOnly: true }), "*read-only*: nobody can generate"],
  ])("tells %s whether they may generate", (_name, value, expected) => {
    expect(text(homeView(value))).toContain(expected);
  });

  it("lists the channels' default boards and sums up the rest", () => {
    const defaults = Array.from({ length: 5000 }, (_, i) => ({
      channel: `C${i}`,
      board: { id: `b${i}`, conversationId: `c${i}`, title: i % 2 ? `<!channel> ${"😀".repeat(3000)}` : "" },
    }));
    const view = homeView(input({ channelDefaults: defaults }));
    const all = text(view);
    expect(all).toContain("<#C0> → *Untitled*");
    expect(all).toContain("<#C13> → *&lt;!channel&gt;");
    expect(all).toContain(`<#C${HOME_CHANNEL_DEFAULTS - 1}> → *Untitled*`);
    expect(all).not.toContain(`<#C${HOME_CHANNEL_DEFAULTS}>`);
    expect(all).toContain(`and ${(5000 - HOME_CHANNEL_DEFAULTS).toLocaleString("en-US")} more channels`);
    expectWithinSlackLimits(view);
  });

  it("says when no channel has a default board", () => {
    expect(text(homeView(input({ channelDefaults: [] })))).toContain("No channel has a default board yet");
  });

  it.each([
    [
      "nothing could be read",
      input({
        credits: null,
        boards: null,
        jobs: null,
        access: null,
        channelDefaults: null,
        limits: { userOutputsPerHour: 1 },
      }),
    ],
    ["no boards and no jobs", input({ credits: credits(0), boards: [] })],
    [
      "10,000 boards with huge, hostile titles and huge numbers",
      input({
        credits: credits(Number.MAX_SAFE_INTEGER),
        boards: Array.from({ length: 10_000 }, (_, i) =>
          board(i, i % 3 === 0 ? null : `<!channel> ${"😀".repeat(5000)} & ${"x".repeat(20_000)}`),
        ),
      }),
    ],
    [
      "untitled and blank boards",
      input({ credits: credits(-5), boards: [board(1, ""), board(2, "   "), board(3, null)] }),
    ],
    [
      "every part at its largest",
      input({
        credits: credits(Number.MAX_SAFE_INTEGER),
        boards: Array.from({ length: 100 }, (_, i) => board(i, "<!channel>".repeat(1000))),
        jobs: Array.from({ length: 100 }, () =>
          job({ request: imageRequest("<!channel> ".repeat(5000), 4), threadTs: "1.1" }),
        ),
        limits: { userOutputsPerHour: Number.MAX_SAFE_INTEGER, dailyCredits: Number.MAX_VALUE },
        usage: { userOutputsLastHour: Number.MAX_SAFE_INTEGER, userWindowFreesAt: NOW, creditsToday: Number.MAX_VALUE },
        access: { allowed: false, reason: "not-listed" },
        allowedChannels: Array.from({ length: 1000 }, (_, i) => `C${i}`),
        readOnly: true,
        channelDefaults: Array.from({ length: 1000 }, (_, i) => ({
          channel: `C${i}`,
          board: { id: "b", conversationId: "c", title: "<!channel>".repeat(1000) },
        })),
      }),
    ],
  ])("stays within Slack's limits: %s", (_name, value) => {
    const view = homeView(value);
    expectWithinSlackLimits(view);
    expect(text(view)).not.toContain("<!channel>");
  });

  it("says which part could not be read, and still shows the rest", () => {
    const all = text(homeView(input({ credits: null, boards: null, jobs: null, channelDefaults: null, access: null })));
    expect(all).toContain("credits could not be read");
    expect(all).toContain("boards could not be read");
    expect(all).toContain("recent generations could not be read");
    expect(all).toContain("default boards could not be read");
    expect(all).toContain("Whether you may generate could not be checked");
    expect(all).toContain("/studio image");
    expect(all).toContain(ACTIONS.homeRefresh);
  });
});

describe("the New image modal", () => {
  const values = (prompt: string | null, ratio?: string, count?: string) => ({
    [NEW_IMAGE_MODAL.promptBlock]: { [NEW_IMAGE_MODAL.promptAction]: { type: "plain_text_input", value: prompt } },
    [NEW_IMAGE_MODAL.ratioBlock]: {
      [NEW_IMAGE_MODAL.ratioAction]: { type: "static_select", selected_option: ratio ? { value: ratio } : null },
    },
    [NEW_IMAGE_MODAL.countBlock]: {
      [NEW_IMAGE_MODAL.countAction]: { type: "static_select", selected_option: count ? { value: count } : null },
    },
  });

  it("is a valid modal with a prompt, the common ratios and a count from 1 to 4", () => {
    const modal = newImageModal();
    expect(validateView(modal)).toEqual({ ok: true });
    expect(modal.callback_id).toBe(NEW_IMAGE_MODAL.callbackId);
    const all = JSON.stringify(modal.blocks);
    for (const ratio of ["1:1", "16:9", "9:16", "4:3", "3:4"]) expect(all).toContain(`"value":"${ratio}"`);
    for (const count of ["1", "2", "3", "4"]) expect(all).toContain(`"value":"${count}"`);
    expect(all).not.toContain(`"value":"5"`);
    expect(all).toContain(`"max_length":${MAX_MODAL_PROMPT}`);
  });

  it("reads a prompt alone as an image command with the flow's defaults", () => {
    expect(readNewImageForm(values("  a lighthouse --count 9  "))).toEqual({
      ok: true,
      command: { kind: "image", prompt: "a lighthouse --count 9", presets: [] },
    });
  });

  it("reads the ratio and the count", () => {
    expect(readNewImageForm(values("a fox", "16:9", "3"))).toEqual({
      ok: true,
      command: { kind: "image", prompt: "a fox", presets: [], ratio: "16:9", count: 3 },
    });
  });

  it.each([
    ["no prompt", values(null), NEW_IMAGE_MODAL.promptBlock, "Describe the image"],
    ["a blank prompt", values(" \n\t "), NEW_IMAGE_MODAL.promptBlock, "Describe the image"],
    ["no inputs at all", {}, NEW_IMAGE_MODAL.promptBlock, "Describe the image"],
    [
      "a prompt that is too long",
      values("x".repeat(MAX_MODAL_PROMPT + 1)),
      NEW_IMAGE_MODAL.promptBlock,
      "2,001 characters",
    ],
    ["a ratio the modal does not offer", values("a fox", "99:1"), NEW_IMAGE_MODAL.ratioBlock, "listed ratios"],
    ["a count above 4", values("a fox", undefined, "5"), NEW_IMAGE_MODAL.countBlock, "from 1 to 4"],
    ["a count that is not a number", values("a fox", undefined, "two"), NEW_IMAGE_MODAL.countBlock, "from 1 to 4"],
  ])("keeps the modal open for %s, with the error under that input", (_name, submitted, block, message) => {
    const form = readNewImageForm(submitted);
    expect(form.ok).toBe(false);
    if (form.ok) return;
    expect(Object.keys(form.errors)).toEqual([block]);
    expect(form.errors[block]).toContain(message);
  });

  it("takes a prompt of exactly the longest length", () => {
    expect(readNewImageForm(values("y".repeat(MAX_MODAL_PROMPT))).ok).toBe(true);
  });

  it("offers exactly the ratio rule's suggested list, each one the rule takes", () => {
    const input = newImageModal().blocks.find((block) => block.block_id === NEW_IMAGE_MODAL.ratioBlock) as {
      element: { options: { value: string }[] };
    };
    const offered = input.element.options.map((option) => option.value);
    expect(offered).toEqual(SUGGESTED_RATIOS.map((ratio) => ratio.value));
    expect(offered).toContain("3:2");
    for (const value of offered) expect(checkRatio(value).ok).toBe(true);
  });
});
