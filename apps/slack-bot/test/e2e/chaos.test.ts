// Issue 21's chaos test: 100 jobs through the whole bot against a sandbox that fails one request in ten, on every
// operation. Whatever fails, every job must end with one final message (its result, or what failed and that nothing
// more is spent), no generation the sandbox applied is sent again (its journal proves it), nothing is left
// unhandled, and no secret reaches a log line or Slack (the harness checks that at close).
// The faults are seeded: the n-th request a fault sees meets the same draw on every run, so about as many of each
// fire every time (the number of polls and retries varies a little with timing). Which job a fault lands on can
// differ, since 100 jobs run at once and their requests interleave by timing; the assertions hold for any landing.
import type { Fault, JournalEntry } from "@studio-kit/sandbox";
import type { SimMessage } from "@studio-kit/slack-sim";
import { afterEach, describe, expect, it } from "vitest";
import { createSlackPacer } from "../../src/services/slack-pacer.js";
import type { JobRecord } from "../../src/store/types.js";
import { type Bot, eventually, expectAllMessagesValid, headline, startBot } from "./harness.js";

const CHANNELS = Array.from({ length: 10 }, (_, i) => `C0CHAOS${i}`);
const USERS = Array.from({ length: 10 }, (_, i) => `U0CHAOS${i}`);
/**
 * The generation mutations the jobs send, with the seed of the faults they meet first. The seeds are picked so that
 * the run has enough of them: ten of the first 66 images, one or two of each other kind's five.
 */
const GENERATIONS: Record<string, number> = {
  GenerateImage: 120,
  GenerateVideo: 264,
  GenerateMusicTrack: 300,
  GenerateVoiceover: 452,
};
// A 1x1 PNG: the reference image a few jobs share, so that uploads meet faults too.
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

/** Seeded faults that together act on `total` of the requests they match, each on an equal share. */
function mix(total: number, faults: Fault[], seed: number): Fault[] {
  // The first fault that matches and wins its draw acts: each one draws against the share the earlier ones left.
  const share = total / faults.length;
  return faults.map((fault, k) => ({ ...fault, probability: share / (1 - k * share), seed: seed + k }));
}

/** Every GraphQL request, queries and mutations alike. */
const EVERY_REQUEST: Fault[] = [
  { id: "429", kind: "status", status: 429, retryAfter: 1 },
  { id: "500", kind: "status", status: 500 },
  { id: "502", kind: "status", status: 502 },
  { id: "503", kind: "status", status: 503 },
  { id: "502-applied", kind: "status", status: 502, afterApplying: true },
  { id: "503-applied", kind: "status", status: 503, afterApplying: true },
  { id: "disconnect", kind: "disconnect" },
  { id: "disconnect-applied", kind: "disconnect", afterApplying: true },
  { id: "error", kind: "graphql-error", code: "INTERNAL_SERVER_ERROR" },
  { id: "error-applied", kind: "graphql-error", code: "INTERNAL_SERVER_ERROR", afterApplying: true },
  { id: "rate-limited", kind: "graphql-error", code: "RATE_LIMITED" },
  // On the sandbox's clock, which follows real time here: a slow answer, well inside core's 30 s timeout.
  { id: "latency", kind: "latency", ms: 1500 },
];

/**
 * What tempts a client to send a generation again: applied, then answered with a failure. The generation mutations
 * meet these before the mix above (one in ten more). Never a 429: it says the request was refused, and core retries
 * it as such.
 */
const APPLIED_THEN_FAILED = (operation: string): Fault[] => [
  { id: `${operation}-disconnect-applied`, kind: "disconnect", afterApplying: true, operation },
  { id: `${operation}-500-applied`, kind: "status", status: 500, afterApplying: true, operation },
  { id: `${operation}-502-applied`, kind: "status", status: 502, afterApplying: true, operation },
  {
    id: `${operation}-error-applied`,
    kind: "graphql-error",
    code: "INTERNAL_SERVER_ERROR",
    afterApplying: true,
    operation,
  },
];

/** Each generated record. */
const RECORDS: Fault[] = [
  { id: "no-credits", kind: "no-credits" },
  { id: "generation-failed", kind: "generation-failed", errorMessage: "The model could not render this prompt." },
];

/** The upload endpoints: only the ten shared images go through them, so they fail three times as often. */
const UPLOADS: Fault[] = [
  { id: "upload-lost", kind: "upload-lost" },
  { id: "form-503", kind: "status", status: 503, upload: "form" },
  { id: "put-503", kind: "status", status: 503, upload: "put" },
  { id: "form-disconnect", kind: "disconnect", upload: "form" },
  { id: "put-disconnect", kind: "disconnect", upload: "put" },
];

