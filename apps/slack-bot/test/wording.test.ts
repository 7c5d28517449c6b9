import { describe, expect, it } from "vitest";
import { whatTheJobAsked } from "../src/messages/jobs.js";
import { presetsMessage } from "../src/messages/lists.js";
import type { JobRecord } from "../src/store/types.js";

// Issue 27, point 16: words a person reads in history, Home and fallback texts.

const edit = (kind: "variations" | "upscale" | "removeBackground") =>
  ({
    request: {
      kind: "image-edit",
      edit: kind,
      source: { id: "img_1", prompt: "a cat", ratio: "1:1" },
      defaultBoard: null,
    },
  }) as unknown as Pick<JobRecord, "request">;

describe("what a job asked for, in history and Home", () => {
  it("names each image edit apart: a variation, an upscaled image, an image without its background", () => {
    expect([edit("variations"), edit("upscale"), edit("removeBackground")].map(whatTheJobAsked)).toEqual([
      "a variation of an image",
      "an upscaled image",
      "an image without its background",
    ]);
  });
});

describe("the presets list's fallback text", () => {
  it("counts in the singular for one preset and the plural for more", () => {
    const preset = { slug: "golden-hour", title: "Golden hour", outputFormat: "IMAGE" } as never;
    expect(presetsMessage([preset]).text).toBe("1 preset");
    expect(presetsMessage([preset, preset]).text).toBe("2 presets");
  });
});

describe("a refusal's words in the problem message", () => {
  it("ends with one full stop after the quote, not the API's and the sentence's both", async () => {
    const { StudioBadInputError } = await import("@studio-kit/core");
    const { explainProblem } = await import("../src/messages/problems.js");
    const error = new StudioBadInputError("BAD_USER_INPUT", "@studio-kit/core: the ratio is not allowed.", {});
    expect(explainProblem(error)).toBe("The studio API refused the request: “the ratio is not allowed”.");
  });
});
