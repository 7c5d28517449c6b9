import { createStudioClient, listBoards } from "@studio-kit/core";
import { createPoller } from "@studio-kit/poller";
import { createSandbox, type Sandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { validateMessage } from "@studio-kit/slack-sim";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../src/config.js";
import type { Posted, Surface } from "../src/delivery/surface.js";
import type { BotDeps, BotLogger } from "../src/deps.js";
import { dispatchText } from "../src/flows/dispatch.js";
import { parseCommand, parseMention, readText, type SlackMessage } from "../src/index.js";
import { createAccessPolicy } from "../src/services/access.js";
import { createJobLeases } from "../src/services/job-leases.js";
import { createKeyMode } from "../src/services/key-mode.js";
import { createSlackPacer } from "../src/services/slack-pacer.js";
import { createStudioDataCache } from "../src/services/studio-data.js";
import { createThrottle } from "../src/services/throttle.js";
import { openSqliteStore } from "../src/store/sqlite/open.js";
import { prng } from "./support/prng.js";

// The done-when, through the bot's real handling: 10,000 random texts go dispatchText (the intent rule,
// then parseCommand / parseMention -> dispatch) with the deps built as createBotApp builds them (studio client, poller,
// studio-data cache, throttle, update budget) against an in-process sandbox through msw. Every text must get at
// least one message (reply, ephemeral, post or update) with text, and every message must pass Slack's limits.
// fuzz.test.ts covers the parser and reply builder alone; this one covers the flows behind them.
//
// Time is virtual so generations finish without waiting: the poller's, the throttle's and the update budget's
// clocks are the sandbox's clock, and their sleeps advance it. Credits stay as seeded: the first generations
// run to completion, then the not-enough-credits reply takes over. Result files are not uploaded (the surface
// has no `files` client, as when the bot answers through response_url).

const BASE_URL = "https://api.studio-kit.test";
const SEED = 20260107;
const TEXTS = 10_000;

const COMMANDS = [
  "image",
  "video",
  "music",
  "voice",
  "credits",
  "boards",
  "board new",
  "board use",
  "board",
  "assets",
  "models",
  "presets",
  "help",
  "IMAGE",
  "Video",
  "help video",
  "models video",
];
const WORDS = ["a", "lighthouse", "fox", "at dusk", "don't", "it's", "16:9", "2", "-1", "0", "new", "use", "image"];
// Bare texts the intent rule asks about (or not): typos, starts of commands, greetings, questions.
const INTENT = ["imgae", "cred", "credit", "Credits!", "mod", "hi", "thanks", "what can you do?", "how", "can you"];
const QUOTES = ['"', "'", "“", "”", "‘", "’", "„", "«", "»"];
const UNICODE = ["🦊", "👩‍👩‍👧", "\u0301", "שלום", "日本語", "\u200b", "\ud83d", "\udca9", "\u0000", "\t", "\n", "🏳️‍🌈"];
const SLACK = ["<@U123>", "<@U0SIMBOT1>", "<!channel>", "<!here>", "&amp;", "&lt;", "&gt;", "<https://x.test|x>"];
const ODD_FLAGS = ["--", "---", "--x", "—ratio", "–count", "--count=", "--board=", "--audio=1", "-", "="];

/** Values each flag gets: valid ones (from the sandbox's catalog, presets and boards, filled in beforeAll) and not. */
const FLAG_VALUES: Record<string, string[]> = {
  "--ratio": ["1:1", "16:9", "9:16", "4:3", "0:0", "16x9", "-1:2", "99999:1", "abc", ""],
  "--count": ["1", "2", "4", "0", "-3", "1e9", "NaN", "two", "1.5"],
  "--model": ["nope", "", "gpt-image", "🦊"],
  "--quality": ["high", "low", "standard", "ultra", ""],
  "--resolution": ["1K", "2K", "4K", "720p", "1080p", "8K"],
  "--preset": ["none", "cinematic", ""],
  "--board": ['"Launch"', '"no such board"', "“Smart quoted”", "x"],
  "--duration": ["5", "10", "0", "-1", "3600", "abc", "6.5"],
  "--audio": ["", "true", "no"],
  "--instrumental": [""],
  "--lyrics": ['"la la la"', "“la”", ""],
  "--min-duration": ["10", "0", "-5", "x"],
  "--max-duration": ["30", "5", "99999"],
  "--voice": ["alloy", "nope", ""],
  "--language": ["en", "fr", "xx", ""],
};
const FLAGS = Object.keys(FLAG_VALUES);

function randomText(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const roll = random();
  if (roll < 0.02) return "";
  if (roll < 0.03) return " \t\n ";
  const head = random() < 0.85 ? pick(COMMANDS) : pick([...WORDS, ...UNICODE, ...SLACK, ...INTENT]);
  // Now and then a very long text: a pasted brief, or one enormous word.
  if (roll < 0.05)
    return `${head} ${pick([...WORDS, ...UNICODE, ...SLACK, ...QUOTES]).repeat(1 + Math.floor(random() * 3000))}`;
  if (roll < 0.07)
    return `${head} ${Array.from({ length: 400 }, () => pick([...WORDS, ...FLAGS, ...UNICODE])).join(" ")}`;
  const parts = [head];
  const count = Math.floor(random() * 10);
  for (let i = 0; i < count; i++) {
    const kind = random();
    if (kind < 0.35) parts.push(pick(WORDS));
    else if (kind < 0.65) {
      const flag = pick(FLAGS);
      parts.push(flag);
      if (random() < 0.9) parts.push(pick(FLAG_VALUES[flag] ?? [""]));
    } else if (kind < 0.72) parts.push(pick(QUOTES) + pick(WORDS) + (random() < 0.6 ? pick(QUOTES) : ""));
    else if (kind < 0.8) parts.push(pick(UNICODE));
    else if (kind < 0.88) parts.push(pick(SLACK));
    else if (kind < 0.93) parts.push(pick(ODD_FLAGS));
    else parts.push(String.fromCharCode(Math.floor(random() * 0xffff)));
  }
  return parts.join(random() < 0.1 ? "" : " ");
}

type Kind = "reply" | "ephemeral" | "post" | "update";
interface Recorded {
  kind: Kind;
  message: SlackMessage;
}

/** A Surface that records every message instead of sending it; `live` decides whether progress is shown. */
function recordingSurface(sent: Recorded[], options: { live: boolean; threadTs?: string }): Surface {
  let posts = 0;
  return {
    user: "U0ALICE",
    channel: "C0FUZZ",
    ...(options.threadTs ? { threadTs: options.threadTs } : {}),
    async reply(message) {
      sent.push({ kind: "reply", message });
    },
    async ephemeral(message) {
      sent.push({ kind: "ephemeral", message });
    },
    async post(message): Promise<Posted> {
      sent.push({ kind: "post", message });
      const key = `C0FUZZ:${++posts}`;
      return {
        live: options.live,
        key,
        where: options.live ? { ts: String(posts) } : { responseUrl: "https://hooks.slack.test/fuzz" },
        async update(next) {
          sent.push({ kind: "update", message: next });
        },
      };
    },
  };
}

let sandbox: Sandbox;
/** Every generation mutation the sandbox received so far. */
const generations = () =>
  Object.entries(sandbox.stats().operations)
    .filter(([name]) => name.startsWith("Generate"))
    .reduce((sum, [, count]) => sum + (count ?? 0), 0);
let deps: BotDeps;
const server = setupServer();
const errorLogs: string[] = [];

beforeAll(async () => {
  sandbox = createSandbox({ jobMs: 1000 });
  server.use(...sandboxHandlers(sandbox, BASE_URL));
  server.listen({ onUnhandledRequest: "error" });
  const studio = createStudioClient({ apiKey: sandbox.keys.readWrite, baseUrl: BASE_URL, retry: false });
  const now = () => sandbox.clock.now();
  // Sleeping moves the virtual clock instead of waiting; the macrotask turn lets other work (msw) run.
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    sandbox.advance(ms);
    await new Promise((resolve) => setImmediate(resolve));
  };
  const noop = () => {};
  const logger: BotLogger = {
    debug: noop,
    info: noop,
    warn: noop,
    error: (_fields, message) => {
      errorLogs.push(message);
    },
  };
  const store = openSqliteStore({ path: ":memory:" });
  deps = {
    config: readConfig({ SLACK_BOT_TOKEN: "xoxb-fuzz-token", SLACK_SIGNING_SECRET: "fuzz-signing-secret" }),
    studio,
    poller: createPoller(studio, { schedule: [1000], windowMs: 0, clock: { now, sleep } }),
    logger,
    studioData: createStudioDataCache(studio),
    throttle: createThrottle({ now }),
    pacer: createSlackPacer({ now, sleep }),
    sleep,
    store,
    now,
    access: createAccessPolicy({ users: [], groups: [], channels: [] }, { usergroupMembers: async () => [] }),
    keyMode: createKeyMode(),
    leases: createJobLeases({ jobs: store.jobs, logger, now }),
  };
  // Real values for the flags, so a share of the texts passes the checks and reaches the API.
  const { catalog, presets } = await deps.studioData.get();
  const models = Object.values(catalog).flatMap((list) =>
    Array.isArray(list) ? list.map((model: { id?: unknown }) => String(model.id ?? "")) : [],
  );
  FLAG_VALUES["--model"]?.push(...models.filter(Boolean));
  FLAG_VALUES["--preset"]?.push(...presets.map((preset) => preset.slug).filter((slug): slug is string => !!slug));
  const boards = await listBoards(studio);
  FLAG_VALUES["--board"]?.push(...boards.map((board) => `"${board.title ?? ""}"`));
  WORDS.push(...boards.slice(0, 3).map((board) => `“${board.title ?? ""}”`));
});

