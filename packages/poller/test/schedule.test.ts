import { describe, expect, it } from "vitest";
import { completesAt, gaps, usePoller } from "./support/harness.js";

const studio = usePoller();

describe("the schedule", () => {
  it("polls an image 5, 15, 30, 50 and 70 s after the wait starts, then every 20 s, until it completes", async () => {
    const h = studio.create({ jobMs: 120_000 });
    const id = await h.image();
    const finished = await h.run(h.poller.waitForImages([id]));

    const done = (completesAt(h.sandbox, id) - h.sandbox.clock.now()) / 1000 + h.elapsed();
    const times = h.pollTimes();
    expect(times.slice(0, 7)).toEqual([5, 15, 30, 50, 70, 90, 110]);
    expect(gaps(times).slice(3)).toEqual(Array(times.length - 4).fill(20));
    // The last poll is the first one at or after the completion, and nothing follows it.
    expect(times.at(-1)).toBeGreaterThanOrEqual(done);
    expect(times.at(-2)).toBeLessThan(done);
    expect(finished).toEqual([expect.objectContaining({ id, status: "COMPLETED", progress: 100 })]);
    expect(h.clock.pending()).toBe(0);
  });

  it("hands back a finished record whose downloadUrl opens: signed, not redacted", async () => {
    const h = studio.create();
    const id = await h.image();
    const [image] = await h.run(h.poller.waitForImages([id]));
    expect(image?.downloadUrl).toMatch(/X-Amz-Signature=[0-9a-f]{64}$/);
    const response = await fetch(image?.downloadUrl ?? "");
    expect(response.headers.get("content-type")).toBe("image/png");
  });

  it("counts each id's schedule from its own start, and the window only ever delays a poll", async () => {
    const h = studio.create({ jobMs: 100_000 });
    const first = await h.image("first");
    const firstWait = h.poller.waitForImages([first]);
    h.clock.advance(600);
    const second = await h.image("second");
    const secondWait = h.poller.waitForImages([second]);
    h.clock.advance(2_400);
    const third = await h.image("third");
    const thirdWait = h.poller.waitForImages([third], { maxWaitMs: 60_000 });
    await h.run(Promise.allSettled([firstWait, secondWait, thirdWait]));

    const { timesOf } = h;
    // first and second (0.6 s apart, within the 1 s window) share every request,
    // sent when the later is due: first is up to 0.6 s late, never early.
    expect(timesOf(first).slice(0, 4)).toEqual([5.6, 15.6, 30.6, 50.6]);
    expect(timesOf(second).slice(0, 4)).toEqual([5.6, 15.6, 30.6, 50.6]);
    // third started 3 s later: outside the window, on its own ticks.
    expect(timesOf(third)).toEqual([8, 18, 33, 53]);
    for (const [id, startedAt] of [
      [first, 0],
      [second, 0.6],
      [third, 3],
    ] as const) {
      const times = timesOf(id);
      expect(times[0] ?? 0).toBeGreaterThanOrEqual(startedAt + 5);
      gaps(times).forEach((gap, index) => {
        expect(gap).toBeGreaterThanOrEqual([10, 15, 20][Math.min(index, 2)] ?? 20);
      });
    }
  });

  it("lets a later wait for an id already polled join that id's schedule instead of restarting it", async () => {
    const h = studio.create({ jobMs: 60_000 });
    const id = await h.image();
    const early = h.poller.waitForImages([id]);
    await h.advance(12_000);
    const joined = h.poller.waitForImages([id]);
    const [a, b] = await h.run(Promise.all([early, joined]));
    expect(b).toEqual(a);
    // Not 17, 27, ... for the later wait: the id keeps one schedule.
    expect(h.timesOf(id)).toEqual([5, 15, 30, 50, 70, 90].slice(0, h.timesOf(id).length));
    expect(h.polls().every((poll) => new Set(Object.values(poll.variables)).size === poll.rootFields.length)).toBe(
      true,
    );
  });

  it("follows a custom schedule, repeating its last delay", async () => {
    const h = studio.create({ jobMs: 8_000, poller: { schedule: [1_000, 2_000], windowMs: 0 } });
    const id = await h.image();
    await h.run(h.poller.waitForImages([id]));
    const times = h.pollTimes();
    expect(times.slice(0, 3)).toEqual([1, 3, 5]);
    expect(
      gaps(times)
        .slice(1)
        .every((gap) => gap === 2),
    ).toBe(true);
  });
});
