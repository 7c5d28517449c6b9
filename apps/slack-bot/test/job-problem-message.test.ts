import { describe, expect, it } from "vitest";
import { jobProblemMessage } from "../src/messages/jobs.js";
import { problemMessage } from "../src/messages/problems.js";
import type { JobRecord } from "../src/store/types.js";
import { allText, expectValidMessage } from "./support/slack.js";

const job = (prompt: string): Pick<JobRecord, "request" | "user"> => ({
  user: "U0ALICE",
  request: {
    kind: "image",
    command: { kind: "image", prompt, presets: [] },
    pushTo: null,
    defaultBoard: null,
  },
});
const REASON = "The studio API did not answer properly. Try again in a moment.";

describe("the final message of a job the API failed", () => {
  it("says what was asked and, refused before it ran, that nothing was spent", () => {
    const message = jobProblemMessage(job("a red fox"), "not-sent", REASON);
    expectValidMessage(message);
    expect(message.text).toBe(`<@U0ALICE>, an image (“a red fox”) could not be started. ${REASON}`);
    expect(allText(message.blocks)).toContain("Nothing was generated and no credits were spent.");
  });

  it("says a generation that may have run was not sent again, and where it would be", () => {
    const message = jobProblemMessage(job("a red fox"), "maybe-sent", REASON);
    expectValidMessage(message);
    expect(message.text).toContain("an image (“a red fox”) may not have started");
    // The reason's "try again" is left out: the first one may have been made, and charged.
    expect(allText(message.blocks)).not.toContain("Try again");
    expect(allText(message.blocks)).toContain("It was not sent again, so nothing more is spent");
    expect(allText(message.blocks)).toContain("/studio assets");
  });

  it("says a generation it stopped following was sent once and is not sent again", () => {
    const message = jobProblemMessage(job("a red fox"), "sent", "The generation is taking much longer than usual.");
    expectValidMessage(message);
    expect(message.text).toBe(
      "<@U0ALICE>, I stopped following an image (“a red fox”). The generation is taking much longer than usual.",
    );
    expect(allText(message.blocks)).toContain("It was sent once and is not sent again, so nothing more is spent.");
  });

  it("quotes the prompt escaped and cut short, so it cannot break the message", () => {
    const message = jobProblemMessage(job(`<!channel> ${"waves ".repeat(100)}`), "not-sent", REASON);
    expectValidMessage(message);
    expect(message.text).toContain("&lt;!channel&gt;");
    expect(message.text.length).toBeLessThan(400);
  });
});

describe("the reply when a generation failed before it was sent", () => {
  it("says nothing was generated or spent, where other failures do not claim it", () => {
    const error = new Error("boom");
    expect(allText(problemMessage(error, { nothingSpent: true }).blocks)).toContain(
      "Nothing was generated and no credits were spent.",
    );
    expect(allText(problemMessage(error).blocks)).not.toContain("no credits");
  });
});
