import { loadStudioData, type StudioData } from "@studio-kit/test-support";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ACTIONS,
  assetsMessage,
  audioResultsMessage,
  boardsMessage,
  type Command,
  confirmSpendMessage,
  creditsDecision,
  creditsMessage,
  failedMessage,
  helpMessage,
  imageResultsMessage,
  invalidOptionsMessage,
  inviteHintMessage,
  modelsMessage,
  notEnoughCreditsMessage,
  type OptionProblem,
  parseCommand,
  presetsMessage,
  progressMessage,
  type SlackMessage,
  videoResultsMessage,
  withStatus,
} from "../src/index.js";
import { counted } from "../src/messages/describe.js";
import { allText, expectValidMessage } from "./support/slack.js";

let studio: StudioData;
beforeAll(async () => {
  studio = await loadStudioData();
});

const LONG = `a lighthouse ${"with waves crashing ".repeat(200)}`; // about 4,000 characters
const parsed = (text: string): Command => {
  const result = parseCommand(text);
  if (!result.ok) throw new Error(result.message);
  return result.command;
};
const buttons = (message: SlackMessage) =>
  message.blocks.flatMap((block) => (block.type === "actions" ? (block.elements as Record<string, unknown>[]) : []));
const board = (i: number, title = `Board ${i}`) => ({
  id: `ses_${i}`,
  workspaceId: "ws_acme",
  conversationId: `conv_${i}`,
  title,
  coverUrl: null,
  assetCount: i,
  visibility: null,
  viewerLevel: null,
  starred: null,
  createdAt: null,
  updatedAt: null,
});
const preset = (i: number) => ({
  slug: `preset-${i}-${"x".repeat(60)}`,
  title: `Preset ${i} ${"y".repeat(200)}`,
  description: null,
  category: null,
  outputFormat: "IMAGE",
  stackable: true,
  defaultAspectRatio: null,
  thumbnailUrl: null,
  posterUrl: null,
});

describe("help and errors", () => {
  it("lists every command in help, and one command's usage for a topic", () => {
    const help = helpMessage();
    expectValidMessage(help);
    for (const word of ["image", "video", "music", "voice", "credits", "boards", "assets", "models", "presets"]) {
      expect(allText(help)).toContain(`/studio ${word}`);
    }
    expectValidMessage(helpMessage("video"));
    expect(allText(helpMessage("video"))).toContain("--duration");
  });

  it("lists the valid values for invalid options, cut short for long lists", () => {
    const many: OptionProblem[] = Array.from({ length: 30 }, (_, i) => ({
      option: "--model",
      message: `There is no image model \`m${i}\`.`,
      valid: Array.from({ length: 500 }, (_, j) => `model-${j}-${"z".repeat(100)}`),
    }));
    const reply = invalidOptionsMessage(many);
    expectValidMessage(reply);
    expect(allText(reply)).toContain("more");
  });

  it("names only the help its problems point to, each once", () => {
    const count: OptionProblem = { option: "--count", message: "`--count` is from 1 to 4.", valid: ["1", "2"] };
    expect(allText(invalidOptionsMessage([count]))).not.toContain("/studio");
    const model: OptionProblem = {
      option: "--model",
      message: "No.",
      valid: [],
      help: "`/studio models image` lists.",
    };
    const preset: OptionProblem = { option: "--preset", message: "No.", valid: [], help: "`/studio presets` lists." };
    const text = allText(invalidOptionsMessage([model, preset, model, count]));
    expect(text.match(/\/studio models image/g)).toHaveLength(1);
    expect(text.match(/\/studio presets/g)).toHaveLength(1);
  });

  it("introduces example values in the problem's own words", () => {
    const ratio: OptionProblem = {
      option: "--ratio",
      message: "`--ratio 7:1` is too wide.",
      valid: ["1:1", "3:2"],
      validIntro: "`--ratio` takes width:height, e.g.",
    };
    const text = allText(invalidOptionsMessage([ratio]));
    expect(text).toContain("`--ratio` takes width:height, e.g. `1:1`, `3:2`");
    expect(text).not.toContain("Valid:");
  });

  it("explains a FAILED generation in plain words, and shows an unknown reason cut short", () => {
    const credits = failedMessage({ user: "U0ALICE", what: "2 images", errorMessage: "Not enough credits" });
    expect(credits.text).toContain("ran out of credits");
    const odd = failedMessage({ user: "U0ALICE", what: "a video", errorMessage: "x".repeat(5000) });
    expectValidMessage(odd);
    expectValidMessage(failedMessage({ user: "U0ALICE", what: "a video", errorMessage: null }));
  });

  it("says how to invite the bot", () => {
    const hint = inviteHintMessage("U0SIMBOT1");
    expectValidMessage(hint);
    expect(allText(hint)).toContain("/invite <@U0SIMBOT1>");
  });
});

