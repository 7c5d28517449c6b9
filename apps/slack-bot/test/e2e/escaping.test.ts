import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/index.js";
import { strings } from "../support/strings.js";
import { actionIds, type Bot, buttonValue, eventually, startBot } from "./harness.js";

// Issue 27, point 10: a person's text reaches many fields the bot sends (the message text Slack uses for
// notifications, blocks, an image's alt_text, a file's title, a modal). Slack reads `<!channel>`, `<!here>`,
// `<@U…>` and `<url|label>` as a mention or a link in any of them unless `&`, `<` and `>` are escaped
// (https://docs.slack.dev/messaging/formatting-message-text#escaping). Such a text runs through every flow here,
// and every string of every Web API call slack-sim recorded is scanned for the raw sequences.

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
// As Slack sends them: a real @channel, @here, a mention and a link typed in the composer.
const HOSTILE = "<!channel> <!here> <@U999> <https://evil.example|click me>";
const RAW = /<!channel>|<!here>|<@U999>|<https:\/\/evil/;

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

type Shown = ReturnType<Bot["sim"]["conversation"]>[number];

/** The calls whose arguments carry a raw mention or link, with the field's text. */
function leaks(): string[] {
  return bot.sim.calls().flatMap((call) =>
    strings(call.args)
      .filter((text) => RAW.test(text))
      .map((text) => `${call.method}: ${text}`),
  );
}

const results = () =>
  bot.sim
    .conversation(CHANNEL, { as: USER })
    .filter((m) => m.fromBot && !m.ephemeral && actionIds(m).includes(ACTIONS.regenerate));

async function resultOf(text: string, count: number): Promise<Shown> {
  await bot.sim.command({ user: USER, channel: CHANNEL, text });
  return eventually(() => {
    const found = results();
    expect(found.length).toBeGreaterThanOrEqual(count);
    return found[count - 1] as Shown;
  });
}

describe("a person's text with a mention, @channel and a link in it", () => {
  it("is escaped in every field of every Web API call, through every flow", async () => {
    const image = await resultOf(`image ${HOSTILE} a fox --count 2`, 1);
    await resultOf(`video ${HOSTILE} waves on a shore`, 2);
    await resultOf(`music ${HOSTILE} calm piano`, 3);
    await resultOf(`voice ${HOSTILE} welcome`, 4);
    for (const action of [ACTIONS.variations, ACTIONS.upscale, ACTIONS.regenerate]) {
      const value = buttonValue(image, action);
      await bot.sim.click({ user: USER, channel: CHANNEL, messageTs: image.ts, actionId: action, value });
    }
    await eventually(() =>
      expect(bot.sim.thread(CHANNEL, image.ts).filter((m) => m.fromBot).length).toBeGreaterThanOrEqual(3),
    );
    const mention = await bot.sim.mention({ user: USER, channel: CHANNEL, text: `<@U0SIMBOT1> ${HOSTILE} a cat` });
    await eventually(() =>
      expect(bot.sim.thread(CHANNEL, mention.ts ?? "").some((m) => m.fromBot && !m.ephemeral)).toBe(true),
    );
    // The assistant pane: the thread's title and status come from the prompt too.
    const pane = await bot.sim.openAssistant({ user: USER, context: { channelId: CHANNEL } });
    await bot.sim.assistantMessage({
      user: USER,
      channel: pane.channel,
      threadTs: pane.threadTs,
      text: `${HOSTILE} an owl`,
    });
    await eventually(() => expect(bot.sim.calls("assistant.threads.setTitle").length).toBeGreaterThan(0));
    await bot.sim.command({ user: USER, channel: CHANNEL, text: `board new ${HOSTILE} launch` });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: `imgae ${HOSTILE}` });
    await bot.sim.command({ user: USER, channel: CHANNEL, text: "history" });
    await eventually(() =>
      expect(bot.sim.conversation(CHANNEL, { as: USER }).some((m) => m.text.startsWith("Your last"))).toBe(true),
    );
    // Something of every kind was sent, so the scan below saw them.
    for (const method of [
      "chat.postMessage",
      "chat.update",
      "files.completeUploadExternal",
      "assistant.threads.setTitle",
    ]) {
      expect(bot.sim.calls(method).length, method).toBeGreaterThan(0);
    }
    expect(leaks()).toEqual([]);
  });
});
