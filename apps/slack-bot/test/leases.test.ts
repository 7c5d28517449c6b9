import { afterEach, describe, expect, it } from "vitest";
import type { BotLogger } from "../src/deps.js";
import { createJobLeases, type JobLeases } from "../src/services/job-leases.js";
import { openSqliteStore } from "../src/store/sqlite/open.js";
import type { BotStore, JobRecord, Lease } from "../src/store/types.js";
import { newJob } from "./store/contract.js";

const LEASE_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLogger() {
  const warnings: string[] = [];
  const logger: BotLogger = {
    debug: () => {},
    info: () => {},
    warn: (_fields, message) => void warnings.push(message),
    error: () => {},
  };
  return { logger, warnings };
}

let store: BotStore;
const replicas: JobLeases[] = [];
function replica(owner: string, logger = recordingLogger().logger): JobLeases {
  const leases = createJobLeases({ jobs: store.jobs, logger, leaseMs: LEASE_MS, owner });
  replicas.push(leases);
  return leases;
}
async function jobHeldBy(lease: Lease): Promise<JobRecord> {
  const created = await store.jobs.create(newJob({ createdAt: Date.now() }), {}, lease);
  if (!created.ok) throw new Error("refused");
  return created.job;
}

afterEach(async () => {
  for (const leases of replicas.splice(0)) await leases.stop();
  await store.close();
});

describe("job leases", () => {
  it("keeps renewing the jobs a live replica works on, so no other replica claims them", async () => {
    store = openSqliteStore({ path: ":memory:" });
    const a = replica("a");
    const job = await jobHeldBy(a.lease());
    a.hold(job.id);
    await sleep(LEASE_MS * 2);
    expect(await replica("b").claim()).toEqual([]);
    expect((await store.jobs.get(job.id))?.lease?.owner).toBe("a");
  });

  it("hands a dead replica's job to a watching replica once its lease runs out", async () => {
    store = openSqliteStore({ path: ":memory:" });
    const job = await jobHeldBy({ owner: "dead", until: Date.now() + LEASE_MS });
    const carried: string[] = [];
    const startedAt = Date.now();
    replica("b").watch(async (claimed) => void carried.push(claimed.id));
    await sleep(LEASE_MS / 2);
    expect(carried).toEqual([]); // still the dead replica's
    while (!carried.length && Date.now() - startedAt < LEASE_MS * 4) await sleep(10);
    expect(carried).toEqual([job.id]);
  });

  it("stops renewing, and warns, when another replica took a job over", async () => {
    store = openSqliteStore({ path: ":memory:" });
    const { logger, warnings } = recordingLogger();
    const a = replica("a", logger);
    const job = await jobHeldBy({ owner: "a", until: Date.now() - 1 }); // a paused past its lease
    a.hold(job.id);
    expect((await replica("b").claim()).map((claimed) => claimed.id)).toEqual([job.id]);
    await sleep(LEASE_MS / 2);
    expect(a.holds(job.id)).toBe(false);
    expect(warnings).toContain("lost a job's lease to another replica");
    expect((await store.jobs.get(job.id))?.lease?.owner).toBe("b");
  });

  it("never starts a job twice in one replica when its own expired lease is claimed back", async () => {
    store = openSqliteStore({ path: ":memory:" });
    const a = replica("a");
    const job = await jobHeldBy({ owner: "a", until: Date.now() - 1 });
    a.hold(job.id);
    expect(await a.claim()).toEqual([]);
    expect(a.holds(job.id)).toBe(true);
  });

  it("never starts a second worker for a job it lost and claims back while its first worker still runs", async () => {
    store = openSqliteStore({ path: ":memory:" });
    const a = replica("a");
    const job = await jobHeldBy({ owner: "a", until: Date.now() - 1 }); // a stalled past its lease
    a.hold(job.id); // its worker runs on
    const b = replica("b");
    expect((await b.claim()).map((claimed) => claimed.id)).toEqual([job.id]);
    await sleep(LEASE_MS / 2); // a's renewal learns it lost the job
    expect(a.holds(job.id)).toBe(false);
    await b.stop(); // b is deployed away and lets the job go
    expect(await a.claim()).toEqual([]); // a's first worker carries it on; no second one
    expect((await store.jobs.get(job.id))?.lease?.owner).toBe("a");
  });

  it("releases its jobs when it stops, so another replica claims them at once", async () => {
    store = openSqliteStore({ path: ":memory:" });
    const a = replica("a");
    const job = await jobHeldBy(a.lease());
    a.hold(job.id);
    expect(await replica("b").claim()).toEqual([]);
    await a.stop();
    expect((await replica("c").claim()).map((claimed) => claimed.id)).toEqual([job.id]);
  });

  it("waits for a mutation in flight before it lets its jobs go, so a clean stop leaves no job sending", async () => {
    store = openSqliteStore({ path: ":memory:" });
    const a = replica("a");
    const job = await jobHeldBy(a.lease());
    a.hold(job.id);
    let finish: () => void = () => {};
    const sending = a.track(new Promise<void>((resolve) => (finish = resolve)));
    const stopping = a.stop();
    await sleep(50);
    expect(await replica("b").claim()).toEqual([]); // still a's while its mutation is out
    finish();
    await sending;
    await stopping;
    expect((await replica("c").claim()).map((claimed) => claimed.id)).toEqual([job.id]);
  });
});