describe("credits", () => {
  it("summarises credits", () => {
    const reply = creditsMessage(studio.credits);
    expectValidMessage(reply);
    expect(reply.text).toBe("470 credits available");
  });

  it("says the free credits of today are what is left of the allowance, not a bare '0 of 20'", () => {
    const daily = studio.credits.dailyFree;
    const spentAll = { ...studio.credits, dailyFree: daily && { ...daily, remaining: 0, limit: 20 } };
    const text = allText(creditsMessage(spentAll));
    expect(text).toContain("*Free today*\n0 of 20 left");
    expect(text).not.toMatch(/0 of 20(?! left)/);
  });

  it("gives the balance, the cost and the refill time when credits are short", () => {
    const reply = notEnoughCreditsMessage(creditsDecision(900, studio.credits, 50));
    expectValidMessage(reply);
    expect(allText(reply)).toContain("*900*");
    expect(allText(reply)).toContain("*470*");
    expect(allText(reply)).toContain("<!date^");
  });

  it("asks before a costly generation with Confirm and Cancel carrying the request id", () => {
    const reply = confirmSpendMessage({
      decision: creditsDecision(80, studio.credits, 50),
      what: "4 images",
      requestId: "req_1",
    });
    expectValidMessage(reply);
    expect(buttons(reply).map((b) => [b.action_id, b.value])).toEqual([
      [ACTIONS.confirmSpend, "req_1"],
      [ACTIONS.cancelSpend, "req_1"],
    ]);
  });
});

describe("progress", () => {
  it("shows who asked for what, the phase, the platform's percentage and the time so far", () => {
    const asked = progressMessage({ user: "U0ALICE", command: parsed("a fox --count 2") });
    const reply = withStatus(asked, { phase: "running", percent: 40, elapsedMs: 72_000 });
    expectValidMessage(reply);
    expect(reply.text).toBe("<@U0ALICE> asked for 2 images: “a fox” — Generating · 40% ▰▰▰▰▱▱▱▱▱▱ · 1:12 so far");
  });

  it("says a request is queued before the platform reports progress, and what a video's wait is", () => {
    const asked = progressMessage({ user: "U0ALICE", command: parsed("video waves") });
    const reply = withStatus(asked, {
      phase: "queued",
      elapsedMs: 3_000,
      expect: "Videos usually take a few minutes.",
    });
    expect(allText(reply)).toContain("Queued at the studio · 0:03 so far · Videos usually take a few minutes.");
    expect(allText(reply)).not.toContain("%");
  });

  it("keeps a 4,000-character prompt within limits and escapes mentions typed in it", () => {
    const asked = progressMessage({ user: "U0ALICE", command: parsed(`${LONG} <!channel>`) });
    const reply = withStatus(asked, { phase: "running", percent: 250, elapsedMs: 4_000_000 });
    expectValidMessage(reply);
    expect(allText(reply)).not.toContain("<!channel>");
    expect(allText(reply)).toContain("100%");
    expect(allText(reply)).toContain("1:06:40 so far");
  });
});

