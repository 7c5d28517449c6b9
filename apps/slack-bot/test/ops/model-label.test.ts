// The `model` label of /metrics' credits and ratings: read from a job's request through store/ratings.ts, so the
// App Home and /metrics name a job's model alike.
import { describe, expect, it } from "vitest";
import { modelOf } from "../../src/ops/metrics.js";
import type { JobRequest } from "../../src/store/types.js";

const request = (value: unknown) => value as JobRequest;

describe("the model label of a job", () => {
  it("is the model an image or a video asked for, and 'default' when it asked for none", () => {
    expect(modelOf(request({ kind: "image", command: { model: "flux-pro" } }))).toBe("flux-pro");
    expect(modelOf(request({ kind: "video", command: { model: "veo-3" } }))).toBe("veo-3");
    expect(modelOf(request({ kind: "image", command: {} }))).toBe("default");
    expect(modelOf(request({ kind: "image-edit" }))).toBe("default");
  });

  it("is a voiceover's voice, music's provider, and 'none' for a tool that picks no model", () => {
    expect(modelOf(request({ kind: "audio", command: { kind: "voice", voice: "aria" } }))).toBe("aria");
    expect(modelOf(request({ kind: "audio", command: { kind: "music" }, provider: "suno" }))).toBe("suno");
    expect(modelOf(request({ kind: "video-tool" }))).toBe("none");
  });

  it("keeps an odd stored model out of the label set", () => {
    expect(modelOf(request({ kind: "image", command: { model: "a model with spaces {}" } }))).not.toContain(" ");
  });
});
