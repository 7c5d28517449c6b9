import { describe, expect, it } from "vitest";
import { imageVariables, musicVariables, parseCommand, videoVariables, voiceVariables } from "../src/index.js";

const read = (text: string) => {
  const parsed = parseCommand(text, { invocation: "studio" });
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.command;
};

describe("what each command sends", () => {
  it("an image with no options: the square default ratio, one image, nulls for the API's model defaults", () => {
    const command = read("a red fox");
    if (command.kind !== "image") throw new Error("not an image");
    expect(imageVariables(command)).toEqual({
      prompt: "a red fox",
      aspectRatio: "1:1",
      count: 1,
      model: null,
      quality: null,
      resolution: null,
      presetSlugs: null,
    });
  });

  it("a video keeps every option given and defaults to landscape", () => {
    const command = read("video waves --duration 5 --audio --preset neon-night");
    if (command.kind !== "video") throw new Error("not a video");
    expect(videoVariables(command)).toMatchObject({
      prompt: "waves",
      aspectRatio: "16:9",
      duration: 5,
      generateAudio: true,
      presetSlugs: ["neon-night"],
    });
  });

  it("music sends the provider it is given; a voice's --voice is the API's voiceId", () => {
    const music = read("music calm piano --instrumental --max-duration 60");
    const voice = read("voice Welcome in. --voice vo-aria --language en");
    if (music.kind !== "music" || voice.kind !== "voice") throw new Error("wrong kinds");
    expect(musicVariables(music, "melodia")).toMatchObject({
      provider: "melodia",
      instrumental: true,
      maxDurationSeconds: 60,
      lyrics: null,
    });
    expect(voiceVariables(voice)).toEqual({ script: "Welcome in.", voiceId: "vo-aria", language: "en" });
  });
});
