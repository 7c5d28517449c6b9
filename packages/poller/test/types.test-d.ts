import type { StudioClient } from "@studio-kit/core";
import type { RecordStatus } from "@studio-kit/operations";
import { describe, expectTypeOf, it } from "vitest";
import { createPoller, type PolledAudio, type PolledImage, type PolledJob, type PolledVideo } from "../src/index.js";

declare const client: StudioClient;
const poller = createPoller(client);

describe("types", () => {
  it("resolves each wait with its kind's record", () => {
    expectTypeOf(poller.waitForImages(["img_1"])).resolves.toEqualTypeOf<PolledImage[]>();
    expectTypeOf(poller.waitForVideo("vid_1")).resolves.toEqualTypeOf<PolledVideo>();
    expectTypeOf(poller.waitForAudio("aud_1")).resolves.toEqualTypeOf<PolledAudio>();
    expectTypeOf(poller.waitForJob("job_1")).resolves.toEqualTypeOf<PolledJob>();
  });

  it("types onUpdate's record and the status as the open RecordStatus", () => {
    poller.waitForAudio("aud_1", {
      onUpdate: (record) => {
        expectTypeOf(record.audio).toEqualTypeOf<PolledAudio["audio"]>();
        expectTypeOf(record.status).toEqualTypeOf<RecordStatus | null>();
      },
    });
    // @ts-expect-error: a video has no `audio`
    poller.waitForVideo("vid_1", { onUpdate: (record) => record.audio });
  });
});
