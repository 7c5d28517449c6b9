import { describe, expect, it } from "vitest";
import type { PolledImage } from "../src/index.js";
import { rewritePolls, usePoller } from "./support/harness.js";

const studio = usePoller();

describe("statuses", () => {
  it("resolves with a FAILED record and its errorMessage beside a COMPLETED one", async () => {
    const h = studio.create();
    const ok = await h.image("a lighthouse at dusk");
    const bad = await h.image("a lighthouse [fail]");
    const [done, failed] = await h.run(h.poller.waitForImages([ok, bad]));
    expect(done).toMatchObject({ id: ok, status: "COMPLETED", errorMessage: null });
    expect(done?.downloadUrl).toBeTruthy();
    expect(failed).toMatchObject({ id: bad, status: "FAILED", downloadUrl: null });
    expect(failed?.errorMessage).toEqual(expect.any(String));
  });

  it("keeps polling through PROCESSING, and reports every status read to onUpdate", async () => {
    const h = studio.create({ jobMs: 20_000 });
    const id = await h.image();
    const seen: string[] = [];
    await h.run(h.poller.waitForImages([id], { onUpdate: (image) => seen.push(`${image.status} ${image.progress}`) }));
    expect(seen.at(-1)).toBe("COMPLETED 100");
    expect(seen.slice(0, -1).length).toBeGreaterThan(0);
    expect(seen.slice(0, -1).every((line) => line.startsWith("PROCESSING "))).toBe(true);
  });

  it("treats a status the spec does not list (UPSCALING) as still working", async () => {
    const h = studio.create({ jobMs: 8_000 });
    // The first three answers say UPSCALING, whatever the sandbox says.
    let rewritten = 0;
    studio.server.use(
      rewritePolls(h.sandbox, (body) => {
        const record = body.data?.i0;
        if (record && rewritten < 3) {
          rewritten += 1;
          record.status = "UPSCALING";
          record.downloadUrl = null;
        }
      }),
    );
    const id = await h.image();
    const seen: PolledImage[] = [];
    const [image] = await h.run(h.poller.waitForImages([id], { onUpdate: (record) => seen.push(record) }));
    expect(seen.map((record) => record.status)).toEqual(["UPSCALING", "UPSCALING", "UPSCALING", "COMPLETED"]);
    expect(h.pollTimes()).toEqual([5, 15, 30, 50]);
    expect(image?.status).toBe("COMPLETED");
  });
});

describe("kinds", () => {
  it("waitForVideo resolves with the finished video's URLs", async () => {
    const h = studio.create();
    const id = await h.video();
    const video = await h.run(h.poller.waitForVideo(id));
    expect(video).toMatchObject({ id, status: "COMPLETED", progress: 100 });
    expect(video.videoUrl).toBeTruthy();
    expect(video.downloadUrl).toBeTruthy();
    expect(h.polls().every((poll) => poll.rootFields.join() === "video")).toBe(true);
  });

  it("waitForAudio follows audioStatus until the finished audio is present", async () => {
    const h = studio.create();
    const { audioId } = await h.music();
    const seen: string[] = [];
    const status = await h.run(
      h.poller.waitForAudio(audioId, {
        onUpdate: (record) => seen.push(`${record.status} ${record.audio ? "audio" : "-"}`),
      }),
    );
    expect(status).toMatchObject({ audioId, status: "COMPLETED", errorMessage: null });
    expect(status.audio).toMatchObject({ id: audioId, musicProvider: "ember" });
    expect(status.audio?.downloadUrl).toBeTruthy();
    expect(seen.at(-1)).toBe("COMPLETED audio");
    expect(h.polls().every((poll) => poll.rootFields.join() === "audioStatus")).toBe(true);
  });

  it("waitForAudio keeps polling a COMPLETED status whose audio is not there yet", async () => {
    const h = studio.create({ jobMs: 8_000 });
    let hidden = 0;
    studio.server.use(
      rewritePolls(h.sandbox, (body) => {
        const record = body.data?.a0;
        if (record?.status === "COMPLETED" && hidden < 1) {
          hidden += 1;
          record.audio = null;
        }
      }),
    );
    const { audioId } = await h.music();
    const seen: string[] = [];
    const status = await h.run(
      h.poller.waitForAudio(audioId, {
        onUpdate: (record) => seen.push(`${record.status} ${record.audio ? "audio" : "-"}`),
      }),
    );
    expect(seen.slice(-2)).toEqual(["COMPLETED -", "COMPLETED audio"]);
    expect(status.audio).not.toBeNull();
  });

  it("waitForAudio resolves a failed track with its errorMessage", async () => {
    const h = studio.create();
    const { audioId } = await h.music("[fail] a broken tune");
    const status = await h.run(h.poller.waitForAudio(audioId));
    expect(status).toMatchObject({ audioId, status: "FAILED", audio: null });
    expect(status.errorMessage).toEqual(expect.any(String));
  });

  it("waitForJob follows a running background job to the end, and sees a finished one at the first poll", async () => {
    const h = studio.create({ jobMs: 6_000 });
    const [running, finished] = await h.run(
      Promise.all([h.poller.waitForJob("job_product_scrape"), h.poller.waitForJob("job_brand_analysis")]),
    );
    expect(finished).toMatchObject({ id: "job_brand_analysis", status: "COMPLETED", type: "BRAND_ANALYSIS" });
    expect(finished.children?.map((child) => child.status)).toEqual(["COMPLETED", "COMPLETED"]);
    expect(running).toMatchObject({ id: "job_product_scrape", status: "COMPLETED", type: "PRODUCT_SCRAPE" });
    expect(running.completedAt).toEqual(expect.any(String));
    // The scrape takes 60 s: polls at 5 (both), 15, 30, 50 and 70 s.
    expect(h.pollTimes()).toEqual([5, 15, 30, 50, 70]);
    expect(h.polls()[0]?.rootFields).toEqual(["backgroundJob", "backgroundJob"]);
  });

  it("waitForJob follows the jobId a music generation returns", async () => {
    const h = studio.create();
    const { jobId } = await h.music();
    const job = await h.run(h.poller.waitForJob(jobId));
    expect(job).toMatchObject({ id: jobId, status: "COMPLETED" });
  });
});
