import { loadStudioData, type StudioData } from "@studio-kit/test-support";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Catalog,
  type Command,
  checkOptions,
  type OptionProblem,
  type Preset,
  parseCommand,
  SUGGESTED_RATIOS,
} from "../src/index.js";

const invocation = "studio";
const check = (command: Command, catalog: Catalog, presets: Preset[]) =>
  checkOptions(command, catalog, presets, { invocation });

let studio: StudioData;
beforeAll(async () => {
  studio = await loadStudioData();
});

const parsed = (text: string): Command => {
  const result = parseCommand(text, { invocation });
  if (!result.ok) throw new Error(result.message);
  return result.command;
};
const problems = (text: string): OptionProblem[] => {
  const result = check(parsed(text), studio.catalog, studio.presets);
  if (result.ok) throw new Error(`expected problems for ${text}`);
  return result.problems;
};

describe("checkOptions against the sandbox catalog", () => {
  it("passes values the chosen model supports, and reports the model it will use", () => {
    const result = check(
      parsed(
        "image a fox --model img-prism-xl --quality ultra --resolution 4K --count 4 --ratio 16:9 --preset golden-hour",
      ),
      studio.catalog,
      studio.presets,
    );
    expect(result).toMatchObject({ ok: true, model: { id: "img-prism-xl" } });
  });

  it("uses the role's default model when none is given", () => {
    expect(check(parsed("a fox"), studio.catalog, studio.presets)).toMatchObject({
      ok: true,
      model: { id: studio.catalog.defaultImageModelId },
    });
  });

  it.each(["16x9", "16:0", "0:9", "a:b", "1.5:1", "7:1", "1:5", "40:9"])(
    "refuses the ratio %s for images and videos, with the suggested ratios as examples and no other help",
    (ratio) => {
      for (const kind of ["image", "video"]) {
        expect(problems(`${kind} a fox --ratio ${ratio}`)).toEqual([
          {
            option: "--ratio",
            message: expect.stringContaining(`\`--ratio ${ratio}\``),
            valid: SUGGESTED_RATIOS.map((suggested) => suggested.value),
            validIntro: "`--ratio` takes width:height, e.g.",
          },
        ]);
      }
    },
  );

  it.each(["3:2", "21:9", "4:5", "1:4"])("takes the ratio %s for images and videos", (ratio) => {
    for (const kind of ["image", "video"]) {
      expect(check(parsed(`${kind} a fox --ratio ${ratio}`), studio.catalog, studio.presets).ok).toBe(true);
    }
  });

  it.each([0, 5, 99])("refuses --count %i, giving the range and no help to look up", (count) => {
    expect(problems(`image a fox --count ${count}`)).toEqual([
      { option: "--count", message: expect.stringContaining("1 to 4"), valid: ["1", "2", "3", "4"] },
    ]);
  });

  it("points model values to `models` for the kind, presets to `presets`, named as the app is invoked", () => {
    expect(problems("image a fox --model dall-e")[0]?.help).toBe(
      "`studio models image` lists the image models and the values each takes.",
    );
    expect(problems("image a fox --model img-aurora-2-fast --quality high")[0]?.help).toContain(
      "`studio models image`",
    );
    expect(problems("video waves --duration 7")[0]?.help).toContain("`studio models video`");
    expect(problems("voice Hello --voice robot")[0]?.help).toBe("`studio models voice` lists the voices.");
    expect(problems("music folk --min-duration 61 --max-duration 100")[0]?.help).toContain("`studio models music`");
    expect(problems("image a fox --preset no-such-thing")[0]?.help).toBe("`studio presets` lists the presets.");
    expect(problems("music folk --max-duration 601")[0]?.help).toBeUndefined();
  });

  it("names the command to type as each app is invoked: `studio` in a terminal, `/studio` in Slack", () => {
    const command = parsed("image a fox --model dall-e");
    const helpFor = (name: string) => {
      const result = checkOptions(command, studio.catalog, studio.presets, { invocation: name });
      return result.ok ? undefined : result.problems[0]?.help;
    };
    expect(helpFor("studio")).toBe("`studio models image` lists the image models and the values each takes.");
    expect(helpFor("/studio")).toBe("`/studio models image` lists the image models and the values each takes.");
  });

  it("refuses an unknown model, listing the role's models", () => {
    const [problem] = problems("image a fox --model dall-e");
    expect(problem?.valid).toEqual((studio.catalog.imageModels ?? []).map((model) => model.id));
  });

  it("refuses a quality or resolution the model lacks, listing the model's values", () => {
    expect(problems("image a fox --model img-aurora-2-fast --quality high --resolution 4K")).toEqual([
      expect.objectContaining({ option: "--quality", valid: ["draft", "standard"] }),
      expect.objectContaining({ option: "--resolution", valid: ["1K"] }),
    ]);
  });

  it("checks video durations and resolutions per model", () => {
    expect(problems("video waves --model vid-tide-1-turbo --duration 10 --resolution 1080p")).toEqual([
      expect.objectContaining({ option: "--duration", valid: ["5"] }),
      expect.objectContaining({ option: "--resolution", valid: ["720p"] }),
    ]);
    expect(check(parsed("video waves --duration 12 --model vid-orbit-2"), studio.catalog, studio.presets).ok).toBe(
      true,
    );
  });

  it("refuses unknown presets, presets for the other output, and a non-stackable preset with others", () => {
    expect(problems("image a fox --preset no-such-thing")[0]?.message).toContain("no preset");
    expect(problems("image a fox --preset drone-orbit")[0]?.message).toContain("not for image");
    const stacked = problems("image a fox --preset flat-illustration --preset golden-hour");
    expect(stacked[0]?.message).toContain("on its own");
    expect(stacked[0]?.valid).not.toContain("flat-illustration");
  });

  it("checks music bounds against the default model's lengths", () => {
    expect(check(parsed("music folk --min-duration 20 --max-duration 40"), studio.catalog, []).ok).toBe(true);
    expect(problems("music folk --min-duration 40 --max-duration 20")[0]?.message).toContain("more than");
    expect(problems("music folk --min-duration 61 --max-duration 100")[0]?.valid).toEqual(["15", "30", "60"]);
    expect(problems("music folk --max-duration 601")[0]?.option).toBe("--max-duration");
    expect(problems('music folk --instrumental --lyrics "la"')[0]?.option).toBe("--lyrics");
  });

  it("checks the voice against the voice models", () => {
    expect(check(parsed("voice Hello --voice voice-clone-pro"), studio.catalog, []).ok).toBe(true);
    expect(problems("voice Hello --voice robot")[0]).toMatchObject({
      option: "--voice",
      valid: (studio.catalog.voiceModels ?? []).map((model) => model.id),
    });
  });

  it("passes commands that generate nothing", () => {
    expect(check(parsed("credits"), studio.catalog, []).ok).toBe(true);
  });

  it("says when a role has no models at all", () => {
    const empty = { ...studio.catalog, imageModels: [], defaultImageModelId: null };
    expect(check(parsed("a fox"), empty, [])).toEqual({
      ok: false,
      problems: [expect.objectContaining({ message: expect.stringContaining("No image models") })],
    });
  });
});