const FAULTS: Fault[] = [
  ...Object.entries(GENERATIONS).flatMap(([operation, seed]) => mix(0.1, APPLIED_THEN_FAILED(operation), seed)),
  ...mix(0.1, EVERY_REQUEST, 200),
  // The draws are seeded, but which request meets which draw follows the order the 100 jobs' requests arrive in,
  // which the machine's load decides: a loaded run once drew no FAILED generation at all. The first record fails
  // for certain, so that every way of failing is met in every run.
  { id: "first-generation-failed", kind: "generation-failed", times: 1, errorMessage: "The model gave up." },
  ...mix(0.1, RECORDS, 500),
  ...mix(0.3, UPLOADS, 600),
];
const APPLIED_FAULT_IDS = new Set(
  FAULTS.filter((fault) => "afterApplying" in fault && fault.afterApplying).map((fault) => fault.id),
);

interface Asked {
  user: string;
  channel: string;
  prompt: string;
  text: string;
  /** A mention with an image shared (a reference, uploaded to the studio); its answers are in its thread. */
  shares: boolean;
  ts?: string;
}

/** The 100 jobs, one per (user, channel) pair: each asker's conversation holds that one job's messages. */
function jobs(): Asked[] {
  return Array.from({ length: 100 }, (_, i) => {
    const kind = i % 20 === 3 ? "video" : i % 20 === 8 ? "music" : i % 20 === 13 ? "voice" : "image";
    const prompt = `chaos ${i} a lighthouse at dusk`;
    const count = kind === "image" && i % 10 === 7 ? " --count 2" : "";
    return {
      user: USERS[Math.floor(i / 10)] as string,
      channel: CHANNELS[i % 10] as string,
      prompt,
      text: `${kind} ${prompt}${count}`,
      shares: kind === "image" && i % 10 === 1,
    };
  });
}

let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

const RESULT = /^(Image|\d images|Video|Music|Voiceover): chaos \d+ /;
const allText = (message: SimMessage) => `${message.text} ${JSON.stringify(message.blocks ?? [])}`;

