import { validateMessage } from "@studio-kit/slack-sim";
import { describe, expect, it } from "vitest";
import { actions, type Block, message } from "../src/messages/blocks.js";
import { ACTIONS } from "../src/messages/ids.js";
import { assetButtons, jobButtons, videoToolButtons } from "../src/messages/result-buttons.js";

const ctx = { user: "U0ALICE", prompt: "a fox", jobId: "job_7" };
const asset = { id: "img_1" };
const read = (elements: Block[]) =>
  elements.map((element) => [element.action_id, JSON.parse(String(element.value))] as const);

describe("result buttons", () => {
  it("gives an image its edits and Animate, each carrying the image and the job that made it", () => {
    expect(read(assetButtons(asset, ctx))).toEqual([
      [ACTIONS.addToBoard, { assetId: "img_1" }],
      [ACTIONS.variations, { imageId: "img_1", jobId: "job_7" }],
      [ACTIONS.upscale, { imageId: "img_1", jobId: "job_7" }],
      [ACTIONS.removeBackground, { imageId: "img_1", jobId: "job_7" }],
      [ACTIONS.animate, { imageId: "img_1", jobId: "job_7" }],
    ]);
  });

  it("gives a video its format buttons and an audio only Add to board, both with their card kind", () => {
    expect(read(assetButtons({ id: "vid_1" }, ctx, "video"))).toEqual([
      [ACTIONS.addToBoard, { assetId: "vid_1", assetType: "video" }],
      [ACTIONS.videoVertical, { videoId: "vid_1", ratio: "9:16" }],
      [ACTIONS.videoSquare, { videoId: "vid_1", ratio: "1:1" }],
    ]);
    expect(read(assetButtons({ id: "aud_1" }, ctx, "audio"))).toEqual([
      [ACTIONS.addToBoard, { assetId: "aud_1", assetType: "audio" }],
    ]);
  });

  it('puts "Add to <default board>" first, its label cut to Slack\'s 75 characters', () => {
    const board = { id: "ses_1", title: "T".repeat(300) };
    const [first, second] = assetButtons(asset, { ...ctx, defaultBoard: board });
    expect(first?.action_id).toBe(ACTIONS.addToDefaultBoard);
    expect(JSON.parse(String(first?.value))).toEqual({ assetId: "img_1", boardId: "ses_1" });
    const label = (first?.text as { text?: string } | undefined)?.text ?? "";
    expect(label).toMatch(/^Add to T+/);
    expect(label.length).toBeLessThanOrEqual(75);
    expect(second?.action_id).toBe(ACTIONS.addToBoard);
  });

  it("offers Regenerate and Remix with the job id, and the first asset for when the job is gone", () => {
    const [row] = jobButtons(ctx, "img_1");
    const elements = (row?.elements ?? []) as Block[];
    expect(read(elements)).toEqual([
      [ACTIONS.regenerate, { jobId: "job_7", imageId: "img_1" }],
      [ACTIONS.remix, { jobId: "job_7", assetId: "img_1", kind: "image" }],
    ]);
    expect(read((jobButtons(ctx)[0]?.elements ?? []) as Block[])).toEqual([
      [ACTIONS.regenerate, { jobId: "job_7" }],
      [ACTIONS.remix, { jobId: "job_7", kind: "image" }],
    ]);
    // Regenerate's fallback reads images only: a video's row names the video for Remix alone.
    expect(read((jobButtons(ctx, "vid_1", "video")[0]?.elements ?? []) as Block[])).toEqual([
      [ACTIONS.regenerate, { jobId: "job_7" }],
      [ACTIONS.remix, { jobId: "job_7", assetId: "vid_1", kind: "video" }],
    ]);
  });

  it("leaves Remix out of a result made from another asset, and of an audio whose job is not known", () => {
    const ids = (blocks: Block[]) => ((blocks[0]?.elements ?? []) as Block[]).map((element) => element.action_id);
    expect(ids(jobButtons({ ...ctx, remix: false }, "aud_1", "audio"))).toEqual([ACTIONS.regenerate]);
    expect(jobButtons({ user: "U0ALICE", prompt: "folk" }, "aud_1", "audio")).toEqual([]);
    expect(ids(jobButtons({ user: "U0ALICE", prompt: "waves" }, "vid_1", "video"))).toEqual([ACTIONS.remix]);
  });

  it("gives a video its tools, each carrying the video and the job that made it", () => {
    const ids = { videoId: "vid_1", jobId: "job_7" };
    expect(read(videoToolButtons({ id: "vid_1" }, ctx))).toEqual([
      [ACTIONS.videoSound, ids],
      [ACTIONS.videoSubtitles, ids],
      [ACTIONS.videoUpscale, ids],
      [ACTIONS.videoColourLook, ids],
    ]);
  });

  it("leaves Regenerate out when there is nothing to regenerate from", () => {
    expect(jobButtons({ user: "U0ALICE", prompt: "a fox" })).toEqual([]);
    const [variations] = assetButtons(asset, { user: "U0ALICE", prompt: "a fox" }).slice(1);
    expect(JSON.parse(String(variations?.value))).toEqual({ imageId: "img_1" });
  });

  it("stays within Slack's limits with long ids", () => {
    const long = { ...ctx, jobId: "j".repeat(900), defaultBoard: { id: "b".repeat(900), title: "Board" } };
    const blocks = [actions(assetButtons({ id: "i".repeat(900) }, long)), ...jobButtons(long, "i".repeat(900))];
    expect(validateMessage(message("Result", blocks).blocks as never, "Result")).toEqual({ ok: true });
  });
});
