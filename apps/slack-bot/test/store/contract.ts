// The behaviour every BotStore implementation must have, as one suite: each implementation's test file calls
// `storeContract` with a way to open a fresh store: SQLite (sqlite.test.ts) and PostgreSQL (postgres.test.ts).

import type { ImageCommand, VideoCommand } from "@studio-kit/commands";
import { afterEach, describe, expect, it } from "vitest";
import { PENDING_TTL_MS } from "../../src/store/pending-requests.js";
import {
  type BotStore,
  type JobPatch,
  JobStoppedError,
  LeaseLostError,
  type NewJob,
  REPEATED_STOP_MS,
} from "../../src/store/types.js";

/** Opens a fresh, empty store whose pending requests read `now`. */
export type OpenStore = (options: { now: () => number }) => Promise<BotStore> | BotStore;

const command = { kind: "image", prompt: "a lighthouse", presets: [] } as unknown as ImageCommand;
const HOUR = 60 * 60 * 1000;
const DAY0 = Date.UTC(2026, 10, 21); // 00:00 UTC
/** The replica the tests work as, and a lease that lasts past every test's clock. */
export const OWNER = "replica-a";
export const LEASE = { owner: OWNER, until: DAY0 + 48 * HOUR };

export function newJob(overrides: Partial<NewJob> = {}): NewJob {
  return {
    user: "U1",
    channel: "C1",
    request: { kind: "image", command, pushTo: null, defaultBoard: null },
    outputs: 1,
    credits: 10,
    createdAt: DAY0 + 12 * HOUR,
    ...overrides,
  };
}

