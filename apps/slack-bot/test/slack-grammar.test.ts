import { loadStudioData } from "@studio-kit/test-support";
import { describe, expect, it } from "vitest";
import { checkOptions, parseCommand, parseMention } from "../src/index.js";

// The bot binds the shared grammar (@studio-kit/commands, tested there) to Slack: its texts name `/studio`, Slack's
// escaping is undone first, and a mention of the bot is dropped.

describe("parseCommand in Slack", () => {
  it("decodes Slack's escaping of &, < and >", () => {
    expect(parseCommand("image salt &amp; pepper &lt;3")).toEqual({
      ok: true,
      command: { kind: "image", prompt: "salt & pepper <3", presets: [] },
    });
  });

  it("names `/studio` in its errors and usage", () => {
    expect(parseCommand("credits please")).toEqual({
      ok: false,
      code: "unexpected_argument",
      command: "credits",
      message: "`credits` takes nothing after it (got `please`): type `/studio credits`.",
      usage: "/studio credits",
    });
    const empty = parseCommand("image");
    expect(empty).toMatchObject({
      ok: false,
      message: "`image` needs a prompt, such as `/studio image a lighthouse at dusk --ratio 16:9`.",
    });
    if (!empty.ok) expect(empty.usage.startsWith("/studio image <prompt> [--ratio W:H]")).toBe(true);
  });

  it("names `/studio models image` in the help of an option problem", async () => {
    const { catalog, presets } = await loadStudioData();
    const parsed = parseCommand("image a fox --model dall-e");
    if (!parsed.ok) throw new Error(parsed.message);
    const checked = checkOptions(parsed.command, catalog, presets);
    expect(checked.ok ? undefined : checked.problems[0]?.help).toBe(
      "`/studio models image` lists the image models and the values each takes.",
    );
  });
});

describe("parseMention", () => {
  it("strips the leading bot mention and reads the rest as an image prompt", () => {
    expect(parseMention("<@U0SIMBOT1> a lighthouse")).toEqual({
      ok: true,
      command: { kind: "image", prompt: "a lighthouse", presets: [] },
    });
  });

  it("reads a command after the mention, with a name and punctuation", () => {
    expect(parseMention("<@U0SIMBOT1|studio>: video waves --audio")).toMatchObject({
      ok: true,
      command: { kind: "video", audio: true },
    });
  });

  it("answers a bare mention with help", () => {
    expect(parseMention("<@U0SIMBOT1>")).toEqual({ ok: true, command: { kind: "help" } });
  });

  it("leaves other people's mentions in the prompt", () => {
    expect(parseMention("<@U0SIMBOT1> a portrait like <@U0ALICE>")).toMatchObject({
      command: { prompt: "a portrait like <@U0ALICE>" },
    });
  });
});
