import { loadStudioData, type StudioData } from "@studio-kit/test-support";
import { beforeAll, describe, expect, it } from "vitest";
import { type Command, creditsDecision, estimateCost, parseCommand } from "../src/index.js";

let studio: StudioData;
beforeAll(async () => {
  studio = await loadStudioData();
});

const parsed = (text: string): Command => {
  const result = parseCommand(text, { invocation: "studio" });
  if (!result.ok) throw new Error(result.message);
  return result.command;
};

describe("estimateCost", () => {
  it("multiplies the model's estimatedCredits by the count", () => {
    expect(estimateCost(parsed("a fox --model img-prism-xl --count 3"), studio.catalog)).toBe(24);
  });

  it("uses the default model and a count of one", () => {
    expect(estimateCost(parsed("a fox"), studio.catalog)).toBe(4);
    expect(estimateCost(parsed("video waves"), studio.catalog)).toBe(20);
    expect(estimateCost(parsed("music folk"), studio.catalog)).toBe(6);
    expect(estimateCost(parsed("voice Hi --voice voice-clone-pro"), studio.catalog)).toBe(8);
  });

  it("has no cost for commands that generate nothing, or models without an estimate", () => {
    expect(estimateCost(parsed("credits"), studio.catalog)).toBeNull();
    const unpriced = {
      ...studio.catalog,
      imageModels: (studio.catalog.imageModels ?? []).map((model) => ({ ...model, estimatedCredits: null })),
    };
    expect(estimateCost(parsed("a fox"), unpriced)).toBeNull();
  });
});

describe("creditsDecision", () => {
  it("counts the daily free allowance, bonus and balance as available (sandbox: 20 + 50 + 400)", () => {
    expect(creditsDecision(8, studio.credits, 50)).toEqual({
      verdict: "ok",
      cost: 8,
      available: 470,
      refillAt: studio.credits.dailyFree?.resetsAt,
    });
  });

  it("asks for confirmation above the threshold, not at it", () => {
    expect(creditsDecision(51, studio.credits, 50).verdict).toBe("confirm");
    expect(creditsDecision(50, studio.credits, 50).verdict).toBe("ok");
    expect(creditsDecision(1, studio.credits, 0).verdict).toBe("confirm");
  });

  it("refuses a cost above what is available, with the sooner refill time", () => {
    const poor = { ...studio.credits, balance: 3, bonusBalance: 0, dailyFree: null };
    expect(creditsDecision(4, poor, 50)).toEqual({
      verdict: "insufficient",
      cost: 4,
      available: 3,
      refillAt: studio.credits.nextRefillAt,
    });
  });

  it("lets an unknown cost through for the API to judge", () => {
    expect(creditsDecision(null, studio.credits, 0).verdict).toBe("ok");
  });

  it("copes with a balance whose fields are all missing", () => {
    const blank = {
      balance: null,
      bonusBalance: null,
      monthlyBalance: null,
      monthlyAllocation: null,
      isPaidPlan: null,
      nextRefillAt: null,
      daysUntilRefill: null,
      dailyFree: null,
    };
    expect(creditsDecision(1, blank, 50)).toEqual({ verdict: "insufficient", cost: 1, available: 0, refillAt: null });
  });
});