afterAll(async () => {
  server.close();
  await sandbox?.close();
});

describe(`fuzz through dispatch: ${TEXTS.toLocaleString("en")} random command texts (seed ${SEED})`, () => {
  // Its own limit: every text goes through the real dispatch and its Slack calls (msw, virtual time), all CPU: 7.5 s
  // alone on 2 cores and 12 s with both cores hogged, over the bot's 20 s default with a busier machine.
  it("never throw, answer every text, and every message fits Slack's limits", { timeout: 120_000 }, async () => {
    const random = prng(SEED);
    const counts: Record<Kind, number> = { reply: 0, ephemeral: 0, post: 0, update: 0 };
    const commands: Record<string, number> = {};
    for (let i = 0; i < TEXTS; i++) {
      const text = randomText(random);
      const context = `text #${i}: ${JSON.stringify(text.slice(0, 200))}`;
      const mention = i % 2 === 0;
      const typed = mention ? `<@U0SIMBOT1> ${text}` : text;
      const reading = readText(typed, mention ? "mention" : "command");
      const result = mention ? parseMention(typed) : parseCommand(typed);
      const kind = reading.kind === "ask" ? "ask" : result.ok ? result.command.kind : "parse-error";
      commands[kind] = (commands[kind] ?? 0) + 1;
      const generatedBefore = generations();
      const sent: Recorded[] = [];
      const surface = recordingSurface(sent, {
        live: random() < 0.5,
        ...(mention ? { threadTs: "1767603600.000100" } : {}),
      });
      // dispatchText (what the listeners call) must not throw; an escaping exception fails the test with the text.
      await expect(
        dispatchText(deps, surface, typed, mention ? "mention" : "command"),
        context,
      ).resolves.toBeUndefined();
      if (reading.kind === "ask") {
        // A text the intent rule asks about generates nothing: one reply with buttons, no progress, no mutation.
        expect(
          sent.map((entry) => entry.kind),
          context,
        ).toEqual(["reply"]);
        expect(generations(), context).toBe(generatedBefore);
      }
      expect(sent.length, context).toBeGreaterThan(0);
      expect(
        sent.some((entry) => entry.kind !== "post" && entry.message.text.trim().length > 0),
        context,
      ).toBe(true);
      for (const entry of sent) {
        counts[entry.kind]++;
        const validation = validateMessage(
          entry.message.blocks as Parameters<typeof validateMessage>[0],
          entry.message.text,
        );
        expect(validation, `${context} (${entry.kind}) ${JSON.stringify(validation)}`).toEqual({ ok: true });
        expect(entry.message.text.trim().length, `${context} (${entry.kind})`).toBeGreaterThan(0);
      }
    }
    console.info("fuzz-dispatch messages by kind", counts);
    console.info("fuzz-dispatch texts by command", commands);
    console.info("fuzz-dispatch error logs", errorLogs.length, [...new Set(errorLogs)]);
    // Both the parse errors and the flows behind the commands were exercised.
    expect(commands["parse-error"] ?? 0).toBeGreaterThan(500);
    expect(Object.keys(commands).length).toBeGreaterThan(10);
    expect(counts.reply).toBeGreaterThan(500);
    expect(commands.ask ?? 0).toBeGreaterThan(100);
  });
});
