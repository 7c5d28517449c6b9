import { afterEach, describe, expect, it } from "vitest";
import type { Surface } from "../src/delivery/surface.js";
import type { BotDeps } from "../src/deps.js";
import { askBeforeGenerating } from "../src/flows/ask.js";
import { decodeChoice, encodeChoice } from "../src/flows/ask-choice.js";
import { ACTIONS, type SlackMessage } from "../src/index.js";
import { readText } from "../src/intent/read-text.js";
import { parseCommand } from "../src/intent/slack-grammar.js";
import { askMessage, generateLabel, likelyLabel } from "../src/messages/ask.js";
import { openSqliteStore } from "../src/store/sqlite/open.js";
import type { BotStore } from "../src/store/types.js";
import { allText, expectValidMessage } from "./support/slack.js";

interface Button {
  action_id: string;
  value: string;
  text: { text: string };
  style?: string;
}
const buttons = (message: SlackMessage): Button[] =>
  message.blocks.filter((block) => block.type === "actions").flatMap((block) => block.elements as Button[]);

/** Every mrkdwn text in the blocks: where Slack would turn `<!channel>` into a ping. */
function mrkdwn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(mrkdwn);
  if (!value || typeof value !== "object") return [];
  const object = value as Record<string, unknown>;
  if (object.type === "mrkdwn" && typeof object.text === "string") return [object.text];
  return Object.values(object).flatMap(mrkdwn);
}

let store: BotStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

/** Runs the ask flow for a text and returns the one reply it made. */
async function askReply(text: string, from: "command" | "mention" = "command"): Promise<SlackMessage> {
  const reading = readText(text, from);
  if (reading.kind !== "ask") throw new Error(`expected ${JSON.stringify(text)} to ask`);
  store = openSqliteStore({ path: ":memory:" });
  const noop = () => {};
  const deps = { store, logger: { debug: noop, info: noop, warn: noop, error: noop } } as unknown as BotDeps;
  const replies: SlackMessage[] = [];
  const surface: Surface = {
    user: "U0ALICE",
    channel: "C0GENERAL",
    reply: async (message) => void replies.push(message),
    ephemeral: async () => {
      throw new Error("no ephemeral expected");
    },
    post: async () => {
      throw new Error("asking must not post a progress message");
    },
  };
  await askBeforeGenerating(deps, surface, reading, from === "command" ? "command" : "mention");
  expect(replies).toHaveLength(1);
  const [reply] = replies;
  if (!reply) throw new Error("no reply");
  expectValidMessage(reply);
  return reply;
}

