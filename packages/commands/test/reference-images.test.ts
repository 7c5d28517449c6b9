import { loadStudioData, type StudioData } from "@studio-kit/test-support";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Command,
  checkOptions,
  estimateCost,
  imageVariables,
  parseCommand,
  usage,
  videoVariables,
} from "../src/index.js";

// `--ref`, `--from`, `--end` and `--brand` (issue 20): read by the grammar, checked against the sandbox's catalog
// (maxReferenceImages), priced at the model the API will use, and sent as the API's input fields.

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
const check = (text: string) => checkOptions(parsed(text), studio.catalog, studio.presets, { invocation });
const image = (text: string) => {
  const command = parsed(text);
  if (command.kind !== "image") throw new Error("not an image");
  return command;
};
const video = (text: string) => {
  const command = parsed(text);
  if (command.kind !== "video") throw new Error("not a video");
  return command;
};

describe("reading --ref, --from, --end and --brand", () => {
  it("keeps every --ref in the order given, and --brand as a switch", () => {
    expect(parsed("a jacket on a hiker --ref img_1 --ref img_2 --brand")).toEqual({
      kind: "image",
      prompt: "a jacket on a hiker",
      presets: [],
      references: ["img_1", "img_2"],
      brand: true,
    });
  });

  it("reads a video's first frame, end image and references", () => {
    expect(parsed("video the fox runs off --from img_1 --end img_2 --ref img_3")).toEqual({
      kind: "video",
      prompt: "the fox runs off",
      audio: false,
      presets: [],
      firstFrame: "img_1",
      endImage: "img_2",
      references: ["img_3"],
    });
  });

  it("leaves the new fields out of a command that does not use them", () => {
    expect(parsed("video waves")).toEqual({ kind: "video", prompt: "waves", audio: false, presets: [] });
  });

  it("reads --from on an image as the image it is made from, sent as parentImageId (issue 39)", () => {
    const command = image("a fox, at night --from img_1");
    expect(command.parent).toBe("img_1");
    expect(imageVariables(command).parentImageId).toBe("img_1");
    expect(imageVariables({ kind: "image", prompt: "a fox", presets: [] })).not.toHaveProperty("parentImageId");
    expect(failure("a fox --from img_1 --from img_2").code).toBe("repeated_flag");
  });

  it("refuses --from given twice, and --ref with no id", () => {
    expect(failure("video a --from img_1 --from img_2").code).toBe("repeated_flag");
    expect(failure("a fox --ref").message).toBe("`--ref` needs a value: `--ref id`.");
  });

  it("lists the new flags in the usage of image and video", () => {
    expect(usage("image", invocation)).toContain("[--ref id]… [--from image-id] [--brand]");
    expect(usage("video", invocation)).toContain("[--from image-id] [--end image-id] [--ref id]… [--brand]");
  });
});

describe("checking references against the model's maxReferenceImages", () => {
  it("passes as many references as the model takes", () => {
    expect(check("a fox --ref a --ref b --ref c --ref d").ok).toBe(true); // img-aurora-2 takes 4
  });

  it("refuses more than the model takes, naming the limit and the models that take that many", () => {
    const result = check("a fox --model img-aurora-2-fast --ref a --ref b");
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          option: "--ref",
          message: "img-aurora-2-fast takes at most 1 reference image (got 2).",
          valid: ["img-aurora-2", "img-prism-xl", "img-lumen-photo"],
          validIntro: "Models that take 2:",
          help: "`studio models image` lists the image models and the values each takes.",
        },
      ],
    });
  });

  it("picks the reference-to-video default for a video with references, and checks its limit", () => {
    const ok = check("video the hiker walks --ref a --ref b --ref c --ref d");
    expect(ok).toMatchObject({ ok: true, model: { id: "r2v-tide-1-ref" } });
    const tooMany = check("video the hiker walks --ref a --ref b --ref c --ref d --ref e");
    expect(tooMany.ok ? [] : tooMany.problems.map((problem) => problem.message)).toEqual([
      "r2v-tide-1-ref takes at most 4 reference images (got 5).",
    ]);
  });

  it("accepts a reference-to-video model by name only when references are given", () => {
    expect(check("video walk --model r2v-mosaic-1 --ref a").ok).toBe(true);
    expect(check("video walk --model r2v-mosaic-1").ok).toBe(false);
  });

  it("keeps the plain video default for a first frame alone (a first frame is not a reference)", () => {
    expect(check("video waves --from img_1 --end img_2")).toMatchObject({ ok: true, model: { id: "vid-tide-1" } });
  });
});

describe("the cost and the variables of references", () => {
  it("prices a video with references at the reference-to-video model the API will use", () => {
    expect(estimateCost(parsed("video walk"), studio.catalog)).toBe(20);
    expect(estimateCost(parsed("video walk --ref a"), studio.catalog)).toBe(28);
    expect(estimateCost(parsed("video walk --ref a --model vid-orbit-2"), studio.catalog)).toBe(40);
  });

  it("sends references as referenceImages by id", () => {
    expect(imageVariables(image("a fox --ref img_1 --ref img_2"))).toMatchObject({
      referenceImages: [{ id: "img_1" }, { id: "img_2" }],
    });
  });

  it("sends a video's first frame and end image by id", () => {
    expect(videoVariables(video("video the fox runs off --from img_1 --end img_2 --ref img_3"))).toMatchObject({
      firstFrame: { id: "img_1" },
      endImage: { id: "img_2" },
      referenceImages: [{ id: "img_3" }],
    });
  });

  it("sends none of them when none is given, so the request is what it was before", () => {
    const variables = { ...imageVariables(image("a fox")), ...videoVariables(video("video waves")) };
    for (const field of ["referenceImages", "firstFrame", "endImage"]) expect(variables).not.toHaveProperty(field);
  });
});
