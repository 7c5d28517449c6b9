// /healthz and /readyz on the HTTP receiver's port, as a load balancer reads them: ready once the bot runs, and not
// ready the moment it starts stopping, while it still holds its jobs' leases and answers (STUDIO_DRAIN_SECONDS).
import { afterEach, describe, expect, it } from "vitest";
import type { Readiness } from "../../src/ops/health.js";
import { eventually } from "../e2e/harness.js";
import { type OpsBot, startOpsBot } from "./bot.js";

let bot: OpsBot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

async function readyz(origin: string): Promise<{ status: number; body: Readiness }> {
  const response = await fetch(`${origin}/readyz`);
  return { status: response.status, body: (await response.json()) as Readiness };
}

describe("health on the receiver's port", () => {
  it("is live and ready once running, each check named in the answer", async () => {
    bot = await startOpsBot();
    const live = await fetch(`${bot.origin}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ live: true });
    // Nothing asked the studio API yet: readiness asks it (unauthenticated) and it answers.
    const { status, body } = await readyz(bot.origin);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ready: true,
      failing: [],
      checks: { store: { ok: true }, slack_auth: { ok: true }, studio_api: { ok: true }, stopping: { ok: true } },
    });
  });

  it("answers not ready at once when stopping, while its jobs' leases are still held, then lets them go", async () => {
    bot = await startOpsBot({ STUDIO_DRAIN_SECONDS: "1" });
    const { app, sim, origin } = bot;
    await sim.command({ user: "U0ALICE", channel: "C0GENERAL", text: "image a heron at dawn" });
    await eventually(async () =>
      expect((await app.store.jobs.unfinished()).map((job) => job.state)).toEqual(["running"]),
    );

    const stopped = app.stop();
    const draining = await readyz(origin);
    expect(draining.status).toBe(503);
    expect(draining.body.failing).toEqual(["stopping"]);
    expect(draining.body.checks.stopping.reason).toBe("the replica is stopping (SIGTERM)");
    // The load balancer sees it before the job moves: the lease is still this replica's.
    const [held] = await app.store.jobs.unfinished();
    expect(held?.lease?.owner).toBe(app.replicaId);
    expect(held?.lease?.until).toBeGreaterThan(Date.now());

    await stopped;
    const [released] = await app.store.jobs.unfinished();
    expect(released?.lease?.until ?? 0).toBeLessThanOrEqual(Date.now());
  });
});
