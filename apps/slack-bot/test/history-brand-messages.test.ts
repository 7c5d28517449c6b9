import { MAX_HISTORY, readBrand } from "@studio-kit/commands";
import { validateMessage } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { brandMessage } from "../src/messages/brand.js";
import { colourWords } from "../src/messages/brand-colours.js";
import { historyMessage } from "../src/messages/history.js";
import { ACTIONS } from "../src/messages/ids.js";
import type { ListedJob } from "../src/messages/job-line.js";

// The builders of `/studio history` and `/studio brand` stay within Slack's limits whatever is stored or typed.

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const hostile = `<!channel> <@U0BOB> *bold* ${"a very long prompt ".repeat(300)}`;

const job = (index: number): ListedJob => ({
  id: `job_${index}_${"x".repeat(36)}`,
  request: {
    kind: "image",
    command: { kind: "image", prompt: `${index} ${hostile}`, presets: [], count: 4 },
    pushTo: null,
    defaultBoard: null,
  },
  state: "done",
  outcome: "completed",
  channel: "C0GENERAL",
  threadTs: "1700000000.000100",
  progress: { ts: "1700000000.000200" },
  createdAt: NOW - index * 60_000,
});

const valid = (message: { text: string; blocks: unknown[] }) =>
  validateMessage(message.blocks as Parameters<typeof validateMessage>[0], message.text);

describe("historyMessage", () => {
  it("fits 25 jobs with long, hostile prompts and long links into one message, one line each", () => {
    const jobs = Array.from({ length: MAX_HISTORY }, (_, index) => job(index));
    const links = new Map(
      jobs.map((each) => [
        each.id ?? "",
        `https://studio.slack.com/archives/C0GENERAL/p1700000000000200?thread_ts=1700000000.000100&cid=C0GENERAL`,
      ]),
    );
    const built = historyMessage(jobs, links, MAX_HISTORY);
    expect(valid(built)).toEqual({ ok: true });
    const lines = built.blocks.filter((block) => "accessory" in block);
    expect(lines).toHaveLength(MAX_HISTORY);
    // Every job keeps its line; the prompts are cut shorter to fit.
    lines.forEach((line, index) => {
      expect(JSON.stringify(line)).toContain(`“${index} &lt;!channel&gt;`);
    });
    const all = JSON.stringify(built.blocks);
    expect(all).not.toContain("<!channel>");
    expect(all).not.toContain("<@U0BOB>");
    expect(all).not.toContain("lists more");
    for (const line of lines) {
      expect(line).toMatchObject({ accessory: { action_id: ACTIONS.historyRunAgain } });
      expect(JSON.stringify(line)).toContain("|Open the result>");
    }
  });

  it("offers no Run again for a job without an id, and no link for one without a permalink", () => {
    const { id: _id, ...stored } = job(1);
    const built = historyMessage([stored], new Map(), 10);
    expect(built.blocks[1]).not.toHaveProperty("accessory");
    expect(JSON.stringify(built.blocks)).not.toContain("Open the");
  });
});

describe("brandMessage", () => {
  it("fits a brand with dozens of long colours and tone words, every value escaped", () => {
    const reading = readBrand(
      {
        name: `<!here> ${"Acme ".repeat(40)}`,
        tagline: hostile,
        isConfigured: true,
        toneOfVoiceSections: [
          { title: "Voice", kind: "VOICE", description: null, values: Array.from({ length: 40 }, () => hostile) },
        ],
      },
      Array.from({ length: 40 }, (_, index) => ({
        name: `<@U0BOB> colour ${index} ${hostile}`,
        hex: `#${String(index).padStart(6, "0")}`,
        role: "PRIMARY",
        usage: hostile,
      })),
    );
    const built = brandMessage(reading);
    expect(valid(built)).toEqual({ ok: true });
    const all = JSON.stringify(built.blocks);
    expect(all).not.toContain("<!here>");
    expect(all).not.toContain("<@U0BOB>");
    expect(all).toContain("…and 28 more");
  });
});

describe("colourWords", () => {
  it.each([
    ["#2F5D3A", "dark green", ":large_green_square:"],
    ["#C8643B", "orange", ":large_orange_square:"],
    ["#D9D4CC", "light grey", ":white_large_square:"],
    ["#1B1F24", "near-black", ":black_large_square:"],
    ["#fff", "near-white", ":white_large_square:"],
    ["#1E4FD8", "blue", ":large_blue_square:"],
    ["#6B3A1E", "brown", ":large_brown_square:"],
    ["#F2B33D", "yellow", ":large_yellow_square:"],
  ])("says %s as %s", (hex, words, emoji) => {
    expect(colourWords(hex)).toEqual({ words, emoji });
  });

  it("says nothing for what is not a hex colour", () => {
    expect(colourWords("forest")).toBeUndefined();
  });
});