describe("results", () => {
  const ctx = { user: "U0ALICE", prompt: LONG, defaultBoard: { id: "ses_1", title: "T".repeat(300) } };
  const images = Array.from({ length: 12 }, (_, i) => ({
    id: `img_${i}`,
    url: `https://files.test/${"p".repeat(4000)}`,
  }));

  it("says what it is first, shows each uploaded image above its buttons, and offers Regenerate", () => {
    const two = [
      { id: "img_0", file: { id: "F1", filename: "image-1-of-2-a-fox.png" } },
      { id: "img_1", file: { id: "F2", filename: "image-2-of-2-a-fox.png" } },
    ];
    const { message: reply, fileIds } = imageResultsMessage(two, {
      user: "U0ALICE",
      prompt: "a fox",
      what: "2 images:",
      jobId: "job_1",
    });
    expectValidMessage(reply);
    expect(reply.text).toBe("2 images: a fox");
    expect(fileIds).toEqual([]);
    expect(reply.blocks.map((block) => block.type)).toEqual([
      "section",
      "image",
      "actions",
      "image",
      "actions",
      "context",
      "actions",
      "context_actions",
    ]);
    expect(reply.blocks[1]).toMatchObject({ slack_file: { id: "F1" } });
    expect(buttons(reply).map((b) => b.action_id)).toEqual([
      ACTIONS.addToBoard,
      ACTIONS.variations,
      ACTIONS.upscale,
      ACTIONS.removeBackground,
      ACTIONS.animate,
      ACTIONS.addToBoard,
      ACTIONS.variations,
      ACTIONS.upscale,
      ACTIONS.removeBackground,
      ACTIONS.animate,
      ACTIONS.regenerate,
      ACTIONS.remix,
    ]);
    expect(JSON.parse(String(buttons(reply)[0]?.value))).toEqual({ assetId: "img_0" });
  });

  it("attaches an uploaded image an image block cannot show (webp) as a file of the same message", () => {
    const { message: reply, fileIds } = imageResultsMessage(
      [{ id: "img_0", file: { id: "F1", filename: "variation-of-a-fox.webp" }, url: "https://files.test/a.webp" }],
      { user: "U0ALICE", prompt: "a fox", what: "Variation of" },
    );
    expect(fileIds).toEqual(["F1"]);
    expect(reply.blocks.some((block) => block.type === "image")).toBe(false);
    expect(reply.text).toBe("Variation of a fox");
  });

  it('offers "Add to <title>" for the channel default board, within limits for extreme input', () => {
    const { message: reply } = imageResultsMessage(images, ctx);
    expectValidMessage(reply);
    expect(reply.blocks.some((block) => block.type === "image")).toBe(false);
    const first = buttons(reply)[0] as { text: { text: string }; action_id: string; value: string };
    expect(first.action_id).toBe(ACTIONS.addToDefaultBoard);
    expect(first.text.text.startsWith("Add to TTT")).toBe(true);
    expect(JSON.parse(first.value)).toEqual({ assetId: "img_0", boardId: "ses_1" });
  });

  it("gives a video its file in the same message, Add to board, Vertical 9:16, Square 1:1, its tools and Remix", () => {
    const { message: reply, fileIds } = videoResultsMessage(
      [{ id: "vid_1", file: { id: "F9", filename: "video-waves.mp4" } }],
      { user: "U0ALICE", prompt: "waves", what: "Video:" },
    );
    expectValidMessage(reply);
    expect(fileIds).toEqual(["F9"]);
    expect(allText(reply)).toContain("*Video:* “waves”");
    expect(buttons(reply).map((b) => b.action_id)).toEqual([
      ACTIONS.addToBoard,
      ACTIONS.videoVertical,
      ACTIONS.videoSquare,
      ACTIONS.videoSound,
      ACTIONS.videoSubtitles,
      ACTIONS.videoUpscale,
      ACTIONS.videoColourLook,
      ACTIONS.remix,
    ]);
    expectValidMessage(videoResultsMessage(images, ctx).message);
  });

  it("gives audio Add to board, and the platform's link when no file could be uploaded", () => {
    const { message: reply, fileIds } = audioResultsMessage([{ id: "aud_1", url: "https://files.test/a.mp3" }], {
      user: "U0ALICE",
      prompt: "folk",
      what: "Music:",
    });
    expectValidMessage(reply);
    expect(fileIds).toEqual([]);
    expect(reply.text).toBe("Music: folk");
    expect(allText(reply)).toContain("<https://files.test/a.mp3|Play the audio>");
    expect(buttons(reply).map((b) => b.action_id)).toEqual([ACTIONS.addToBoard]);
    expectValidMessage(audioResultsMessage(images, ctx).message);
  });
});

describe("lists", () => {
  it("lists boards, marking the channel default, and caps 100 boards", () => {
    const reply = boardsMessageOf(100);
    expectValidMessage(reply);
    expect(allText(reply)).toContain("Showing 20 of 100");
    expect(allText(reply)).toContain("channel default");
  });

  it("lists the sandbox's models with costs and values, for all roles or one", () => {
    const all = modelsMessage(studio.catalog);
    expectValidMessage(all);
    expect(allText(all)).toContain("`img-prism-xl`: 8 credits");
    expectValidMessage(modelsMessage(studio.catalog, "video"));
  });

  it("lists presets and caps 200 long ones", () => {
    expectValidMessage(presetsMessage(studio.presets));
    const many = presetsMessage(
      Array.from({ length: 200 }, (_, i) => preset(i)),
      LONG,
      200,
    );
    expectValidMessage(many);
    expect(allText(many)).toContain("Showing 20 of 200");
  });

  it("lists asset search results", () => {
    const assets = Array.from({ length: 60 }, (_, i) => ({
      __typename: "Image" as const,
      id: `img_${i}`,
      displayName: `Tent ${"n".repeat(300)}`,
      status: null,
      url: `https://files.test/${i}`,
      aspectRatio: null,
      imageType: null,
      prompt: null,
      width: null,
      height: null,
      createdAt: null,
    }));
    expectValidMessage(assetsMessage("tent", assets));
    expectValidMessage(assetsMessage(LONG, []));
  });
});

function boardsMessageOf(count: number): SlackMessage {
  return boardsMessage(
    Array.from({ length: count }, (_, i) => board(i, `${"Spring campaign ".repeat(20)} <!here>`)),
    "ses_0",
  );
}

describe("articles and plurals", () => {
  it("says 1 asset, 1 board and 1 credit, and 2 of each in the plural", () => {
    expect(boardsMessage([{ id: "b1", title: "Launch", assetCount: 1 } as never]).text).toBe("1 board");
    expect(allText(boardsMessage([{ id: "b1", title: "Launch", assetCount: 1 } as never]))).toContain("(1 asset)");
    expect(allText(boardsMessage([{ id: "b1", title: "Launch", assetCount: 2 } as never]))).toContain("(2 assets)");
    expect(counted(1, "credit")).toBe("1 credit");
    expect(counted("1,200", "credit")).toBe("1,200 credits");
    expect(counted(0, "asset")).toBe("0 assets");
  });
});
