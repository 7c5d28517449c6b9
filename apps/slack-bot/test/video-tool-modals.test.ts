import { validateView } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { COLOUR_LOOKS, COLOUR_RANGE, COLOUR_STRENGTHS, colourAdjustments } from "../src/messages/colour-looks.js";
import {
  COLOUR_MODAL,
  colourLookModal,
  readColourForm,
  readSubtitlesForm,
  SUBTITLES_MODAL,
  subtitlesModal,
} from "../src/messages/video-tool-modals.js";
import {
  videoToolAsked,
  videoToolFailedMessage,
  videoToolProgressMessage,
  videoToolWhat,
} from "../src/messages/video-tools.js";
import { viewProblems } from "./support/views.js";

const ctx = { channel: "C0GENERAL", threadTs: "1.000", messageTs: "1.000", videoId: "vid_1", jobId: "job_1" };
const picked = (block: string, value: string | null) => ({
  [block]: { value: { type: "static_select", selected_option: value === null ? null : { value } } },
});

describe("the colour looks", () => {
  it("send seven whole numbers within the range at every strength", () => {
    for (const look of COLOUR_LOOKS) {
      for (const strength of COLOUR_STRENGTHS) {
        const values = Object.values(colourAdjustments(look.name, strength.name));
        expect(values).toHaveLength(7);
        for (const value of values) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(COLOUR_RANGE.min);
          expect(value).toBeLessThanOrEqual(COLOUR_RANGE.max);
        }
      }
    }
  });

  it("scale with the strength: Subtle is half of Normal, Strong half again, and black and white stays at -100", () => {
    expect(colourAdjustments("warm")).toMatchObject({ temperature: 35, saturation: 10 });
    expect(colourAdjustments("warm", "subtle")).toMatchObject({ temperature: 18, saturation: 5 });
    expect(colourAdjustments("warm", "strong")).toMatchObject({ temperature: 53, saturation: 15 });
    expect(colourAdjustments("mono", "strong").saturation).toBe(-100);
    expect(colourAdjustments("cool").temperature).toBeLessThan(0);
  });
});

describe("the Subtitles and Colour look modals", () => {
  it.each([
    ["Subtitles", subtitlesModal(ctx)],
    ["Colour look", colourLookModal(ctx)],
  ])("%s opens within Slack's view rules, remembering the video and where to answer", (_name, view) => {
    expect(validateView(view)).toEqual({ ok: true });
    expect(viewProblems(view)).toEqual([]);
    expect(JSON.parse(String(view.private_metadata))).toEqual(ctx);
  });

  it("reads a language from the list, and refuses one the modal does not offer under its input", () => {
    expect(readSubtitlesForm(picked(SUBTITLES_MODAL.languageBlock, "ja"))).toEqual({
      ok: true,
      tool: { name: "subtitles", language: "ja" },
    });
    for (const value of ["xx", null]) {
      expect(readSubtitlesForm(picked(SUBTITLES_MODAL.languageBlock, value))).toEqual({
        ok: false,
        errors: { [SUBTITLES_MODAL.languageBlock]: "Pick one of the listed languages." },
      });
    }
  });

  it("reads a look at a strength into its seven values; no look, or a forged strength, is an error under it", () => {
    const values = { ...picked(COLOUR_MODAL.lookBlock, "film"), ...picked(COLOUR_MODAL.strengthBlock, "subtle") };
    expect(readColourForm(values)).toEqual({
      ok: true,
      tool: { name: "colour", look: "film", adjustments: colourAdjustments("film", "subtle") },
    });
    // No strength chosen reads as Normal (the radio starts there).
    expect(readColourForm(picked(COLOUR_MODAL.lookBlock, "muted"))).toMatchObject({
      ok: true,
      tool: { adjustments: colourAdjustments("muted") },
    });
    expect(readColourForm({})).toEqual({ ok: false, errors: { [COLOUR_MODAL.lookBlock]: "Pick one of the looks." } });
    const forged = { ...picked(COLOUR_MODAL.lookBlock, "warm"), ...picked(COLOUR_MODAL.strengthBlock, "max") };
    expect(readColourForm(forged)).toEqual({
      ok: false,
      errors: { [COLOUR_MODAL.strengthBlock]: "Pick Subtle, Normal or Strong." },
    });
  });
});

describe("the video tools' words", () => {
  it("say what each result is in its first words", () => {
    expect(videoToolWhat({ name: "sound" })).toBe("Sound for");
    expect(videoToolWhat({ name: "subtitles", language: "en" })).toBe("Subtitled (English):");
    expect(videoToolWhat({ name: "upscale", scale: "2x" })).toBe("Upscaled ×2:");
    expect(videoToolWhat({ name: "colour", look: "warm", adjustments: colourAdjustments("warm") })).toBe(
      "Colour look (Warm):",
    );
  });

  it("say who asked for what while it runs, and that the original is unchanged when it fails", () => {
    const tool = { name: "subtitles", language: "de" } as const;
    expect(videoToolAsked(tool)).toBe("a subtitled video (German)");
    expect(videoToolProgressMessage("U0ALICE", tool, "a <!channel> lighthouse").text).toBe(
      "<@U0ALICE> asked for a subtitled video (German): “a &lt;!channel&gt; lighthouse”",
    );
    const failed = videoToolFailedMessage("U0ALICE", { name: "sound" }, "no audio track");
    expect(failed.text).toBe("<@U0ALICE>, sound for a video could not be made.");
    expect(JSON.stringify(failed.blocks)).toContain("The original video is unchanged");
    expect(JSON.stringify(failed.blocks)).toContain("“no audio track”");
  });
});
