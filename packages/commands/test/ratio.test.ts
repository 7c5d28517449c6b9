import { createSandbox } from "@studio-kit/sandbox";
import { afterAll, describe, expect, it } from "vitest";
import { checkRatio, RATIO_BOUNDS, ratioRuleText, SUGGESTED_RATIOS } from "../src/index.js";

describe("the ratio rule", () => {
  it.each([
    ...SUGGESTED_RATIOS.map((ratio) => ratio.value),
    "3:2",
    "5:7",
    "32:9",
    "9:32",
    "4:1",
    "1:4",
    "32:32",
    " 16:9 ",
  ])("takes %s", (text) => {
    expect(checkRatio(text)).toEqual({ ok: true, ratio: text.trim() });
  });

  it.each([
    ["7:1", "is too wide: the long side can be at most 4 times the short one"],
    ["1:5", "is too tall"],
    ["33:32", "each side is a whole number from 1 to 32"],
    ["64:36", "Write `16:9`"],
    ["0:1", "not width:height"],
    ["16:0", "not width:height"],
    ["16x9", "not width:height"],
    ["16:9:1", "not width:height"],
    ["-1:2", "not width:height"],
    ["1.5:1", "not width:height"],
    ["016:9", "not width:height"],
    ["", "not width:height"],
  ])("refuses %j, saying why", (text, why) => {
    const checked = checkRatio(text);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(why);
  });

  it("does not suggest a reduced form that breaks the rule too", () => {
    const checked = checkRatio("80:10");
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).not.toContain("Write");
  });

  it("suggests only ratios it takes", () => {
    for (const { value } of SUGGESTED_RATIOS) expect(checkRatio(value).ok).toBe(true);
  });

  it("states the rule for help with the suggested ratios, in their order, and the bounds", () => {
    const values = SUGGESTED_RATIOS.map((ratio) => ratio.value).join(", ");
    expect(ratioRuleText()).toBe(
      `\`--ratio\` takes width:height, e.g. ${values} (whole numbers up to 32, the long side at most 4 times the short).`,
    );
  });
});

describe("the ratio rule against the sandbox", () => {
  const sandbox = createSandbox();
  afterAll(() => sandbox.close());

  // The apps must never send what the API refuses: every ratio on the rule's edges goes to generateImage as is.
  async function sandboxTakes(ratio: string): Promise<boolean> {
    const response = await sandbox.handle(
      new Request("http://sandbox.test/graphql", {
        method: "POST",
        headers: { authorization: `Bearer ${sandbox.keys.readWrite}`, "content-type": "application/json" },
        body: JSON.stringify({
          query: `mutation ($w: ID!, $r: String!) {
            generateImage(workspaceId: $w, input: { prompt: "a fox", aspectRatio: $r }) { success }
          }`,
          variables: { w: sandbox.workspaceId, r: ratio },
        }),
      }),
    );
    const body = (await response.json()) as { data?: { generateImage?: { success?: boolean } }; errors?: unknown[] };
    return body.data?.generateImage?.success === true && !body.errors;
  }

  const { maxSide, maxElongation } = RATIO_BOUNDS;
  const edges: string[] = [];
  for (let short = 1; short <= maxSide; short++) {
    for (const long of [Math.min(maxSide, short * maxElongation), maxSide]) {
      if (long >= short && long <= short * maxElongation) edges.push(`${long}:${short}`, `${short}:${long}`);
    }
  }

  it("takes every ratio on the edges of the rule", async () => {
    const taken = edges.filter((ratio) => checkRatio(ratio).ok);
    expect(taken.length).toBeGreaterThan(40);
    const refused: string[] = [];
    for (const ratio of taken) if (!(await sandboxTakes(ratio))) refused.push(ratio);
    expect(refused).toEqual([]);
  });

  it("refuses a ratio beyond its own bound, so the probe above can fail", async () => {
    expect(await sandboxTakes("9:1")).toBe(false);
  });
});
