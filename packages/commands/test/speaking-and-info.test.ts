import { loadStudioData, type StudioData } from "@studio-kit/test-support";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Command,
  checkOptions,
  estimateCost,
  isGeneration,
  parseCommand,
  spokenVoiceVariables,
  usage,
} from "../src/index.js";

// `avatar`, `lipsync` (generations through the catalog's default speaking-avatar and lip-sync models, after a
// voiceover), `brand` and `history [n]` (issue 20).

const invocation = "studio";
let studio: StudioData;
beforeAll(async () => {
  studio = await loadStudioData();
});

const parsed = (text: string): Command => {
  const result = parseCommand(text, { invocation });
  if (!result.ok) throw new Error(result.message);
  return result.command;
};
const failure = (text: string) => {
  const result = parseCommand(text, { invocation });
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.command)}`);
  return result;
};
const problems = (text: string) => {
  const result = checkOptions(parsed(text), studio.catalog, studio.presets, { invocation });
  return result.ok ? [] : result.problems.map((problem) => problem.message);
};

describe("avatar", () => {
  it("reads the script and its options, and counts as a generation", () => {
    const command = parsed(
      "avatar Welcome to the spring collection. --image img_1 --voice voice-narrate-1 --language en",
    );
    expect(command).toEqual({
      kind: "avatar",
      script: "Welcome to the spring collection.",
      image: "img_1",
      voice: "voice-narrate-1",
      language: "en",
    });
    expect(isGeneration(command)).toBe(true);
  });

  it("needs a script", () => {
    expect(failure("avatar --image img_1").message).toBe(
      "`avatar` needs a script to read, such as `studio avatar Welcome to the spring collection. --image img_123`.",
    );
  });

  it("refuses a voice the catalog does not have, and passes with the default avatar model", () => {
    expect(problems("avatar Hi --voice nobody")).toEqual(["There is no voice model `nobody`."]);
    expect(checkOptions(parsed("avatar Hi"), studio.catalog, [], { invocation })).toMatchObject({
      ok: true,
      model: { id: "avatar-persona-2" },
    });
  });

  it("costs the voiceover plus the speaking-avatar model", () => {
    expect(estimateCost(parsed("avatar Hi"), studio.catalog)).toBe(3 + 24);
    expect(estimateCost(parsed("avatar Hi --voice voice-clone-pro"), studio.catalog)).toBe(8 + 24);
  });

  it("says so when the catalog has no speaking-avatar model", () => {
    const catalog = { ...studio.catalog, speakingAvatarModels: [] };
    const result = checkOptions(parsed("avatar Hi"), catalog, [], { invocation });
    expect(result.ok ? [] : result.problems.map((problem) => problem.message)).toEqual([
      "No speaking avatar models are available right now.",
    ]);
  });
});

describe("lipsync", () => {
  it("reads a script, or an audio clip instead", () => {
    expect(parsed("lipsync Hello there --video vid_1")).toEqual({
      kind: "lipsync",
      script: "Hello there",
      video: "vid_1",
    });
    expect(parsed("lipsync --video vid_1 --audio aud_1")).toEqual({ kind: "lipsync", video: "vid_1", audio: "aud_1" });
  });

  it("refuses both a script and --audio, and neither", () => {
    expect(failure("lipsync Hello --audio aud_1").message).toBe(
      "`lipsync` follows a script or an audio clip, not both: drop the script or `--audio`.",
    );
    expect(failure("lipsync --video vid_1").message).toContain("`lipsync` needs a script to read aloud or `--audio");
  });

  it("refuses voiceover options with --audio, where nothing is read aloud", () => {
    expect(problems("lipsync --audio aud_1 --voice voice-lumen-2")).toEqual([
      "`--voice` is for a script read aloud; with `--audio` nothing is read: drop one of the two.",
    ]);
  });

  it("costs the lip-sync model, plus the voiceover when a script is read", () => {
    expect(estimateCost(parsed("lipsync --audio aud_1"), studio.catalog)).toBe(18);
    expect(estimateCost(parsed("lipsync Hello"), studio.catalog)).toBe(18 + 3);
  });

  it("gives the voiceover's variables only when there is a script", () => {
    const withScript = parsed("lipsync Hello --voice voice-narrate-1");
    const withAudio = parsed("lipsync --audio aud_1");
    if (withScript.kind !== "lipsync" || withAudio.kind !== "lipsync") throw new Error("not lipsync");
    expect(spokenVoiceVariables(withScript)).toEqual({ script: "Hello", voiceId: "voice-narrate-1", language: null });
    expect(spokenVoiceVariables(withAudio)).toBeNull();
  });

  it("shows the script as optional in its usage", () => {
    expect(usage("lipsync", invocation)).toBe(
      "studio lipsync [<script>] [--video video-id] [--audio audio-id] [--voice id] [--language code]",
    );
  });
});

describe("brand and history", () => {
  it("reads `brand` alone, and says how to make an image of a prompt that starts with it", () => {
    expect(parsed("brand")).toEqual({ kind: "brand" });
    expect(failure("brand new sneakers").message).toBe(
      "`brand` takes nothing after it (got `new`): type `studio brand`. For an image, type `studio image brand new sneakers`.",
    );
  });

  it("reads `history` with an optional number of jobs", () => {
    expect(parsed("history")).toEqual({ kind: "history" });
    expect(parsed("history 5")).toEqual({ kind: "history", count: 5 });
    expect(isGeneration(parsed("history"))).toBe(false);
  });

  it("refuses a number out of range, or words", () => {
    expect(failure("history 0").message).toBe(
      "`history` takes how many jobs to list, from 1 to 25, such as `studio history 5` (got `0`).",
    );
    expect(failure("history of rome").message).toContain("For an image, type `studio image history of rome`.");
  });
});
