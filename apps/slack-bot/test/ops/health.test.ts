import { afterEach, describe, expect, it, vi } from "vitest";
import { readConfig } from "../../src/config.js";
import { createHealth } from "../../src/ops/health.js";
import { createStudioReach } from "../../src/ops/studio-fetch.js";
import type { BotStore } from "../../src/store/types.js";

/** A store whose one read (the readiness probe) does what the test says. */
const storeThat = (get: () => Promise<undefined>) => ({ jobs: { get } }) as unknown as BotStore;
const answering = storeThat(async () => undefined);

function setup(options: { store?: BotStore; probe?: () => Promise<boolean> } = {}) {
  let now = 1_000_000;
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  const reach = createStudioReach(clock.now);
  const health = createHealth({
    store: options.store ?? answering,
    reach,
    now: clock.now,
    ...(options.probe ? { probeStudio: options.probe } : {}),
  });
  return { clock, reach, health };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("readiness", () => {
  it("is ready once the store answers, Slack accepted the token and the studio API answered in the last 60 s", async () => {
    const { health, reach } = setup();
    reach.saw(true);
    expect((await health.readiness()).failing).toEqual(["slack_auth"]);
    health.slackReady();
    const ready = await health.readiness();
    expect(ready.ready).toBe(true);
    expect(ready.failing).toEqual([]);
    expect(Object.keys(ready.checks)).toEqual(["store", "slack_auth", "studio_api", "stopping"]);
  });

  it("names the store when its read fails, without the driver's words", async () => {
    const secret = "postgres://bot:hunter2@db.internal:5432/studio";
    const { health, reach } = setup({
      store: storeThat(async () => {
        throw new Error(`connect ECONNREFUSED ${secret}`);
      }),
    });
    reach.saw(true);
    health.slackReady();
    const readiness = await health.readiness();
    expect(readiness.ready).toBe(false);
    expect(readiness.failing).toEqual(["store"]);
    expect(readiness.checks.store.reason).toBe("the store refused a read");
    expect(JSON.stringify(readiness)).not.toContain("hunter2");
  });

  it("names the store when its read takes longer than 2 s", async () => {
    vi.useFakeTimers();
    const { health, reach } = setup({ store: storeThat(() => new Promise(() => {})) });
    reach.saw(true);
    health.slackReady();
    const pending = health.readiness();
    await vi.advanceTimersByTimeAsync(2_000);
    const readiness = await pending;
    expect(readiness.failing).toEqual(["store"]);
    expect(readiness.checks.store.reason).toBe("the store did not answer a read within 2 s");
  });

  it("asks the studio API itself when nothing did for 60 s, and fails studio_api when it does not answer", async () => {
    let up = true;
    const probe = vi.fn(async () => up);
    const { health, reach, clock } = setup({ probe });
    health.slackReady();
    reach.saw(true);
    clock.advance(59_000);
    expect((await health.readiness()).ready).toBe(true);
    expect(probe).not.toHaveBeenCalled();

    clock.advance(2_000); // 61 s since the last answer: the probe asks
    expect((await health.readiness()).ready).toBe(true);
    expect(probe).toHaveBeenCalledTimes(1);

    up = false;
    const down = await health.readiness();
    expect(down.failing).toEqual(["studio_api"]);
    expect(down.checks.studio_api.reason).toBe("the studio API has not answered in the last 60 s, nor now");
  });

  it("fails studio_api after 60 s of failed requests, and passes again at the next answer", async () => {
    const { health, reach, clock } = setup();
    health.slackReady();
    reach.saw(true);
    reach.saw(false);
    clock.advance(30_000);
    expect((await health.readiness()).ready).toBe(true);
    expect(reach.silentForMs()).toBe(30_000);
    clock.advance(31_000);
    expect((await health.readiness()).failing).toEqual(["studio_api"]);
    reach.saw(true);
    expect(reach.silentForMs()).toBe(0);
    expect((await health.readiness()).ready).toBe(true);
  });

  it("answers not ready the moment the replica starts stopping", async () => {
    const { health, reach } = setup();
    health.slackReady();
    reach.saw(true);
    health.stopping();
    const readiness = await health.readiness();
    expect(readiness.failing).toEqual(["stopping"]);
    expect(readiness.checks.stopping.reason).toBe("the replica is stopping (SIGTERM)");
  });
});

describe("the settings", () => {
  const base = { SLACK_BOT_TOKEN: "xoxb-1", SLACK_SIGNING_SECRET: "s" };

  it("reads STUDIO_HEALTH_PORT and STUDIO_DRAIN_SECONDS, with no drain by default", () => {
    expect(readConfig(base)).toMatchObject({ drainMs: 0 });
    expect(readConfig(base).healthPort).toBeUndefined();
    // Left empty, as .env.example leaves them: unset.
    expect(readConfig({ ...base, STUDIO_HEALTH_PORT: "", STUDIO_DRAIN_SECONDS: " " })).toMatchObject({ drainMs: 0 });
    expect(readConfig({ ...base, STUDIO_HEALTH_PORT: "" }).healthPort).toBeUndefined();
    expect(readConfig({ ...base, STUDIO_HEALTH_PORT: "9102", STUDIO_DRAIN_SECONDS: "10" })).toMatchObject({
      healthPort: 9102,
      drainMs: 10_000,
    });
  });

  it("refuses a health port or a drain it cannot use, naming the variable", () => {
    expect(() => readConfig({ ...base, STUDIO_HEALTH_PORT: "http" })).toThrow(/STUDIO_HEALTH_PORT must be a port/);
    expect(() => readConfig({ ...base, STUDIO_DRAIN_SECONDS: "600" })).toThrow(/STUDIO_DRAIN_SECONDS must be/);
  });
});
