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
} from "../src/index.js";
import { allText, expectValidMessage } from "./support/slack.js";
import { loadStudioData, type StudioData } from "./support/studio.js";

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
  it("shows who asked for what and how far it got", () => {
    const reply = progressMessage({ user: "U0ALICE", command: parsed("a fox --count 2"), percent: 40 });
    expectValidMessage(reply);
    expect(reply.text).toBe("<@U0ALICE> asked for 2 images: “a fox” — 40% …");
  });

  it("keeps a 4,000-character prompt within limits and escapes mentions typed in it", () => {
    const reply = progressMessage({ user: "U0ALICE", command: parsed(`${LONG} <!channel>`), percent: 250 });
    expectValidMessage(reply);
    expect(allText(reply)).not.toContain("<!channel>");
    expect(allText(reply)).toContain("100%");
  });
});

describe("results", () => {
  const ctx = { user: "U0ALICE", prompt: LONG, defaultBoard: { id: "ses_1", title: "T".repeat(300) } };
  const images = Array.from({ length: 12 }, (_, i) => ({
    id: `img_${i}`,
    url: `https://files.test/${"p".repeat(4000)}`,
  }));

  it("gives each image Add to board, Variations, Upscale and Remove background, and offers Regenerate", () => {
    const reply = imageResultsMessage(images.slice(0, 2), { user: "U0ALICE", prompt: "a fox" }, "req_1");
    expectValidMessage(reply);
    expect(buttons(reply).map((b) => b.action_id)).toEqual([
      ACTIONS.addToBoard,
      ACTIONS.variations,
      ACTIONS.upscale,
      ACTIONS.removeBackground,
      ACTIONS.addToBoard,
      ACTIONS.variations,
      ACTIONS.upscale,
      ACTIONS.removeBackground,
      ACTIONS.regenerate,
    ]);
    expect(JSON.parse(String(buttons(reply)[0]?.value))).toEqual({ assetId: "img_0" });
  });

  it('offers "Add to <title>" for the channel default board, within limits for extreme input', () => {
    const reply = imageResultsMessage(images, ctx, "req_1");
    expectValidMessage(reply);
    expect(reply.blocks.some((block) => block.type === "image")).toBe(false);
    const first = buttons(reply)[0] as { text: { text: string }; action_id: string; value: string };
    expect(first.action_id).toBe(ACTIONS.addToDefaultBoard);
    expect(first.text.text.startsWith("Add to TTT")).toBe(true);
    expect(JSON.parse(first.value)).toEqual({ assetId: "img_0", boardId: "ses_1" });
  });

  it("gives videos Add to board, Vertical 9:16 and Square 1:1", () => {
    const reply = videoResultsMessage([{ id: "vid_1" }], { user: "U0ALICE", prompt: "waves" });
    expectValidMessage(reply);
    expect(buttons(reply).map((b) => b.action_id)).toEqual([
      ACTIONS.addToBoard,
      ACTIONS.videoVertical,
      ACTIONS.videoSquare,
    ]);
    expectValidMessage(videoResultsMessage(images, ctx));
  });

  it("gives audio Add to board", () => {
    const reply = audioResultsMessage([{ id: "aud_1" }], { user: "U0ALICE", prompt: "folk" });
    expectValidMessage(reply);
    expect(buttons(reply).map((b) => b.action_id)).toEqual([ACTIONS.addToBoard]);
    expectValidMessage(audioResultsMessage(images, ctx));
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
