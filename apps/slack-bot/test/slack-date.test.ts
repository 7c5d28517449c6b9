// Dates and times in messages (issue 39): Slack's `<!date^…>` token, so that each person reads their own time zone
// and clock, written by one formatter (src/messages/slack-date.ts) wherever the bot prints a time.
import { readdir, readFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { creditsMessage } from "../src/messages/credits.js";
import { shownAgainLine } from "../src/messages/show.js";
import { slackDate } from "../src/messages/slack-date.js";
import { allText } from "./support/slack.js";

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

describe("slackDate", () => {
  it("writes Slack's token: seconds, the reader's day and time, and the time in UTC for a client that cannot show it", () => {
    // https://docs.slack.dev/messaging/formatting-message-text#date-formatting:
    // <!date^UNIX^{token_string}^optional_link|fallback text>
    expect(slackDate(Date.UTC(2026, 0, 2, 14, 30, 59, 900))).toBe(
      "<!date^1767364259^{date_short_pretty} at {time}|2026-01-02 14:30 UTC>",
    );
    expect(slackDate("2026-01-02T00:00:00Z")).toBe(
      "<!date^1767312000^{date_short_pretty} at {time}|2026-01-02 00:00 UTC>",
    );
  });

  it("writes the day alone when the time of day says nothing", () => {
    expect(slackDate(Date.UTC(2026, 2, 3, 23, 59), "date")).toBe(
      "<!date^1772582340^{date_short_pretty}|2026-03-03 UTC>",
    );
  });

  it("gives nothing for a missing or unreadable time, so the caller says it in words", () => {
    for (const when of [null, undefined, "", "next week", Number.NaN, Number.POSITIVE_INFINITY, 9e15]) {
      expect(slackDate(when)).toBeUndefined();
    }
  });
});

describe("dates in the bot's messages", () => {
  it("the result shown again says the day it was first made in the reader's time zone", () => {
    const line = shownAgainLine("U0BOB", Date.UTC(2026, 2, 3, 23, 30));
    expect(line).toBe(
      ":leftwards_arrow_with_hook: Brought back by <@U0BOB> with `/studio show`; first made <!date^1772580600^{date_short_pretty}|2026-03-03 UTC>.",
    );
  });

  it("the credits' next refill is a date token", () => {
    const text = allText(
      creditsMessage({
        balance: 10,
        bonusBalance: 0,
        dailyFree: { remaining: 0, limit: 20, resetsAt: "2026-01-02T00:00:00Z" },
        nextRefillAt: "2026-02-01T00:00:00Z",
      } as Parameters<typeof creditsMessage>[0]),
    );
    expect(text).toContain("*Next refill*\n<!date^1769904000^{date_short_pretty} at {time}|2026-02-01 00:00 UTC>");
  });

  it("are all written by slack-date.ts: no other message builder formats a date itself", async () => {
    // What formats a date for a reader: an ISO or UTC string, a locale's date, or a hand-written date token.
    const formatting = /\.toISOString\(|\.toUTCString\(|\.toLocale(Date|Time)String\(|Intl\.DateTimeFormat|<!date\^/;
    const offenders: string[] = [];
    for (const dir of ["messages", "flows", "listeners", "jobs"]) {
      for (const file of await sourceFiles(join(SRC, dir))) {
        if (file.endsWith("slack-date.ts")) continue;
        const lines = (await readFile(file, "utf8")).split("\n");
        lines.forEach((line, index) => {
          if (formatting.test(line)) offenders.push(`${relative(SRC, file)}:${index + 1}: ${line.trim()}`);
        });
      }
    }
    expect(offenders).toEqual([]);
  });
});

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return Promise.resolve(entry.name.endsWith(".ts") ? [path] : []);
    }),
  );
  return nested.flat();
}