describe("the ask reply", () => {
  it("offers the corrected command first and the image of the text as typed, each carrying its command text", async () => {
    const reply = await askReply("imgae a red fox --count 2");
    const [likely, generate] = buttons(reply);
    expect(likely).toMatchObject({ action_id: ACTIONS.askCommand, style: "primary" });
    expect(likely?.text.text).toBe("Image of 'a red fox'");
    expect(decodeChoice(likely?.value)).toEqual({
      user: "U0ALICE",
      origin: "command",
      text: "image a red fox --count 2",
    });
    expect(generate?.action_id).toBe(ACTIONS.askImage);
    expect(generate?.text.text).toBe("Generate an image of 'imgae a red fox'");
    expect(decodeChoice(generate?.value)?.text).toBe("image imgae a red fox --count 2");
    expect(reply.text).toBe("Did you mean /studio image a red fox --count 2? Nothing was generated.");
    expect(allText(reply.blocks)).toContain("`imgae` looks like a typo of `image`");
  });

  it("offers /studio credits for 'credit', and no help (the command is the answer)", async () => {
    const reply = await askReply("credit");
    expect(buttons(reply).map((button) => button.text.text)).toEqual([
      "/studio credits",
      "Generate an image of 'credit'",
    ]);
    expect(allText(reply.blocks)).not.toContain("Show this help");
  });

  it("answers a greeting with help and the image button, naming the asker", async () => {
    const reply = await askReply("<@U0SIMBOT1> hi", "mention");
    expect(buttons(reply).map((button) => button.text.text)).toEqual(["Generate an image of 'hi'"]);
    const text = allText(reply.blocks);
    expect(text).toContain("Hi <@U0ALICE>!");
    expect(text).toContain("Show this help");
    expect(decodeChoice(buttons(reply)[0]?.value)).toMatchObject({ origin: "mention", text: "image hi" });
  });

  it("answers a question about nothing in particular with help", async () => {
    const reply = await askReply("what can you do?");
    expect(allText(reply.blocks)).toContain("That reads like a question for me");
    expect(allText(reply.blocks)).toContain("Generate images");
  });

  it("never pings from a typed mention or a channel-wide tag (labels are plain text, values are not shown)", async () => {
    for (const typed of ["<!channel> what is this <@U0BOB>?", "imgae <!channel> and <@U0BOB>"]) {
      const reply = await askReply(typed);
      const text = [reply.text, ...mrkdwn(reply.blocks)].join("\n");
      expect(text, typed).not.toContain("<!channel>");
      expect(text, typed).not.toContain("<@U0BOB>");
      await store?.close();
      store = undefined;
    }
  });

  it("cuts long labels with an ellipsis within Slack's 75 characters, and keeps the full text in the value", async () => {
    const prompt = `a red fox ${"in deep fresh snow ".repeat(20)}`.trim();
    const reply = await askReply(`imgae ${prompt}`);
    for (const button of buttons(reply)) {
      expect(button.text.text.length).toBeLessThanOrEqual(75);
      expect(button.text.text).toMatch(/…'$/);
    }
    expect(decodeChoice(buttons(reply)[0]?.value)?.text).toBe(`image ${prompt}`);
  });

  it("keeps a text too long for a button in the store, and the button carries its id", async () => {
    const prompt = `a red fox ${"in deep fresh snow ".repeat(150)}`.trim();
    const reply = await askReply(`imgae ${prompt}`);
    const values = buttons(reply).map((button) => decodeChoice(button.value));
    expect(values).toHaveLength(2);
    for (const value of values) {
      expect(value?.text).toBeUndefined();
      expect(value?.pending).toMatch(/^pr_/);
    }
    const taken = await store?.pendingRequests.take(values[0]?.pending ?? "", "U0ALICE");
    expect(taken).toMatchObject({ status: "taken", request: { command: { kind: "image", prompt } } });
  });
});

describe("labels", () => {
  it("name what each generation makes", () => {
    const label = (text: string) => {
      const result = parseCommand(text);
      if (!result.ok) throw new Error(result.message);
      return likelyLabel(result.command, text);
    };
    expect(label("video waves")).toBe("Video of 'waves'");
    expect(label("music calm piano")).toBe("Music: 'calm piano'");
    expect(label("voice Welcome")).toBe("Voiceover: 'Welcome'");
    expect(label("models video")).toBe("/studio models video");
    expect(generateLabel("a  red\nfox")).toBe("Generate an image of 'a red fox'");
  });
});

describe("button values", () => {
  it("round-trip, and anything else reads as nothing", () => {
    const choice = { user: "U1", origin: "dm" as const, threadTs: "1.2", text: 'image "quoted" ✨' };
    expect(decodeChoice(encodeChoice(choice))).toEqual(choice);
    for (const value of [undefined, "", "{}", "null", '{"u":"U1","o":"x","t":"a"}', '{"u":"U1","o":"c"}', "[1]"]) {
      expect(decodeChoice(value), String(value)).toBeUndefined();
    }
  });

  it("refuse a value over Slack's 2,000 characters", () => {
    expect(encodeChoice({ user: "U1", origin: "command", text: "a".repeat(2000) })).toBeUndefined();
  });
});

describe("askMessage", () => {
  it("fits Slack's limits for every reason", () => {
    for (const text of ["imgae a fox", "credit", "what can you do?", "hi", "x", "how many credits?"]) {
      const reading = readText(text);
      if (reading.kind !== "ask") throw new Error(text);
      expectValidMessage(askMessage({ user: "U1", intent: reading.intent, text }));
    }
  });
});
