// Issue 42, point 2: the words for a refusal about one record (the e2e path is test/e2e/refusal-reasons.test.ts).
import { StudioNotFoundError, StudioPermissionError } from "@studio-kit/core";
import { describe, expect, it } from "vitest";
import { explainProblem } from "../src/messages/problems.js";

const notFound = (id: string | undefined, field: string | undefined) =>
  new StudioNotFoundError("NOT_FOUND", "@studio-kit/core: not found.", {
    graphqlCode: "NOT_FOUND",
    record: { id, field },
  });

describe("a refusal about one record, in the problem message", () => {
  it("names the kind of record from the field its id was sent in", () => {
    expect(explainProblem(notFound("img_1", "parentImageId"))).toMatch(/^The studio API has no image `img_1` in /);
    expect(explainProblem(notFound("conv_1", "conversationId"))).toContain("use a board that is in the workspace");
    expect(explainProblem(notFound(undefined, undefined))).toBe(
      "The studio API has no record this needed in this workspace: it was deleted, or the id is wrong. " +
        "Trying again will not help; use a record that is in the workspace.",
    );
  });

  it("never shows an id that would need escaping: a forged click's markup stays out of the words", () => {
    const text = explainProblem(notFound("<!channel> `x`", "assetId"));
    expect(text).not.toMatch(/channel|`/);
    expect(text).toContain("has no asset this needed");
  });

  it("blames the key only when the refusal is about the key, not one record", () => {
    const key = new StudioPermissionError("FORBIDDEN", "@studio-kit/core: not allowed.", { graphqlCode: "FORBIDDEN" });
    expect(explainProblem(key)).toContain("refused the bot's key");
    const record = new StudioPermissionError("FORBIDDEN", "@studio-kit/core: not allowed.", {
      graphqlCode: "FORBIDDEN",
      record: { id: "img_other", field: "id" },
    });
    expect(explainProblem(record)).toBe(
      "The studio API would not let the bot reach the record `img_other`: it belongs to another workspace, and the " +
        "bot's key reaches only its own (the key itself is fine). Use a record from this workspace.",
    );
  });
});