export function storeContract(name: string, open: OpenStore): void {
  describe(`${name}: the bot's store contract`, () => {
    let now = DAY0 + 12 * HOUR;
    const opened: BotStore[] = [];
    const fresh = async () => {
      const store = await open({ now: () => now });
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      now = DAY0 + 12 * HOUR;
      for (const store of opened.splice(0)) await store.close();
    });

    describe("jobs", () => {
      it("stores a job as new, moves it forward and gives it back as stored", async () => {
        const store = await fresh();
        const created = await store.jobs.create(newJob({ threadTs: "1.2", origin: "click:k" }), {}, LEASE);
        if (!created.ok) throw new Error("refused");
        const { job } = created;
        expect(job).toMatchObject({
          state: "new",
          resultIds: [],
          uploadedFiles: [],
          threadTs: "1.2",
          origin: "click:k",
          lease: LEASE,
        });
        await store.jobs.update(job.id, { progress: { ts: "9.9" } }, OWNER);
        await store.jobs.update(job.id, { state: "sending" }, OWNER);
        const running = await store.jobs.update(job.id, { state: "running", resultIds: ["img_1", "img_2"] }, OWNER);
        expect(running).toMatchObject({ state: "running", resultIds: ["img_1", "img_2"], progress: { ts: "9.9" } });
        expect(await store.jobs.get(job.id)).toEqual(running);
        expect(running.request).toEqual(newJob().request);
      });

      it("keeps the traceparent a job started in, and leaves it out of a job stored without one", async () => {
        const store = await fresh();
        const trace = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        const traced = await store.jobs.create(newJob({ trace }), {}, LEASE);
        const plain = await store.jobs.create(newJob(), {}, LEASE);
        if (!traced.ok || !plain.ok) throw new Error("refused");
        expect(traced.job.trace).toBe(trace);
        // Kept through the job's moves, and as claimed by the replica that resumes it.
        await store.jobs.update(traced.job.id, { state: "sending" }, OWNER);
        expect((await store.jobs.get(traced.job.id))?.trace).toBe(trace);
        await store.jobs.release(OWNER);
        const claimed = await store.jobs.claim({ owner: "replica-b", until: LEASE.until }, now, 10);
        expect(claimed.find((job) => job.id === traced.job.id)?.trace).toBe(trace);
        expect(plain.job).not.toHaveProperty("trace");
      });

      it("lists unfinished jobs oldest first, and forgets them once done", async () => {
        const store = await fresh();
        const ids: string[] = [];
        for (const at of [3, 1, 2]) {
          const created = await store.jobs.create(newJob({ createdAt: DAY0 + at * HOUR }), {}, LEASE);
          if (created.ok) ids.push(created.job.id);
        }
        expect((await store.jobs.unfinished()).map((job) => job.createdAt)).toEqual(
          [1, 2, 3].map((h) => DAY0 + h * HOUR),
        );
        await store.jobs.update(ids[1] ?? "", { state: "done", outcome: "completed" }, OWNER);
        expect(await store.jobs.unfinished()).toHaveLength(2);
      });

      it("refuses to update a job it does not know", async () => {
        const store = await fresh();
        await expect(store.jobs.update("job_missing", { state: "done" }, OWNER)).rejects.toThrow(/job_missing/);
      });

      it("gives a user's recent jobs newest first, only theirs", async () => {
        const store = await fresh();
        for (const [user, at] of [
          ["U1", 1],
          ["U2", 2],
          ["U1", 3],
        ] as const) {
          await store.jobs.create(newJob({ user, createdAt: DAY0 + at * HOUR }), {}, LEASE);
        }
        const recent = await store.jobs.recent("U1", 10);
        expect(recent.map((job) => [job.user, job.createdAt])).toEqual([
          ["U1", DAY0 + 3 * HOUR],
          ["U1", DAY0 + 1 * HOUR],
        ]);
        expect(await store.jobs.recent("U1", 1)).toHaveLength(1);
      });

      it("finds the newest job that made an asset, and none for an asset no job made", async () => {
        const store = await fresh();
        const made = async (createdAt: number, ids: string[]) => {
          const created = await store.jobs.create(newJob({ createdAt }), {}, LEASE);
          if (!created.ok) throw new Error("not created");
          return store.jobs.update(created.job.id, { state: "running", resultIds: ids }, OWNER);
        };
        const older = await made(DAY0 + 1, ["img_a", "img_b"]);
        const newer = await made(DAY0 + 2, ["img_b"]);
        expect((await store.jobs.byResult("img_a"))?.id).toBe(older.id);
        expect((await store.jobs.byResult("img_b"))?.id).toBe(newer.id);
        expect(await store.jobs.byResult("img_")).toBeUndefined();
        expect(await store.jobs.byResult('img_a"]')).toBeUndefined();
      });

      it("finds a thread's newest finished result, asked in the thread or posted as its parent, and no other", async () => {
        const store = await fresh();
        const job = async (createdAt: number, where: { channel?: string; threadTs?: string }, patch: JobPatch) => {
          const created = await store.jobs.create(newJob({ createdAt, ...where }), {}, LEASE);
          if (!created.ok) throw new Error("not created");
          return store.jobs.update(created.job.id, patch, OWNER);
        };
        const done = (ts: string): JobPatch => ({ state: "done", outcome: "completed", progress: { ts } });
        // A mention's job, asked in thread 100.1 (its streamed result is a reply there), then a newer one there.
        await job(DAY0 + 1, { channel: "C1", threadTs: "100.1" }, done("100.2"));
        const newer = await job(DAY0 + 2, { channel: "C1", threadTs: "100.1" }, done("100.3"));
        // A command's job at the top of the channel: its result message 200.1 is the parent of its thread.
        const command = await job(DAY0 + 3, { channel: "C1" }, done("200.1"));
        // Not results: a failed job, one still running, and one in another channel with the same ts.
        await job(DAY0 + 4, { channel: "C1", threadTs: "100.1" }, { state: "done", outcome: "failed" });
        await job(DAY0 + 5, { channel: "C1", threadTs: "100.1" }, { state: "running" });
        await job(DAY0 + 6, { channel: "C2" }, done("300.1"));
        expect((await store.jobs.resultInThread("C1", "100.1"))?.id).toBe(newer.id);
        expect((await store.jobs.resultInThread("C1", "200.1"))?.id).toBe(command.id);
        expect(await store.jobs.resultInThread("C1", "300.1")).toBeUndefined();
        expect(await store.jobs.resultInThread("C1", "999.9")).toBeUndefined();
      });

      it("gives `/studio history` a person's last n of many jobs, the later of two in one millisecond first", async () => {
        const store = await fresh();
        const ids: string[] = [];
        // 30 of U1's jobs, two per millisecond, between U2's: history lists at most 25.
        for (let index = 0; index < 30; index++) {
          const createdAt = DAY0 + Math.floor(index / 2);
          const created = await store.jobs.create(newJob({ createdAt }), {}, LEASE);
          if (created.ok) ids.push(created.job.id);
          await store.jobs.create(newJob({ user: "U2", createdAt }), {}, LEASE);
        }
        const listed = await store.jobs.recent("U1", 25);
        expect(listed.map((job) => job.id)).toEqual([...ids].reverse().slice(0, 25));
        expect(listed.every((job) => job.user === "U1")).toBe(true);
        expect(await store.jobs.recent("U3", 25)).toEqual([]);
      });

      it("refuses a job over the user's hourly outputs, counting only the last hour", async () => {
        const store = await fresh();
        const limits = { userOutputsPerHour: 5 };
        const at = DAY0 + 12 * HOUR;
        expect((await store.jobs.create(newJob({ outputs: 4, createdAt: at - HOUR + 1 }), limits, LEASE)).ok).toBe(
          true,
        );
        const refused = await store.jobs.create(newJob({ outputs: 2, createdAt: at }), limits, LEASE);
        expect(refused).toMatchObject({ ok: false, limit: "user-hourly", max: 5 });
        expect(refused.ok ? null : refused.usage).toMatchObject({ userOutputsLastHour: 4, userWindowFreesAt: at + 1 });
        // Another user has their own hour; the same user fits again once the first job left the window.
        expect((await store.jobs.create(newJob({ user: "U2", outputs: 5, createdAt: at }), limits, LEASE)).ok).toBe(
          true,
        );
        expect((await store.jobs.create(newJob({ outputs: 2, createdAt: at + 1 }), limits, LEASE)).ok).toBe(true);
      });

      it("refuses a job over the workspace's daily credits, the day starting at 00:00 UTC", async () => {
        const store = await fresh();
        const limits = { dailyCredits: 100 };
        expect((await store.jobs.create(newJob({ credits: 60, createdAt: DAY0 - 1 }), limits, LEASE)).ok).toBe(true);
        expect((await store.jobs.create(newJob({ user: "U2", credits: 70, createdAt: DAY0 }), limits, LEASE)).ok).toBe(
          true,
        );
        const refused = await store.jobs.create(
          newJob({ user: "U3", credits: 31, createdAt: DAY0 + HOUR }),
          limits,
          LEASE,
        );
        expect(refused).toMatchObject({ ok: false, limit: "daily-credits", max: 100, usage: { creditsToday: 70 } });
        expect(
          (await store.jobs.create(newJob({ user: "U3", credits: 30, createdAt: DAY0 + HOUR }), limits, LEASE)).ok,
        ).toBe(true);
        expect((await store.jobs.usage("U1", DAY0 + HOUR)).creditsToday).toBe(100);
      });

      it("does not count jobs that were never sent against a quota", async () => {
        const store = await fresh();
        const limits = { userOutputsPerHour: 1, dailyCredits: 10 };
        const first = await store.jobs.create(newJob(), limits, LEASE);
        if (!first.ok) throw new Error("refused");
        expect((await store.jobs.create(newJob(), limits, LEASE)).ok).toBe(false);
        await store.jobs.update(first.job.id, { state: "done", outcome: "not-sent" }, OWNER);
        expect((await store.jobs.create(newJob(), limits, LEASE)).ok).toBe(true);
      });

      it("does not count a job its asker stopped before it was sent, and counts one stopped after (decision 0028)", async () => {
        const store = await fresh();
        const limits = { userOutputsPerHour: 1 };
        const first = await store.jobs.create(newJob(), limits, LEASE);
        if (!first.ok) throw new Error("refused");
        await store.jobs.update(first.job.id, { state: "done", outcome: "stopped-not-sent" }, OWNER);
        const second = await store.jobs.create(newJob(), limits, LEASE);
        if (!second.ok) throw new Error("refused");
        await store.jobs.update(second.job.id, { state: "done", outcome: "stopped" }, OWNER);
        expect((await store.jobs.create(newJob(), limits, LEASE)).ok).toBe(false);
      });

      it("lets exactly the allowed number of concurrent creations through", async () => {
        const store = await fresh();
        const results = await Promise.all(
          Array.from({ length: 20 }, () => store.jobs.create(newJob(), { userOutputsPerHour: 7 }, LEASE)),
        );
        expect(results.filter((result) => result.ok)).toHaveLength(7);
      });
    });

    describe("job leases (several replicas)", () => {
      const other = (until = now + 15_000) => ({ owner: "replica-b", until });
      const createHeld = async (store: BotStore, lease: { owner: string; until: number }, at = now) => {
        const created = await store.jobs.create(newJob({ createdAt: at }), {}, lease);
        if (!created.ok) throw new Error("refused");
        return created.job;
      };

      it("lets only the lease holder change a job, and names the job when another replica holds it", async () => {
        const store = await fresh();
        const job = await createHeld(store, { owner: OWNER, until: now + 15_000 });
        const lost = store.jobs.update(job.id, { state: "sending" }, "replica-b");
        await expect(lost).rejects.toBeInstanceOf(LeaseLostError);
        await expect(lost).rejects.toThrow(job.id);
        expect((await store.jobs.get(job.id))?.state).toBe("new");
        expect((await store.jobs.update(job.id, { state: "sending" }, OWNER)).state).toBe("sending");
      });

      it("claims only jobs whose lease ran out, oldest first, and fences the replica that held them", async () => {
        const store = await fresh();
        const held = await createHeld(store, { owner: OWNER, until: now + 15_000 }, now - 3);
        const expired = await createHeld(store, { owner: OWNER, until: now - 1 }, now - 2);
        const older = await createHeld(store, { owner: OWNER, until: now - 1 }, now - 5);
        const finished = await createHeld(store, { owner: OWNER, until: now - 1 }, now - 4);
        await store.jobs.update(finished.id, { state: "done", outcome: "completed" }, OWNER);

        const claimed = await store.jobs.claim(other(), now, 10);
        expect(claimed.map((job) => job.id)).toEqual([older.id, expired.id]);
        expect(claimed[0]?.lease).toEqual(other());
        expect(await store.jobs.claim(other(), now, 10)).toEqual([]); // held now, by replica-b
        // The replica that lost them can no longer write; the new holder can.
        await expect(store.jobs.update(expired.id, { state: "sending" }, OWNER)).rejects.toBeInstanceOf(LeaseLostError);
        expect((await store.jobs.update(expired.id, { state: "sending" }, "replica-b")).state).toBe("sending");
        expect((await store.jobs.get(held.id))?.lease?.owner).toBe(OWNER);
      });

      it("claims at most `max` jobs, and replicas claiming at once get different jobs", async () => {
        const store = await fresh();
        for (let index = 0; index < 12; index++) await createHeld(store, { owner: "gone", until: now - 1 });
        expect(await store.jobs.claim(other(), now, 0)).toEqual([]);
        const claims = await Promise.all(
          ["r1", "r2", "r3", "r4"].map((owner) => store.jobs.claim({ owner, until: now + 15_000 }, now, 5)),
        );
        const ids = claims.flat().map((job) => job.id);
        expect(ids).toHaveLength(12);
        expect(new Set(ids).size).toBe(12);
        for (const claim of claims) expect(claim.length).toBeLessThanOrEqual(5);
      });

      it("renews only the leases the replica still holds", async () => {
        const store = await fresh();
        const mine = await createHeld(store, { owner: OWNER, until: now + 1000 });
        const taken = await createHeld(store, { owner: OWNER, until: now - 1 });
        await store.jobs.claim(other(), now, 10); // takes `taken`
        const renewed = await store.jobs.renew({ owner: OWNER, until: now + 20_000 }, [mine.id, taken.id, "job_x"]);
        expect(renewed).toEqual([mine.id]);
        expect((await store.jobs.get(mine.id))?.lease).toEqual({ owner: OWNER, until: now + 20_000 });
        expect((await store.jobs.get(taken.id))?.lease?.owner).toBe("replica-b");
        expect(await store.jobs.renew({ owner: OWNER, until: now + 20_000 }, [])).toEqual([]);
      });

      it("releases a stopping replica's unfinished jobs for the others to claim at once", async () => {
        const store = await fresh();
        const open = await createHeld(store, { owner: OWNER, until: now + 15_000 });
        const done = await createHeld(store, { owner: OWNER, until: now + 15_000 });
        await store.jobs.update(done.id, { state: "done", outcome: "completed" }, OWNER);
        const others = await createHeld(store, other());
        await store.jobs.release(OWNER);
        expect((await store.jobs.claim({ owner: "replica-c", until: now + 15_000 }, now, 10)).map((j) => j.id)).toEqual(
          [open.id],
        );
        expect((await store.jobs.get(others.id))?.lease?.owner).toBe("replica-b");
        // The stopped replica's late writes fail rather than race the new holder.
        await expect(store.jobs.update(open.id, { state: "sending" }, OWNER)).rejects.toBeInstanceOf(LeaseLostError);
      });

      it("moves a job to sending only from new, so two workers of one replica cannot both send it", async () => {
        const store = await fresh();
        const job = await createHeld(store, { owner: OWNER, until: now + 15_000 });
        const both = await Promise.allSettled([
          store.jobs.update(job.id, { state: "sending" }, OWNER),
          store.jobs.update(job.id, { state: "sending" }, OWNER),
        ]);
        expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
        const refused = both.find((result) => result.status === "rejected");
        expect(refused?.status === "rejected" ? refused.reason : null).toBeInstanceOf(LeaseLostError);
      });

      it("moves a job of steps to its next step once, keeping what the finished step made, and sends each step once", async () => {
        const store = await fresh();
        const job = await createHeld(store, { owner: OWNER, until: now + 15_000 });
        expect(job.step).toBeUndefined(); // a new job is at its first step, and reads as a one-step job
        expect(job.stepResults).toBeUndefined();
        await store.jobs.update(job.id, { state: "sending" }, OWNER);
        await store.jobs.update(job.id, { state: "running", resultIds: ["aud_1"] }, OWNER);
        const next: JobPatch = {
          step: 1,
          state: "new",
          resultIds: [],
          stepResults: { audioId: "aud_1", audioSeconds: 3.5 },
        };
        // Two workers moving it on at once (a replica's own race): one moves it, the other is fenced.
        const both = await Promise.allSettled([
          store.jobs.update(job.id, next, OWNER),
          store.jobs.update(job.id, next, OWNER),
        ]);
        expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
        const refused = both.find((result) => result.status === "rejected");
        expect(refused?.status === "rejected" ? refused.reason : null).toBeInstanceOf(LeaseLostError);
        const moved = await store.jobs.get(job.id);
        expect(moved).toMatchObject({ step: 1, state: "new", resultIds: [], stepResults: next.stepResults });
        // The second step is sent once, like the first; a step is never skipped.
        expect((await store.jobs.update(job.id, { state: "sending" }, OWNER)).step).toBe(1);
        await expect(store.jobs.update(job.id, { state: "sending" }, OWNER)).rejects.toBeInstanceOf(LeaseLostError);
        await expect(store.jobs.update(job.id, { step: 3, state: "new" }, OWNER)).rejects.toBeInstanceOf(
          LeaseLostError,
        );
        const running = await store.jobs.update(job.id, { state: "running", resultIds: ["vid_1"] }, OWNER);
        expect(running).toMatchObject({ step: 1, resultIds: ["vid_1"], stepResults: next.stepResults });
        // What the steps made survives a claim by another replica (a restart).
        await store.jobs.release(OWNER);
        const [claimed] = await store.jobs.claim(other(), now, 10);
        expect(claimed).toMatchObject({ id: job.id, step: 1, state: "running", stepResults: next.stepResults });
      });

      it("keeps a prompt with characters PostgreSQL's jsonb refuses (NUL, a lone surrogate), the rest intact", async () => {
        const store = await fresh();
        const hostile = { kind: "image", prompt: "a lighthouse\u0000 at \ud800 dusk \\u0000", presets: [] };
        const created = await store.jobs.create(
          newJob({
            request: { kind: "image", command: hostile as unknown as ImageCommand, pushTo: null, defaultBoard: null },
          }),
          {},
          LEASE,
        );
        if (!created.ok) throw new Error("refused");
        const stored = await store.jobs.get(created.job.id);
        const prompt = stored?.request.kind === "image" ? stored.request.command.prompt : "";
        // SQLite keeps them; PostgreSQL drops NUL and shows the lone surrogate as U+FFFD. A typed "\\u0000" stays.
        expect(["a lighthouse\u0000 at \ud800 dusk \\u0000", "a lighthouse at \ufffd dusk \\u0000"]).toContain(prompt);
        const id = await store.pendingRequests.add({
          user: "U1",
          channel: "C1",
          command: hostile as unknown as ImageCommand,
        });
        expect((await store.pendingRequests.take(id, "U1")).status).toBe("taken");
      });
    });

    describe("rate windows (the chat.update budget)", () => {
      it("counts uses up to the maximum within the window, and frees them as they leave it", async () => {
        const store = await fresh();
        const at = now;
        expect(await store.windows.take("T1", at, 60_000, 2)).toEqual({ taken: true, used: 1, oldest: at });
        expect(await store.windows.take("T1", at + 10, 60_000, 2)).toEqual({ taken: true, used: 2, oldest: at });
        expect(await store.windows.take("T1", at + 20, 60_000, 2)).toEqual({ taken: false, used: 2, oldest: at });
        expect(await store.windows.count("T1", at + 20, 60_000)).toEqual({ used: 2, oldest: at });
        // Another key has its own window.
        expect((await store.windows.take("T2", at + 20, 60_000, 2)).taken).toBe(true);
        // The first use leaves the window 60 s after it was made.
        expect(await store.windows.count("T1", at + 60_000, 60_000)).toEqual({ used: 1, oldest: at + 10 });
        expect(await store.windows.take("T1", at + 60_000, 60_000, 2)).toEqual({
          taken: true,
          used: 2,
          oldest: at + 10,
        });
        expect(await store.windows.count("T3", at, 60_000)).toEqual({ used: 0, oldest: null });
      });

      it("never lets concurrent takes pass the maximum", async () => {
        const store = await fresh();
        const takes = await Promise.all(Array.from({ length: 25 }, () => store.windows.take("T1", now, 60_000, 10)));
        expect(takes.filter((take) => take.taken)).toHaveLength(10);
        expect((await store.windows.count("T1", now, 60_000)).used).toBe(10);
      });
    });

    describe("events and claims", () => {
      it("sees an event id for the first time once", async () => {
        const store = await fresh();
        expect(await store.events.firstSight("Ev1", now)).toBe(true);
        expect(await store.events.firstSight("Ev1", now)).toBe(false);
        expect(await store.events.firstSight("Ev2", now)).toBe(true);
      });

      it("forgets handled events after a day when pruned", async () => {
        const store = await fresh();
        await store.events.firstSight("Ev1", now);
        await store.prune(now + 25 * HOUR);
        expect(await store.events.firstSight("Ev1", now + 25 * HOUR)).toBe(true);
      });

      it("gives a claim without a window to the first caller until it is released, however late the next", async () => {
        const store = await fresh();
        const both = await Promise.all([store.claims.claim("k", now), store.claims.claim("k", now)]);
        expect(both.sort()).toEqual([false, true]);
        expect(await store.claims.claim("k", now + 40 * 24 * HOUR)).toBe(false);
        await store.claims.release("k", now);
        expect(await store.claims.claim("k", now)).toBe(true);
      });

      it("gives a claim with a window to one of many racing callers, and again once the window has passed", async () => {
        const store = await fresh();
        const racing = await Promise.all(Array.from({ length: 10 }, () => store.claims.claim("k", now, 5_000)));
        expect(racing.filter(Boolean)).toHaveLength(1);
        expect(await store.claims.claim("k", now + 4_999, 5_000)).toBe(false);
        // Racing for a claim whose window has passed: the row is updated once, the others see the new claim.
        const again = await Promise.all(Array.from({ length: 10 }, () => store.claims.claim("k", now + 5_000, 5_000)));
        expect(again.filter(Boolean)).toHaveLength(1);
        // The window now runs from the second claim.
        expect(await store.claims.claim("k", now + 9_000, 5_000)).toBe(false);
        expect(await store.claims.claim("other", now + 9_000, 5_000)).toBe(true);
      });

      it("releases only the claim made at the given time, never a later claim of the same key", async () => {
        const store = await fresh();
        await store.claims.claim("k", now, 5_000);
        await store.claims.claim("k", now + 6_000, 5_000);
        await store.claims.release("k", now); // the first click's work did nothing, after the second click claimed
        expect(await store.claims.claim("k", now + 7_000, 5_000)).toBe(false);
        await store.claims.release("k", now + 6_000);
        expect(await store.claims.claim("k", now + 7_000, 5_000)).toBe(true);
      });

      it("forgets claims after 30 days when pruned", async () => {
        const store = await fresh();
        await store.claims.claim("k", now);
        await store.prune(now + 31 * 24 * HOUR);
        expect(await store.claims.claim("k", now + 31 * 24 * HOUR)).toBe(true);
      });
    });

    describe("feedback on results", () => {
      it("keeps each person's latest rating of a result and says what it replaced", async () => {
        const store = await fresh();
        const rate = (user: string, rating: "good" | "bad", ratedAt: number) =>
          store.feedback.rate({ jobId: "job_1", user, rating, ratedAt });
        expect(await rate("U1", "good", DAY0)).toEqual({ previous: undefined });
        expect(await rate("U1", "good", DAY0 + 1)).toEqual({ previous: "good" });
        expect(await rate("U1", "bad", DAY0 + 2)).toEqual({ previous: "good" });
        expect(await rate("U2", "good", DAY0 + 3)).toEqual({ previous: undefined });
        expect(await store.feedback.since(DAY0 + 2)).toEqual([
          { jobId: "job_1", user: "U1", rating: "bad", ratedAt: DAY0 + 2 },
          { jobId: "job_1", user: "U2", rating: "good", ratedAt: DAY0 + 3 },
        ]);
        expect(await store.feedback.since(DAY0 + 4)).toEqual([]);
      });

      it("counts the last 7 days' ratings by the model of the job each rates, each person's latest once", async () => {
        const store = await fresh();
        const jobWith = async (request: NewJob["request"]) => {
          const created = await store.jobs.create(newJob({ request }), {}, LEASE);
          if (!created.ok) throw new Error("refused");
          return created.job.id;
        };
        const image = (model?: string): NewJob["request"] => ({
          kind: "image",
          command: { ...command, ...(model ? { model } : {}) },
          pushTo: null,
          defaultBoard: null,
        });
        const flux1 = await jobWith(image("flux-pro"));
        const flux2 = await jobWith(image("flux-pro"));
        const veo = await jobWith({
          kind: "video",
          command: { kind: "video", prompt: "waves", presets: [], model: "veo3" } as unknown as VideoCommand,
          pushTo: null,
          defaultBoard: null,
        });
        const unnamed = await jobWith(image());
        const tool = await jobWith({
          kind: "video-tool",
          tool: { name: "sound" },
          videoId: "vid_1",
          prompt: "waves",
          defaultBoard: null,
        });
        const today = DAY0 + 10 * 24 * HOUR;
        const WEEK = 7 * 24 * HOUR;
        const rate = (jobId: string, user: string, rating: "good" | "bad", ratedAt = today - HOUR) =>
          store.feedback.rate({ jobId, user, rating, ratedAt });
        await rate(flux1, "U1", "good");
        await rate(flux1, "U1", "bad"); // a change of mind: only the latest counts
        await rate(flux1, "U2", "good");
        await rate(flux2, "U1", "good", today - WEEK + 1); // just inside the week
        await rate(flux2, "U3", "good", today - WEEK); // exactly 7 days old: last week's
        await rate(veo, "U1", "bad");
        await rate(unnamed, "U2", "good");
        await rate(tool, "U2", "good");
        await rate("job_not_kept", "U1", "good"); // no job to read a model from
        expect(await store.feedback.weekByModel(today)).toEqual([
          { model: "flux-pro", media: "image", good: 2, bad: 1, ratio: 2 / 3 },
          { model: "veo3", media: "video", good: 0, bad: 1, ratio: 0 },
          { model: null, media: "image", good: 1, bad: 0, ratio: 1 },
          { model: null, media: "tool", good: 1, bad: 0, ratio: 1 },
        ]);
        // A week later, all of it is last week's.
        expect(await store.feedback.weekByModel(today + WEEK)).toEqual([]);
      });

      it("forgets ratings after 30 days when pruned, as it forgets the jobs they rate", async () => {
        const store = await fresh();
        await store.feedback.rate({ jobId: "job_1", user: "U1", rating: "good", ratedAt: DAY0 });
        await store.prune(DAY0 + 29 * 24 * HOUR);
        expect(await store.feedback.since(0)).toHaveLength(1);
        await store.prune(DAY0 + 31 * 24 * HOUR);
        expect(await store.feedback.since(0)).toEqual([]);
      });
    });

    describe("channel defaults", () => {
      it("keeps one default board per channel, replaced by the next choice, and lists them", async () => {
        const store = await fresh();
        const board = { id: "b1", conversationId: "c1", title: "Spring" };
        await store.channelDefaults.set("C1", board);
        board.title = "changed";
        expect(await store.channelDefaults.get("C1")).toEqual({ id: "b1", conversationId: "c1", title: "Spring" });
        expect(await store.channelDefaults.get("C2")).toBeUndefined();
        await store.channelDefaults.set("C1", { id: "b2", conversationId: "c2", title: "Summer" });
        await store.channelDefaults.set("C0", { id: "b1", conversationId: "c1", title: "Spring" });
        expect((await store.channelDefaults.list()).map((entry) => [entry.channel, entry.board.title])).toEqual([
          ["C0", "Spring"],
          ["C1", "Summer"],
        ]);
      });
    });

    describe("Work Object unfurls", () => {
      const spring = "https://studio.test/boards/b_spring";
      const summer = "https://studio.test/boards/b_summer";
      const asset = "https://studio.test/assets/img_1";

      it("gives a board's messages newest first, each with all its links in the order shared", async () => {
        const store = await fresh();
        await store.unfurls.remember(
          {
            channel: "C1",
            ts: "1.1",
            user: "U1",
            links: [
              { url: asset, boardId: null },
              { url: spring, boardId: "b_spring" },
            ],
          },
          DAY0,
        );
        await store.unfurls.remember(
          { channel: "C2", ts: "2.1", user: "U2", links: [{ url: spring, boardId: "b_spring" }] },
          DAY0 + HOUR,
        );
        await store.unfurls.remember(
          { channel: "C3", ts: "3.1", user: "U3", links: [{ url: summer, boardId: "b_summer" }] },
          DAY0 + 2 * HOUR,
        );
        expect(await store.unfurls.ofBoard("b_spring", 10)).toEqual([
          { channel: "C2", ts: "2.1", user: "U2", urls: [spring] },
          { channel: "C1", ts: "1.1", user: "U1", urls: [asset, spring] },
        ]);
        expect(await store.unfurls.ofBoard("b_spring", 1)).toEqual([
          { channel: "C2", ts: "2.1", user: "U2", urls: [spring] },
        ]);
        expect(await store.unfurls.ofBoard("b_none", 10)).toEqual([]);
      });

      it("replaces a message's links when it is unfurled again, and forgets a message", async () => {
        const store = await fresh();
        await store.unfurls.remember(
          { channel: "C1", ts: "1.1", user: "U1", links: [{ url: spring, boardId: "b_spring" }] },
          DAY0,
        );
        await store.unfurls.remember(
          { channel: "C1", ts: "1.1", user: "U1", links: [{ url: summer, boardId: "b_summer" }] },
          DAY0 + HOUR,
        );
        expect(await store.unfurls.ofBoard("b_spring", 10)).toEqual([]);
        expect(await store.unfurls.ofBoard("b_summer", 10)).toHaveLength(1);
        await store.unfurls.forget("C1", "1.1");
        expect(await store.unfurls.ofBoard("b_summer", 10)).toEqual([]);
      });

      it("prunes unfurls older than the records are kept", async () => {
        const store = await fresh();
        await store.unfurls.remember(
          { channel: "C1", ts: "1.1", user: "U1", links: [{ url: spring, boardId: "b_spring" }] },
          DAY0,
        );
        await store.prune(DAY0 + 29 * 24 * HOUR);
        expect(await store.unfurls.ofBoard("b_spring", 10)).toHaveLength(1);
        await store.prune(DAY0 + 31 * 24 * HOUR);
        expect(await store.unfurls.ofBoard("b_spring", 10)).toEqual([]);
      });
    });

    describe("pending requests", () => {
      it("hands a request out once; later takes read as used", async () => {
        const store = await fresh();
        const id = await store.pendingRequests.add({ user: "U1", channel: "C1", command });
        const [first, second] = await Promise.all([
          store.pendingRequests.take(id, "U1"),
          store.pendingRequests.take(id, "U1"),
        ]);
        expect(first).toEqual({ status: "taken", request: { user: "U1", channel: "C1", command } });
        expect(second).toEqual({ status: "used" });
        expect(await store.pendingRequests.take(id, "U1")).toEqual({ status: "used" });
      });

      it("keeps the request for its asker when someone else clicks", async () => {
        const store = await fresh();
        const id = await store.pendingRequests.add({ user: "U1", channel: "C1", threadTs: "1.2", command });
        expect(await store.pendingRequests.take(id, "U2")).toEqual({ status: "not-yours", user: "U1" });
        expect((await store.pendingRequests.take(id, "U1")).status).toBe("taken");
      });

      it("expires after 10 minutes by default, and unknown ids are missing", async () => {
        const store = await fresh();
        const id = await store.pendingRequests.add({ user: "U1", channel: "C1", command });
        const kept = await store.pendingRequests.add({ user: "U1", channel: "C1", command });
        now += PENDING_TTL_MS - 1;
        expect((await store.pendingRequests.take(kept, "U1")).status).toBe("taken");
        now += 1;
        expect(await store.pendingRequests.take(id, "U1")).toEqual({ status: "missing" });
        expect(await store.pendingRequests.take("pr_unknown", "U1")).toEqual({ status: "missing" });
        // A used id is forgotten once it would have expired.
        expect(await store.pendingRequests.take(kept, "U1")).toEqual({ status: "missing" });
      });
    });

    describe("session stops (decision 0028: Stop on an agent session, across replicas)", () => {
      const THREAD = { channel: "C1", threadTs: "1.2" };
      const inThread = (overrides: Partial<NewJob> = {}) => newJob({ ...THREAD, ...overrides });
      const create = async (store: BotStore, job: NewJob) => {
        const created = await store.jobs.create(job, {}, LEASE);
        if (!created.ok) throw new Error("refused");
        return created.job;
      };

      it("stops the clicker's unfinished jobs in the thread, as they were: one new (never sent) and one running", async () => {
        const store = await fresh();
        const waiting = await create(store, inThread());
        const running = await create(store, inThread());
        await store.jobs.update(running.id, { state: "sending" }, OWNER);
        await store.jobs.update(running.id, { state: "running", resultIds: ["img_1"] }, OWNER);
        // Not theirs, not in the thread, or finished: left alone.
        const bobs = await create(store, inThread({ user: "U2" }));
        const elsewhere = await create(store, newJob({ channel: "C1", threadTs: "9.9" }));
        const finished = await create(store, inThread());
        await store.jobs.update(finished.id, { state: "done", outcome: "completed" }, OWNER);

        const stop = await store.sessionStops.stop({ ...THREAD, user: "U1" }, now);
        expect(stop.jobs.map((job) => [job.id, job.state, job.stoppedAt])).toEqual([
          [waiting.id, "new", now],
          [running.id, "running", now],
        ]);
        expect(stop.others).toBe(1);
        expect((await store.jobs.get(waiting.id))?.stoppedAt).toBe(now);
        for (const id of [bobs.id, elsewhere.id, finished.id]) {
          expect(await store.jobs.get(id)).not.toHaveProperty("stoppedAt");
        }
        expect(await store.sessionStops.stoppedOf([bobs.id, waiting.id, running.id, "job_unknown"])).toEqual([
          waiting.id,
          running.id,
        ]);
        expect(stop.stoppedJustBefore).toBe(0);
        // A second click finds nothing more to stop, and knows it repeats the first.
        const again = await store.sessionStops.stop({ ...THREAD, user: "U1" }, now + 1);
        expect(again).toMatchObject({ jobs: [], confirmations: [], stoppedJustBefore: 2 });
        // A click long after is a click of its own.
        const later = await store.sessionStops.stop({ ...THREAD, user: "U1" }, now + REPEATED_STOP_MS + 1);
        expect(later.stoppedJustBefore).toBe(0);
      });

      it("of two clicks on one Stop at once, one stops the work and the other reads as its repeat", async () => {
        const store = await fresh();
        for (let round = 0; round < 5; round++) {
          const threadTs = `3.${round}`;
          await create(store, newJob({ channel: "C1", threadTs }));
          await store.pendingRequests.add({ user: "U1", channel: "C1", threadTs, command }, { inSession: true });
          const clicks = await Promise.all(
            [0, 1].map(() => store.sessionStops.stop({ channel: "C1", threadTs, user: "U1" }, now)),
          );
          const [first, second] = clicks.sort((a, b) => b.jobs.length - a.jobs.length);
          expect(first?.jobs).toHaveLength(1);
          expect(first?.confirmations).toHaveLength(1);
          expect(second).toMatchObject({ jobs: [], confirmations: [], stoppedJustBefore: 2 });
        }
      });

      it("never lets a stopped job move to sending: the move is refused as stopped, and the job can still end", async () => {
        const store = await fresh();
        const job = await create(store, inThread());
        await store.sessionStops.stop({ ...THREAD, user: "U1" }, now);
        const refused = await store.jobs.update(job.id, { state: "sending" }, OWNER).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(JobStoppedError);
        expect(refused).toMatchObject({ code: "JOB_STOPPED", jobId: job.id });
        // Another replica's write is still a lost lease, not a stop.
        await expect(store.jobs.update(job.id, { state: "sending" }, "replica-b")).rejects.toBeInstanceOf(
          LeaseLostError,
        );
        const ended = await store.jobs.update(job.id, { state: "done", outcome: "stopped-not-sent" }, OWNER);
        expect(ended).toMatchObject({ state: "done", outcome: "stopped-not-sent", stoppedAt: now });
      });

      it("of a stop and a move to sending racing on one job, exactly one wins, and the stop says which", async () => {
        const store = await fresh();
        for (let round = 0; round < 10; round++) {
          const threadTs = `2.${round}`;
          const job = await create(store, newJob({ channel: "C1", threadTs }));
          const [stop, send] = await Promise.allSettled([
            store.sessionStops.stop({ channel: "C1", threadTs, user: "U1" }, now),
            store.jobs.update(job.id, { state: "sending" }, OWNER),
          ]);
          if (stop.status !== "fulfilled") throw stop.reason;
          const [seen] = stop.value.jobs;
          if (send.status === "fulfilled") {
            // Sent first: the stop found it sending (paid), never `new`.
            expect(seen?.state).toBe("sending");
          } else {
            expect(send.reason).toBeInstanceOf(JobStoppedError);
            expect(seen?.state).toBe("new");
          }
        }
      });

      it("takes the clicker's confirmations waiting in the thread: a later Confirm reads stopped; an offer kept for a long text is not one", async () => {
        const store = await fresh();
        const request = { user: "U1", ...THREAD, command };
        const confirmation = await store.pendingRequests.add(request, { inSession: true });
        const offer = await store.pendingRequests.add(request);
        const bobs = await store.pendingRequests.add({ ...request, user: "U2" }, { inSession: true });
        const stop = await store.sessionStops.stop({ ...THREAD, user: "U1" }, now);
        expect(stop.confirmations).toEqual([{ id: confirmation, request }]);
        expect(stop.others).toBe(1);
        expect(await store.pendingRequests.take(confirmation, "U1")).toEqual({ status: "stopped" });
        expect(await store.sessionStops.stoppedOf([confirmation, offer, bobs])).toEqual([confirmation]);
        expect((await store.pendingRequests.take(offer, "U1")).status).toBe("taken");
        expect((await store.pendingRequests.take(bobs, "U2")).status).toBe("taken");
        // Once it would have expired, it is forgotten like any other.
        now += PENDING_TTL_MS;
        expect(await store.pendingRequests.take(confirmation, "U1")).toEqual({ status: "missing" });
      });

      it("leaves a confirmation already confirmed alone: its job is what a stop finds", async () => {
        const store = await fresh();
        const id = await store.pendingRequests.add({ user: "U1", ...THREAD, command }, { inSession: true });
        expect((await store.pendingRequests.take(id, "U1")).status).toBe("taken");
        const stop = await store.sessionStops.stop({ ...THREAD, user: "U1" }, now);
        expect(stop.confirmations).toEqual([]);
        expect(await store.pendingRequests.take(id, "U1")).toEqual({ status: "used" });
      });
    });
  });
}
