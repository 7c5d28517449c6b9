import { StudioAuthenticationError, StudioServerError } from "@studio-kit/core";
import { SANDBOX_KEYS } from "@studio-kit/sandbox";
import { describe, expect, it } from "vitest";
import { PollerError, PollerVanishedError } from "../src/index.js";
import { rejection, rewritePolls, usePoller } from "./support/harness.js";

const studio = usePoller();

describe("vanished records", () => {
  it("rejects only the wait of a record deleted while it was polled; the others in its request go on", async () => {
    const h = studio.create();
    const [first, gone, third] = [await h.image("first"), await h.image("gone"), await h.image("third")];
    const waits = [first, gone, third].map((id) => h.poller.waitForImages([id]));
    await h.advance(5_000);
    h.sandbox.state.assets.delete(gone);
    const [a, b, c] = await h.run(Promise.allSettled(waits));

    expect(b?.status).toBe("rejected");
    const error = (b as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(PollerVanishedError);
    expect(error).toMatchObject({ code: "VANISHED", graphqlCode: "NOT_FOUND", id: gone, lastStatus: "PROCESSING" });
    expect(error.graphqlErrors?.[0]?.path).toEqual(["i1"]);
    expect(a).toMatchObject({ status: "fulfilled", value: [{ id: first, status: "COMPLETED" }] });
    expect(c).toMatchObject({ status: "fulfilled", value: [{ id: third, status: "COMPLETED" }] });
    // Polled once more (the answer that said it was gone), then never again.
    expect(h.timesOf(gone)).toEqual([5, 15]);
    expect(h.timesOf(first).at(-1)).toBeGreaterThan(15);
  });

  it("re-reads at once a record that finished in a partial answer, so its signed URL is usable", async () => {
    const h = studio.create();
    const [done, gone] = [await h.image("done"), await h.image("gone")];
    const waits = Promise.allSettled([h.poller.waitForImages([done]), h.poller.waitForImages([gone])]);
    await h.advance(15_000);
    h.sandbox.state.assets.delete(gone);
    const [finished] = await h.run(waits);

    // 30 s: the partial answer (done COMPLETED, but redacted by core), then a
    // second read of `done` alone, at the same instant.
    expect(h.pollTimes()).toEqual([5, 15, 30, 30]);
    expect(h.polls().at(-1)?.variables).toEqual({ i0: done });
    const [image] = (finished as PromiseFulfilledResult<{ downloadUrl: string | null }[]>).value;
    expect(image?.downloadUrl).toMatch(/X-Amz-Signature=[0-9a-f]{64}$/);
  });

  it("treats a record answered null without an error as vanished", async () => {
    const h = studio.create();
    studio.server.use(
      rewritePolls(h.sandbox, (body) => {
        if (body.data && "i1" in body.data) body.data.i1 = null;
      }),
    );
    const [kept, nulled] = [await h.image("kept"), await h.image("nulled")];
    const [a, b] = await h.run(Promise.allSettled([h.poller.waitForImages([kept]), h.poller.waitForImages([nulled])]));
    expect(a?.status).toBe("fulfilled");
    expect((b as PromiseRejectedResult).reason).toMatchObject({ code: "VANISHED", id: nulled, lastStatus: null });
    expect(h.timesOf(nulled)).toEqual([5]);
  });

  it("rejects a wait for an id that never existed at its first poll", async () => {
    const h = studio.create();
    const error = await rejection(h.run(h.poller.waitForVideo("vid_never_was")));
    expect(error).toBeInstanceOf(PollerVanishedError);
    expect((error as Error).message).toContain("video vid_never_was is gone");
    expect(h.pollTimes()).toEqual([5]);
    expect(h.clock.pending()).toBe(0);
  });

  it("rejects with UNREADABLE the wait of a record the key may not read (another workspace's)", async () => {
    const h = studio.create();
    const mine = await h.image();
    const [a, b] = await h.run(
      Promise.allSettled([h.poller.waitForImages([mine]), h.poller.waitForImages(["img_globex_secret"])]),
    );
    expect(a?.status).toBe("fulfilled");
    const error = (b as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(PollerError);
    expect(error).toMatchObject({ code: "UNREADABLE", graphqlCode: "FORBIDDEN", id: "img_globex_secret" });
  });
});

describe("failed requests", () => {
  it("counts a request that still fails after core's retries (HTTP 503) as a missed poll: the schedule goes on", async () => {
    const h = studio.create();
    const id = await h.image();
    const wait = h.poller.waitForImages([id]);
    await h.advance(5_000); // the first poll is answered
    // The next poll, and each of core's retries of it, meets the gateway's 503.
    const fault = h.sandbox.faults.add({ kind: "status", status: 503, operation: "PollStatuses", times: 4 });
    const [image] = await h.run(wait);
    expect(h.sandbox.faults.list()).toEqual([expect.objectContaining({ id: fault.id, fired: 4 })]); // 1 + 3 retries
    expect(h.pollTimes()).toEqual([5, 15, 30]);
    expect(image?.status).toBe("COMPLETED");
  });

  it("carries the last transient failure as the cause of a timeout", async () => {
    const h = studio.create({ jobMs: 200_000 });
    h.sandbox.faults.add({ kind: "status", status: 503 });
    const error = await rejection(h.run(h.poller.waitForImages(["img_any"], { maxWaitMs: 20_000 })));
    expect(error).toMatchObject({ code: "TIMEOUT", lastStatus: null });
    expect((error as Error).cause).toBeInstanceOf(StudioServerError);
  });

  it("rejects every wait of a request the server refuses as a whole with core's error (an expired key)", async () => {
    const expired = studio.create({ client: { apiKey: SANDBOX_KEYS.expired } });
    const [a, b] = await expired.run(
      Promise.allSettled([expired.poller.waitForImages(["img_one"]), expired.poller.waitForVideo("vid_other")]),
    );
    expect((a as PromiseRejectedResult).reason).toBeInstanceOf(StudioAuthenticationError);
    expect((b as PromiseRejectedResult).reason).toBeInstanceOf(StudioAuthenticationError);
    expect(expired.pollTimes()).toEqual([5]);
  });

  it("rejects the wait whose onUpdate throws, with what it threw, and keeps the others", async () => {
    const h = studio.create();
    const [a, b] = [await h.image("a"), await h.image("b")];
    const bug = new Error("the caller's bug");
    const results = await h.run(
      Promise.allSettled([
        h.poller.waitForImages([a], {
          onUpdate: () => {
            throw bug;
          },
        }),
        h.poller.waitForImages([b]),
      ]),
    );
    expect(results.map((result) => result.status)).toEqual(["rejected", "fulfilled"]);
    expect((results[0] as PromiseRejectedResult).reason).toBe(bug);
    expect(h.timesOf(a)).toEqual([5]);
  });

  it("sets off no extra poll when one of two waits on the same id fails in its onUpdate", async () => {
    const h = studio.create({ jobMs: 40_000 });
    const id = await h.image();
    const [thrown, kept] = await h.run(
      Promise.allSettled([
        h.poller.waitForImages([id], {
          onUpdate: () => {
            throw new Error("bug");
          },
        }),
        h.poller.waitForImages([id]),
      ]),
    );
    expect([thrown?.status, kept?.status]).toEqual(["rejected", "fulfilled"]);
    expect(h.timesOf(id)).toEqual([5, 15, 30, 50, 70].slice(0, h.timesOf(id).length));
  });

  it("rejects every wait on a vanished id with one poll, and polls it no more", async () => {
    const h = studio.create();
    const results = await h.run(
      Promise.allSettled([h.poller.waitForImages(["img_gone"]), h.poller.waitForImages(["img_gone", "img_gone"])]),
    );
    expect(results.map((result) => (result as PromiseRejectedResult).reason?.code)).toEqual(["VANISHED", "VANISHED"]);
    expect(h.pollTimes()).toEqual([5]);
    expect(h.polls()[0]?.rootFields).toEqual(["image"]);
  });
});
