import type { Board, CreditsBalance } from "@studio-kit/core";
import { validateView } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { HOME_BOARDS, homeView } from "../src/messages/home.js";

const board = (index: number, title: string | null): Board => ({
  id: `b${index}`,
  workspaceId: "w",
  conversationId: `c${index}`,
  title,
  coverUrl: null,
  assetCount: index,
  visibility: null,
  viewerLevel: null,
  starred: null,
  createdAt: null,
  updatedAt: null,
});

const credits = (balance: number): CreditsBalance =>
  ({
    balance,
    bonusBalance: 20,
    dailyFree: { remaining: 50, limit: 50, resetsAt: "2026-01-02T00:00:00Z" },
    nextRefillAt: "2026-02-01T00:00:00Z",
  }) as unknown as CreditsBalance;

describe("homeView", () => {
  it("shows the credits, the 5 most recent boards and the commands", () => {
    const view = homeView({
      credits: credits(400),
      boards: Array.from({ length: 8 }, (_, i) => board(i, `Board ${i}`)),
    });
    const all = JSON.stringify(view.blocks);
    expect(all).toContain("470 credits");
    for (let i = 0; i < HOME_BOARDS; i++) expect(all).toContain(`Board ${i}*`);
    expect(all).not.toContain("Board 5*");
    expect(all).toContain("/studio image");
    expect(all).toContain("/studio credits");
    expect(validateView(view)).toEqual({ ok: true });
  });

  it.each([
    ["nothing could be read", { credits: null, boards: null }],
    ["no boards", { credits: credits(0), boards: [] }],
    [
      "10,000 boards with huge, hostile titles and huge numbers",
      {
        credits: credits(Number.MAX_SAFE_INTEGER),
        boards: Array.from({ length: 10_000 }, (_, i) =>
          board(i, i % 3 === 0 ? null : `<!channel> ${"😀".repeat(5000)} & ${"x".repeat(20_000)}`),
        ),
      },
    ],
    ["untitled and blank boards", { credits: credits(-5), boards: [board(1, ""), board(2, "   "), board(3, null)] }],
  ])("stays within Slack's limits: %s", (_name, input) => {
    const view = homeView(input);
    expect(validateView(view), JSON.stringify(validateView(view))).toEqual({ ok: true });
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(view.blocks)).not.toContain("<!channel>");
  });

  it("says which part could not be read", () => {
    const all = JSON.stringify(homeView({ credits: null, boards: null }).blocks);
    expect(all).toContain("credits could not be read");
    expect(all).toContain("boards could not be read");
  });
});
