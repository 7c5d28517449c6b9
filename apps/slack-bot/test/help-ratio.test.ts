import { SUGGESTED_RATIOS } from "@studio-kit/commands";
import { describe, expect, it } from "vitest";
import { helpMessage } from "../src/messages/help.js";

describe("help and the ratio rule", () => {
  it("shows the rule and the suggested list in the help for image and video", () => {
    const values = SUGGESTED_RATIOS.map((ratio) => ratio.value).join(", ");
    for (const topic of [undefined, "image", "video"] as const) {
      expect(JSON.stringify(helpMessage(topic).blocks)).toContain(`takes width:height, e.g. ${values}`);
    }
    expect(JSON.stringify(helpMessage("music").blocks)).not.toContain("--ratio");
  });

  it("lists each command with its `/studio` usage and says any text is an image prompt", () => {
    const help = JSON.stringify(helpMessage().blocks);
    expect(help).toContain("Generate images (the default: `/studio a lighthouse at dusk` works too)");
    expect(help).toContain('/studio board new \\"title\\"  ·  /studio board use \\"title\\"');
  });
});
