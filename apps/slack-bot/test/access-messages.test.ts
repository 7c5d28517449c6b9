import { validateMessage } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import type { AccessConfig } from "../src/config.js";
import {
  accessDeniedMessage,
  accessUnknownMessage,
  dailyBudgetMessage,
  hourlyLimitMessage,
  limitReachedMessage,
  nextUtcMidnight,
  readOnlyKeyMessage,
} from "../src/messages/access.js";
import type { SlackMessage } from "../src/messages/blocks.js";
import { allText } from "./support/slack.js";

/** Slack would accept it: validated by slack-sim, as chat.postEphemeral and response_url would. */
function expectValid(message: SlackMessage): void {
  const result = validateMessage(message.blocks as Parameters<typeof validateMessage>[0], message.text);
  expect(result, JSON.stringify(result)).toEqual({ ok: true });
  expect(message.text.length).toBeGreaterThan(0);
}

const READ_COMMANDS = ["credits", "boards", "assets", "models", "presets", "help"];
const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}0ID${i}`);
const access = (partial: Partial<AccessConfig>): AccessConfig => ({ users: [], groups: [], channels: [], ...partial });

// 2026-03-10 14:30:00 UTC.
const NOW = Date.UTC(2026, 2, 10, 14, 30);

describe("accessDeniedMessage", () => {
  it("names short lists of people, groups and channels with Slack mentions", () => {
    const message = accessDeniedMessage(
      access({ users: ["U0ALICE", "U0BOB"], groups: ["S0DESIGN"], channels: ["C0STUDIO"] }),
    );
    expectValid(message);
    const text = allText(message.blocks);
    expect(text).toContain("listed people, groups or channels");
    expect(text).toContain("<@U0ALICE> or <@U0BOB>");
    expect(text).toContain("members of <!subteam^S0DESIGN>");
    expect(text).toContain("anyone in <#C0STUDIO>");
  });

  it("sums up a long list instead of naming everyone", () => {
    const users = ids("U", 40);
    const message = accessDeniedMessage(access({ users, channels: ids("C", 6), groups: ["S0DESIGN"] }));
    expectValid(message);
    const text = allText(message.blocks);
    expect(text).toContain("40 listed people");
    expect(text).toContain("anyone in 6 listed channels");
    expect(text).toContain("<!subteam^S0DESIGN>");
    for (const user of users) expect(text).not.toContain(user);
  });

  it("says what still works and that an admin grants access", () => {
    const text = allText(accessDeniedMessage(access({ channels: ["C0STUDIO"] })).blocks);
    for (const command of READ_COMMANDS) expect(text).toContain(`/studio ${command}`);
    expect(text).toMatch(/ask an admin/i);
    expect(text).toContain("no credits were spent");
  });

  it("stays valid with thousands of ids in every list", () => {
    expectValid(
      accessDeniedMessage(access({ users: ids("U", 5000), groups: ids("S", 500), channels: ids("C", 5000) })),
    );
  });

  it("escapes an id that is not one, so it pings nobody", () => {
    const text = allText(accessDeniedMessage(access({ users: ["U1><!channel"] })).blocks);
    expect(text).not.toContain("<!channel>");
  });
});

describe("accessUnknownMessage", () => {
  it("says the membership could not be checked and to try again", () => {
    const message = accessUnknownMessage();
    expectValid(message);
    expect(allText(message)).toMatch(/could not check/i);
    expect(allText(message)).toMatch(/try again/i);
  });
});

describe("hourlyLimitMessage", () => {
  it("gives the limit and when the earliest request stops counting, in Slack's date format", () => {
    const freesAt = NOW + 20 * 60_000;
    const message = hourlyLimitMessage({ limit: 10, used: 10, requested: 2, freesAt });
    expectValid(message);
    const text = allText(message.blocks);
    expect(message.text).toContain("10 outputs an hour");
    expect(text).toContain("*10* outputs in the last hour");
    expect(text).toContain(`<!date^${Math.floor(freesAt / 1000)}^`);
    expect(text).toContain("no credits were spent");
  });

  it("says how many are left when the request asks for more than that", () => {
    const text = allText(hourlyLimitMessage({ limit: 10, used: 8, requested: 4, freesAt: NOW }).blocks);
    expect(text).toContain("*4* outputs");
    expect(text).toContain("*2* left");
    expect(text).toContain("`--count`");
  });

  it("asks for fewer, without a time, when one request is over the limit by itself", () => {
    const text = allText(hourlyLimitMessage({ limit: 3, used: 0, requested: 4, freesAt: null }).blocks);
    expect(text).toContain("Ask for fewer");
    expect(text).not.toContain("<!date^");
  });

  it("speaks of one output in the singular", () => {
    const text = allText(hourlyLimitMessage({ limit: 1, used: 1, requested: 1, freesAt: NOW }));
    expect(text).toContain("*1* output in the last hour");
    expect(text).toContain("1 output an hour");
  });
});

describe("dailyBudgetMessage", () => {
  it("gives the budget, what was spent and the reset at 00:00 UTC in Slack's date format", () => {
    const message = dailyBudgetMessage({ budget: 500, used: 480, cost: 40, now: NOW });
    expectValid(message);
    const text = allText(message.blocks);
    expect(message.text).toBe("Daily credit budget reached: 480 of 500 credits spent today");
    expect(text).toContain("*500 credits*");
    expect(text).toContain("*480* spent so far today");
    expect(text).toContain("cost *40*");
    expect(text).toContain("00:00 UTC");
    expect(text).toContain(`<!date^${Date.UTC(2026, 2, 11) / 1000}^`);
  });

  it("does not suggest a cheaper request when nothing is left", () => {
    const text = allText(dailyBudgetMessage({ budget: 500, used: 510, cost: 4, now: NOW }).blocks);
    expect(text).toContain("*510* spent so far today");
    expect(text).not.toContain("cheaper");
  });

  it("says generating is paused when the budget is 0", () => {
    const message = dailyBudgetMessage({ budget: 0, used: 0, cost: 4, now: NOW });
    expectValid(message);
    expect(message.text).toContain("paused");
    expect(allText(message.blocks)).not.toContain("00:00 UTC");
  });

  it("resets at the next 00:00 UTC, also exactly at midnight and at the end of a month", () => {
    expect(nextUtcMidnight(NOW)).toBe(Date.UTC(2026, 2, 11));
    expect(nextUtcMidnight(Date.UTC(2026, 2, 11))).toBe(Date.UTC(2026, 2, 12));
    expect(nextUtcMidnight(Date.UTC(2026, 1, 28, 23, 59, 59, 999))).toBe(Date.UTC(2026, 2, 1));
    expect(nextUtcMidnight(Date.UTC(2026, 11, 31, 12))).toBe(Date.UTC(2027, 0, 1));
  });
});

describe("limitReachedMessage", () => {
  const usage = { userOutputsLastHour: 10, userWindowFreesAt: NOW + 60_000, creditsToday: 490 };

  it("answers the store's hourly refusal with the hourly message", () => {
    const message = limitReachedMessage(
      { ok: false, limit: "user-hourly", usage, max: 10 },
      { outputs: 2, credits: 8 },
      NOW,
    );
    expectValid(message);
    expect(message.text).toContain("Hourly limit reached");
  });

  it("answers the store's daily refusal with the budget message", () => {
    const message = limitReachedMessage(
      { ok: false, limit: "daily-credits", usage, max: 500 },
      { outputs: 2, credits: 16 },
      NOW,
    );
    expectValid(message);
    expect(message.text).toBe("Daily credit budget reached: 490 of 500 credits spent today");
    expect(allText(message.blocks)).toContain("cost *16*");
  });
});

describe("readOnlyKeyMessage", () => {
  it("says what is off, that reading works, and how an admin fixes it", () => {
    const message = readOnlyKeyMessage();
    expectValid(message);
    const text = allText(message.blocks);
    expect(text).toContain("read-only");
    expect(text).toMatch(/generating, uploads and board changes are off/);
    for (const command of READ_COMMANDS) expect(text).toContain(`/studio ${command}`);
    expect(text).toContain("STUDIO_API_KEY");
    expect(text).toContain("Read & write");
  });
});