describe("the bot against a sandbox that fails one request in ten", () => {
  it("ends every job with one final message, never re-sends an applied generation, and leaves nothing unhandled", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      bot = await startBot(
        {},
        {
          studioRetry: {}, // core's retries, as main.ts has them
          journalLimit: 100_000, // the whole run, for the re-sent check
          // Slack's own limits are delivery.test.ts's subject: here they would only stretch the run.
          pacer: createSlackPacer({
            limits: {
              "chat.postMessage": { perChannel: true, burst: 100, intervalMs: 10 },
              "chat.update": { limit: 10_000, windowMs: 61_000 },
              "chat.delete": { limit: 10_000, windowMs: 61_000 },
              "files.getUploadURLExternal": { limit: 10_000, windowMs: 61_000 },
              "files.completeUploadExternal": { limit: 10_000, windowMs: 61_000 },
            },
          }),
        },
      );
      const { sim, sandbox, app } = bot;
      for (const channel of CHANNELS) sim.setMember(channel, true);
      // Running out of credits is a fault of its own here (no-credits), not the seed data's balance.
      const credits = sandbox.sandbox.state.credits.get(sandbox.sandbox.workspaceId);
      if (credits) credits.balance = 1_000_000;
      for (const fault of FAULTS) sandbox.sandbox.faults.add(fault);

      const asked = jobs();
      const started = Date.now();
      const sent = asked.map(async (job, i) => {
        await new Promise((resolve) => setTimeout(resolve, 20 * i));
        const { user, channel, text } = job;
        const answer = job.shares
          ? await sim.mention({ user, channel, text, files: [{ name: `ref-${i}.png`, bytes: PNG }] })
          : await sim.command({ user, channel, text });
        job.ts = "ts" in answer ? answer.ts : undefined;
        return "status" in answer ? answer.status : "not delivered";
      });
      expect(await Promise.all(sent)).toEqual(asked.map(() => 200));

      // What the asker sees of their job: the bot's messages in the channel, or in the thread of their mention.
      const seen = (job: Asked) =>
        (job.shares
          ? sim.thread(job.channel, job.ts ?? "", { as: job.user }).slice(1)
          : sim.conversation(job.channel, { as: job.user })
        ).filter((m) => m.fromBot && (!m.ephemeral || m.visibleTo === job.user));
      const stored = async (job: Asked): Promise<JobRecord | undefined> =>
        (await app.store.jobs.recent(job.user, 10)).find((record) => record.channel === job.channel);
      // The job's final message: where its record says its message is once done, or the refusal before any job.
      const finals = async (job: Asked): Promise<SimMessage[]> => {
        const record = await stored(job);
        if (!record) return seen(job).filter((m) => m.ephemeral);
        if (record.state !== "done") return [];
        return seen(job).filter((m) => !m.ephemeral && m.ts === record.progress?.ts && !m.text.includes(" so far"));
      };
      await eventually(async () => {
        for (const job of asked) expect(await finals(job), job.text).toHaveLength(1);
      });
      const took = Date.now() - started;

      const outcomes: Record<string, number> = {};
      for (const job of asked) {
        const record = await stored(job);
        const [final] = await finals(job);
        const text = allText(final as SimMessage);
        const outcome = record?.outcome ?? "refused before a job";
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (outcome === "completed") {
          expect(headline(final), job.text).toMatch(RESULT);
          expect(headline(final)).toContain(job.prompt);
        } else {
          // What failed (which request, or the kind of thing asked for), and what it cost.
          expect(text, job.text).toMatch(/could not|may not have started|stopped following|failed|did not answer/);
          expect(text, job.text).toMatch(/no credits were spent|nothing more is spent|spend no credits/);
        }
        // Nothing else for the asker: no leftover progress, no second final, no note beside it.
        const others = seen(job).filter((m) => m.ts !== final?.ts && (job.shares || m.ephemeral));
        expect(others, job.text).toEqual([]);
      }
      // And in each channel, one message per job asked there by command, each at the place its record says. A result
      // posted anew has its progress message deleted after it, through the paced chat.delete queue (decision 0010),
      // so the channels are read until those deletes have landed.
      await eventually(async () => {
        for (const channel of CHANNELS) {
          const shown = sim.conversation(channel).filter((m) => m.fromBot && !m.ephemeral);
          const records = await Promise.all(asked.filter((j) => j.channel === channel && !j.shares).map(stored));
          const places = records.flatMap((record) => (record?.progress?.ts ? [record.progress.ts] : []));
          expect(shown.map((m) => m.ts).sort(), channel).toEqual(places.sort());
        }
      });
      // Results mostly, and every way of failing the faults cause.
      expect(outcomes.completed ?? 0).toBeGreaterThan(60);
      expect(outcomes.failed ?? 0).toBeGreaterThan(0);
      expect(outcomes.error ?? 0).toBeGreaterThan(0);
      // How long the 100 jobs took is printed, not asserted: every job ending is the claim, and the test's limit
      // below bounds it. Alone it is about 4 s; a bound tighter than the limit would measure the machine's load.
      console.log(`chaos: 100 jobs ended in ${took} ms; ${JSON.stringify(outcomes)}`);

      // The faults did fire: on about one request in ten, of every kind.
      const journal: JournalEntry[] = sandbox.sandbox.requests();
      const graphql = journal.filter((entry) => entry.operation !== null);
      const faulted = graphql.filter((entry) => entry.faults.length > 0);
      expect(faulted.length / graphql.length).toBeGreaterThan(0.08);
      const kinds = new Set(journal.flatMap((entry) => entry.faults.map((fault) => fault.kind)));
      for (const kind of ["status", "disconnect", "graphql-error", "latency", "no-credits", "generation-failed"]) {
        expect(kinds, kind).toContain(kind);
      }
      expect(journal.some((entry) => entry.path.startsWith("/__storage/") && entry.faults.length > 0)).toBe(true);

      // No generation applied and then failed was sent again: never the same mutation with the same variables.
      const generations = journal.filter((entry) => Object.hasOwn(GENERATIONS, entry.operation ?? ""));
      const same = (a: JournalEntry, b: JournalEntry) =>
        a.operation === b.operation && JSON.stringify(a.variables) === JSON.stringify(b.variables);
      const appliedThenFailed = generations.filter(
        (entry) => entry.applied && entry.faults.some((fault) => APPLIED_FAULT_IDS.has(fault.id)),
      );
      expect(appliedThenFailed.length).toBeGreaterThanOrEqual(8);
      for (const entry of appliedThenFailed) {
        const again = generations.filter((later) => later.seq > entry.seq && same(later, entry));
        expect(again, JSON.stringify(entry.variables)).toEqual([]);
      }
      // Nor any other generation: each job's was applied once at most.
      const applied = generations.filter((entry) => entry.applied);
      expect(applied.filter((entry, i) => applied.findIndex((other) => same(other, entry)) !== i)).toEqual([]);

      expect(bot.logs.filter((line) => /unhandled/i.test(line))).toEqual([]);
      expectAllMessagesValid(sim, CHANNELS);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
    expect(unhandled).toEqual([]);
    // Its own limit: 100 jobs at once, each meeting a fault in ten (1.5 s latencies, core's retry back-off, a poll
    // every 50 ms), over real HTTP. About 4 s alone on 2 cores and 7 s with both cores hogged; the limit leaves
    // room for a machine busier still, and every wait above runs up to it (eventually).
  }, 90_000);
});
