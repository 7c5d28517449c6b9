import { describe, expect, it } from "vitest";
import { classifyOutgoing, mentionsBot, withMentionTags } from "../src/server/outgoing.js";

describe("what the composer's text becomes", () => {
  it("reads /studio as the slash command, with the text after the command word", () => {
    expect(classifyOutgoing("/studio image a red fox --count 2")).toEqual({
      kind: "command",
      command: "/studio",
      text: "image a red fox --count 2",
    });
    expect(classifyOutgoing("  /studio  ")).toEqual({ kind: "command", command: "/studio", text: "" });
    expect(classifyOutgoing("/STUDIO credits")).toMatchObject({ kind: "command", text: "credits" });
  });

  it("does not read other slash words, or /studio inside a sentence, as the command", () => {
    expect(classifyOutgoing("/studios rock")).toEqual({ kind: "message", text: "/studios rock" });
    expect(classifyOutgoing("try /studio help")).toEqual({ kind: "message", text: "try /studio help" });
  });

  it("turns @Studio (any case) into the bot's mention tag and sends a mention", () => {
    expect(classifyOutgoing("@studio video a wave, please @Studio")).toEqual({
      kind: "mention",
      text: "<@U0SIMBOT1> video a wave, please <@U0SIMBOT1>",
    });
    expect(classifyOutgoing("hey (@STUDIO) draw a cat")).toEqual({
      kind: "mention",
      text: "hey (<@U0SIMBOT1>) draw a cat",
    });
    expect(classifyOutgoing("<@U0SIMBOT1> credits")).toEqual({ kind: "mention", text: "<@U0SIMBOT1> credits" });
  });

  it("leaves look-alikes as plain text: an e-mail address, a longer name", () => {
    expect(mentionsBot("mail me@studio.com")).toBe(false);
    expect(mentionsBot("@studios and @studio-team")).toBe(false);
    expect(withMentionTags("me@studio.com")).toBe("me@studio.com");
    expect(classifyOutgoing("just chatting")).toEqual({ kind: "message", text: "just chatting" });
  });
});
