import { describe, expect, it } from "vitest";
import { decideIntent, type Intent, parseCommand, readText } from "../src/index.js";
import { editDistance } from "../src/intent/edit-distance.js";

// The intent rule's table: real-looking texts typed after /studio or @Studio whose first word is not a command
// word, and what must happen. Prompts on the left side cost credits when they generate; mistakes on the right cost
// credits when they do. Each row names why.

const MUST_GENERATE: [text: string, why: string][] = [
  ["a red fox on snow", "a plain description"],
  ["credit card on a table", "'credit' is one letter from credits, but credits takes nothing after it"],
  ["images of the sea in a frame", "'images' is an English word that starts prompts"],
  ["video game controller, neon", "a command word followed by a description, no mark"],
  ["music box on a shelf", "the same: the parser reads it, the rule would not stop it"],
  ["voice actor in a studio, film noir", "the same"],
  ["what a beautiful sunset over the lake", "an exclamation: no verb after 'what'"],
  ["boards of wood stacked", "a command word followed by a description"],
  ["model of a sailing ship", "models takes nothing but a generation kind"],
  ["helpful robot waving", "three letters more than 'help' is not a typo"],
  ["hi-fi speaker on a desk", "'hi-fi' is one word, not a greeting"],
  ["how-to poster", "'how-to' is one word, not a question"],
  ["boat on a lake at dawn", "two edits from 'board'"],
  ["boar in a misty forest", "'boar' starts 'board', but board takes new or use"],
  ["modern kitchen interior, morning light", "two edits from 'models', and kitchen is not a kind"],
  ["imagine a city made of glass", "two edits from a five-letter word"],
  ["mage casting a spell", "an English word one edit from 'image'"],
  ["vice city skyline at night", "an English word one edit from 'voice'"],
  ["hell hounds chasing a car", "help takes only a command word after it"],
  ["kelp forest underwater", "one edit from 'help', but help takes only a command word"],
  ["hello kitty plush toy on a bed", "not a greeting alone"],
  ["where the wild things are, poster", "a title: no verb after 'where'"],
  ["presents under a christmas tree", "an English word one edit from 'presets'"],
  ["a lighthouse at dusk --ratio 16:9", "flags do not change a description"],
  ["猫", "one ideograph is a whole word"],
  ["/usr/bin poster, retro terminal", "a path is not a slash command"],
  ["1/2 moon over the sea", "a fraction is not a slash command"],
  ["日本の春の桜", "a Japanese prompt"],
  ["שלום עולם בשקיעה", "a Hebrew prompt"],
  ["🦊 in the snow", "an emoji with words"],
  ["an astronaut riding a horse on mars", "a description that happens to contain 'a'"],
  ['"imgae" a red fox', "a quoted first word is prompt text, as in the parser"],
  ["cat", "a three-letter prompt"],
  [`a very long brief ${"with many details ".repeat(500)}`, "a long pasted brief"],
];

const MUST_ASK: [text: string, reason: string, likely: string | undefined][] = [
  ["imgae a red fox", "command", "image a red fox"],
  ["imgae a red fox --count 2", "command", "image a red fox --count 2"],
  ["iamge of a boat", "command", "image of a boat"],
  ["viedo waves on a rocky shore --duration 5", "command", "video waves on a rocky shore --duration 5"],
  ["musci calm piano --instrumental", "command", "music calm piano --instrumental"],
  ["vocie Welcome to the spring collection.", "command", "voice Welcome to the spring collection."],
  ["credit", "command", "credits"],
  ["cred", "command", "credits"],
  ["credtis", "command", "credits"],
  ["Credits!", "command", "credits"],
  ["HELP", "command", "help"],
  ["hepl", "command", "help"],
  ["mod", "command", "models"],
  ["modles video", "command", "models video"],
  ["bord new Spring campaign", "command", "board new Spring campaign"],
  ["baords", "command", "boards"],
  ["preset cinematic", "command", "presets cinematic"],
  ["asset tent", "command", "assets tent"],
  ["Video: waves at night", "command", "video waves at night"],
  ["/credits", "command", "credits"],
  ["vide", "command", "help video"],
  ["images", "command", "help image"],
  ["what can you do?", "question", undefined],
  ["what can you do", "question", undefined],
  ["how do I make a video", "question", undefined],
  ["how many credits do I have left?", "question", "credits"],
  ["can you draw a cat for me", "question", undefined],
  ["could you make it bigger", "question", undefined],
  ["is there a way to change the ratio", "question", undefined],
  ["hi studio, what models are there?", "question", "models"],
  ["Who's afraid of the big bad wolf poster", "question", undefined],
  ["a red fox on snow?", "question", undefined],
  ["why is my image blurry?!", "question", undefined],
  ["please help", "question", undefined],
  ["¿qué puedes hacer?", "question", undefined],
  ["hi", "greeting", undefined],
  ["hello", "greeting", undefined],
  ["hey there", "greeting", undefined],
  ["Hey Studio!", "greeting", undefined],
  ["thanks", "greeting", undefined],
  ["thank you!", "greeting", undefined],
  ["good morning", "greeting", undefined],
  ["ok thanks 🙏", "greeting", undefined],
  ["test", "greeting", undefined],
  ["x", "too-short", undefined],
  ["🦊", "too-short", undefined],
  ["?!", "too-short", undefined],
  ["", "too-short", undefined],
  ["/giphy a fox on snow", "slash", undefined],
  ["/remind me at 5pm to render the banners", "slash", undefined],
  ["/Shrug", "slash", undefined],
];

