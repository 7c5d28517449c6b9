import { describe, expect, it } from "vitest";
import { usePoller } from "./support/harness.js";

const studio = usePoller();

const count = (items: readonly string[], item: string) => items.filter((each) => each === item).length;

describe("coalescing", () => {
  it("reads 30 images, 5 videos and 5 music tracks waited for together in one request per tick", async () => {
    const h = studio.create({ jobMs: 30_000 });
    const images = await Promise.all(Array.from({ length: 30 }, (_, index) => h.image(`image ${index}`)));
    const videos = await Promise.all(Array.from({ length: 5 }, (_, index) => h.video(`video ${index}`)));
    const tracks = await Promise.all(Array.from({ length: 5 }, (_, index) => h.music(`track ${index}`)));
    const before = h.sandbox.stats().operations.PollStatuses ?? 0;

    const waits = [
      ...images.map((id) => h.poller.waitForImages([id])),
      ...videos.map((id) => h.poller.waitForVideo(id)),
      ...tracks.map(({ audioId }) => h.poller.waitForAudio(audioId)),
    ];
    const settled = await h.run(Promise.allSettled(waits));

    expect(settled.every((result) => result.status === "fulfilled")).toBe(true);
    const polls = h.polls();
    const ticks = new Set(polls.map((poll) => poll.at));
    // One request per tick, 40 jobs or not.
    expect(polls).toHaveLength(ticks.size);
    expect(h.pollTimes()).toEqual([5, 15, 30, 50, 70, 90, 110].slice(0, polls.length));
    expect(polls[0]?.rootFields).toHaveLength(40);
    expect(count(polls[0]?.rootFields ?? [], "image")).toBe(30);
    expect(count(polls[0]?.rootFields ?? [], "video")).toBe(5);
    expect(count(polls[0]?.rootFields ?? [], "audioStatus")).toBe(5);
    // The sandbox counts them the same way, under the operation name.
    expect((h.sandbox.stats().operations.PollStatuses ?? 0) - before).toBe(polls.length);
    // Only ids still working are read again.
    const readPerTick = polls.map((poll) => poll.rootFields.length);
    expect(readPerTick).toEqual([...readPerTick].sort((a, b) => b - a));
  });

  it("splits ids due together into chunks of at most maxBatch", async () => {
    const h = studio.create({ jobMs: 12_000, poller: { maxBatch: 4 } });
    const ids = await Promise.all(Array.from({ length: 10 }, (_, index) => h.image(`image ${index}`)));
    await h.run(h.poller.waitForImages(ids));
    const first = h.polls().filter((poll) => poll.at === h.polls()[0]?.at);
    expect(first.map((poll) => poll.rootFields.length)).toEqual([4, 4, 2]);
    expect(new Set(first.flatMap((poll) => Object.values(poll.variables))).size).toBe(10);
    expect(h.polls().every((poll) => poll.rootFields.length <= 4)).toBe(true);
  });

  it("reads an id that two waits share once per request", async () => {
    const h = studio.create();
    const id = await h.image();
    const [a, b] = await h.run(Promise.all([h.poller.waitForImages([id]), h.poller.waitForImages([id, id])]));
    expect(a).toEqual(b?.slice(0, 1));
    expect(h.polls().every((poll) => poll.rootFields.length === 1)).toBe(true);
  });

  it("reads images, a video, an audio track and a background job in one request", async () => {
    const h = studio.create();
    const image = await h.image();
    const video = await h.video();
    const { audioId } = await h.music();
    const waits = Promise.all([
      h.poller.waitForImages([image]),
      h.poller.waitForVideo(video),
      h.poller.waitForAudio(audioId),
      h.poller.waitForJob("job_product_scrape"),
    ]);
    await h.run(waits);
    const [first] = h.polls();
    expect(first?.rootFields.sort()).toEqual(["audioStatus", "backgroundJob", "image", "video"]);
    expect(first?.variables).toMatchObject({ i0: image, v0: video, a0: audioId, j0: "job_product_scrape" });
    expect(first?.variables.workspaceId).toBe(h.sandbox.workspaceId);
  });
});
