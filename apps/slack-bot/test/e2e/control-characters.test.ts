import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { strings } from "../support/strings.js";
import { actionIds, type Bot, blocksOf, eventually, startBot } from "./harness.js";

// Issue 42, point 3: a prompt carrying NUL, BEL, a terminal's colour sequence and U+202E (RIGHT-TO-LEFT OVERRIDE,
// which shows what follows it reversed) came back in the result's section, its image's alt text and the message's
// fallback text. None of them may reach any field the bot sends: every string of every Web API call slack-sim
// recorded is scanned, and each uploaded file's title.

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
const PROMPT = "fox\u0000\u0007\u001b[31m\u202e\r\nred";
// C0 controls but the newline, DEL, C1 controls, and the bidi embeddings, overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

/** Each field the bot sent that carries a forbidden character, as `method: text` (the characters shown as \u…). */
function echoed(): string[] {
  const visible = (text: string) =>
    text.replace(
      /[^\n\u0020-\u007e\u00a0-\u2029\u202f-\u2065\u206a-\uffff]/gu,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
  const sent = bot.sim.calls().flatMap((call) =>
    strings(call.args)
      .filter((text) => FORBIDDEN.test(text))
      .map((text) => `${call.method}: ${visible(text)}`),
  );
  const titles = bot.sim
    .calls("files.completeUploadExternal")
    .flatMap((call) => strings(call.args.files))
    .filter((id) => /^F\w+$/.test(id))
    .map((id) => bot.sim.file(id)?.title ?? "")
    .filter((title) => FORBIDDEN.test(title))
    .map((title) => `file title: ${visible(title)}`);
  return [...sent, ...titles];
}

describe("a prompt with control characters and a right-to-left override", () => {
  it("comes back without them in the text, blocks, alt text and file titles of every message", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: `image ${PROMPT}` });
    const result = await eventually(() => {
      const found = bot.sim
        .conversation(CHANNEL, { as: USER })
        .find((m) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate));
      expect(found).toBeDefined();
      return found;
    });
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: `<@U0SIMBOT1> ${PROMPT}` });
    await eventually(() =>
      expect(
        bot.sim
          .thread(CHANNEL, mention.ts ?? "")
          .some((m) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate)),
      ).toBe(true),
    );
    // The assistant pane titles its thread with the prompt; history lists it.
    const pane = await bot.sim.openAssistant({ user: USER, context: { channelId: CHANNEL } });
    await bot.sim.assistantMessage({ user: USER, channel: pane.channel, threadTs: pane.threadTs, text: PROMPT });
    await eventually(() => expect(bot.sim.calls("assistant.threads.setTitle").length).toBeGreaterThan(0));
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "history" });
    await eventually(() =>
      expect(bot.sim.conversation(CHANNEL, { as: USER }).some((m) => m.text.startsWith("Your last"))).toBe(true),
    );
    // The scan saw messages, their images and their files.
    expect(bot.sim.calls("files.completeUploadExternal").length).toBeGreaterThan(0);
    expect(echoed()).toEqual([]);
    // The person's words still read: "fox" and "red", without the sequence's leftover "[31m".
    const [image] = blocksOf(result, "image");
    expect(String(image?.alt_text)).toMatch(/fox red/);
    expect(result?.text).toMatch(/fox\s+red/);
  });
});

describe("/studio show followed by backticks", () => {
  it("quotes them back inert: the note's code spans close where the bot closes them", async () => {
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "show ```x```" });
    const note = await eventually(() => {
      const found = bot.sim.conversation(CHANNEL, { as: USER }).find((m) => m.fromBot && m.ephemeral);
      expect(found).toBeDefined();
      return found;
    });
    const texts = [note?.text ?? "", ...strings(note?.blocks).filter((text) => text.includes(" "))];
    expect(texts.join("\n")).toContain("(got `ˋˋˋxˋˋˋ`)");
    // Every backtick pairs with the next around some text: none is left over, none doubled into an empty span.
    for (const text of texts) expect(text.replace(/`[^`]+`/g, ""), text).not.toContain("`");
  });
});