describe("decideIntent: prompts that must generate", () => {
  it.each(MUST_GENERATE)("generates %j (%s)", (text) => {
    expect(decideIntent(text)).toEqual({ action: "generate" });
    // And through the reading the listeners use: a bare image prompt, generated as before.
    const reading = readText(text);
    expect(reading.kind).toBe("command");
  });
});

describe("decideIntent: mistakes, questions and greetings that must not generate", () => {
  it.each(MUST_ASK)("asks about %j (%s, likely %j)", (text, reason, likely) => {
    const intent = decideIntent(text);
    expect(intent).toMatchObject({ action: "ask", reason });
    expect(intent.action === "ask" ? intent.likely?.text : "generate").toBe(likely);
  });

  it("offers only commands that the parser reads without an error", () => {
    for (const [text] of MUST_ASK) {
      const intent: Intent = decideIntent(text);
      if (intent.action === "ask" && intent.likely) expect(parseCommand(intent.likely.text).ok, text).toBe(true);
    }
  });

  it("says how the first word matched: a typo, the start of a command, or the command with a mark", () => {
    const likely = (text: string) => {
      const intent = decideIntent(text);
      return intent.action === "ask" ? intent.likely : undefined;
    };
    expect(likely("imgae a red fox")).toEqual({
      word: "image",
      match: "typo",
      typed: "imgae",
      text: "image a red fox",
    });
    expect(likely("cred")).toMatchObject({ word: "credits", match: "prefix", typed: "cred" });
    expect(likely("Credits!")).toMatchObject({ word: "credits", match: "exact", typed: "Credits!" });
    expect(likely("how many credits are left?")).toMatchObject({ word: "credits", match: "mentioned" });
  });

  it("keeps the text Slack-escaped in the likely command, so the parser unescapes it once", () => {
    const intent = decideIntent("imgae a &lt;tag&gt; &amp; a fox");
    expect(intent.action === "ask" && intent.likely?.text).toBe("image a &lt;tag&gt; &amp; a fox");
  });
});

// Slash commands do not run in threads or the assistant pane (https://docs.slack.dev/interactivity/implementing-slash-commands,
// Limitations on use): Slack sends what was typed there as a message, which the bot reads as the mention path does.
const TYPED_WHERE_SLASH_COMMANDS_DO_NOT_RUN: [text: string, kind: string][] = [
  ["/studio credits", "credits"],
  ["/STUDIO credits", "credits"],
  ["  /studio image a lighthouse in fog --ratio 16:9", "image"],
  ["<@U0SIMBOT1> /studio boards", "boards"],
  ["/studio video waves on a rocky shore", "video"],
  ["/studio", "help"],
  ["/studio help music", "help"],
];

describe("text typed as /studio where slash commands do not run (a DM, a thread, the assistant pane)", () => {
  it.each(TYPED_WHERE_SLASH_COMMANDS_DO_NOT_RUN)("reads %j as the %s command, not as an image prompt", (text, kind) => {
    const reading = readText(text, "mention");
    expect(reading.kind).toBe("command");
    const result = reading.kind === "command" ? reading.result : undefined;
    expect(result?.ok && result.command.kind).toBe(kind);
  });

  it("keeps /studio inside a description as part of the prompt", () => {
    const reading = readText("poster of the words /studio open", "mention");
    expect(reading.kind === "command" && reading.result.ok && reading.result.command).toMatchObject({
      kind: "image",
      prompt: "poster of the words /studio open",
    });
  });

  it("does not take /studios or /studio-x as the invocation", () => {
    expect(readText("/studios", "mention")).toMatchObject({ kind: "ask", intent: { reason: "slash" } });
    expect(readText("/studio-x go", "mention")).toMatchObject({ kind: "ask", intent: { reason: "slash" } });
  });
});

describe("readText", () => {
  it("reads a mention's text without the mention, and asks about a question", () => {
    const reading = readText("<@U0SIMBOT1> what can you do?", "mention");
    expect(reading).toMatchObject({ kind: "ask", text: "what can you do?", intent: { reason: "question" } });
    expect(reading.kind === "ask" && reading.image.prompt).toBe("what can you do?");
  });

  it("leaves every command word alone, even when the rule would ask about the same text as a bare prompt", () => {
    for (const text of ["credits", "image what can you do?", "help", "boards", "image hi"]) {
      expect(readText(text).kind, text).toBe("command");
    }
  });

  it("leaves parse errors to the parser (they generate nothing either)", () => {
    const reading = readText("imgae a fox --bogus 1");
    expect(reading.kind === "command" && reading.result.ok).toBe(false);
  });
});

describe("editDistance", () => {
  it.each([
    ["image", "image", 0],
    ["imgae", "image", 1],
    ["imae", "image", 1],
    ["imagee", "image", 1],
    ["credtis", "credits", 1],
    ["boat", "board", 2],
    ["modern", "models", 2],
    ["", "help", 4],
    ["ca", "abc", 3],
  ])("%j to %j is %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});
