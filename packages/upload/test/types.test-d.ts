import type { StudioClient } from "@studio-kit/core";
import { describe, expectTypeOf, it } from "vitest";
import { type UploadedAsset, type UploadResult, uploadFile, uploadFiles } from "../src/index.js";

declare const client: StudioClient;

describe("types", () => {
  it("resolves with the fileId and an asset narrowed by __typename", () => {
    expectTypeOf(uploadFile(client, { path: "photo.png" })).resolves.toEqualTypeOf<UploadResult>();
    expectTypeOf<UploadResult["asset"]>().toEqualTypeOf<UploadedAsset | null>();
    const asset = {} as UploadedAsset;
    if (asset.__typename === "Video") expectTypeOf(asset.videoUrl).toEqualTypeOf<string | null>();
    if (asset.__typename === "Audio") expectTypeOf(asset.durationMs).toEqualTypeOf<number | null>();
    if (asset.__typename === "Image") expectTypeOf(asset.width).toEqualTypeOf<number | null>();
    expectTypeOf(uploadFiles(client, [])).resolves.toEqualTypeOf<PromiseSettledResult<UploadResult>[]>();
  });

  it("takes exactly one source: a path, a blob, or a stream with its size", () => {
    uploadFile(client, { blob: new Blob([]) });
    uploadFile(client, { stream: new ReadableStream<Uint8Array>(), size: 10 });
    // @ts-expect-error a stream needs its size
    uploadFile(client, { stream: new ReadableStream<Uint8Array>() });
    // @ts-expect-error two sources
    uploadFile(client, { path: "photo.png", blob: new Blob([]) });
    // @ts-expect-error no source
    uploadFile(client, { contentType: "image/png" });
    // @ts-expect-error the category is one of the spec's UploadCategory values
    uploadFile(client, { path: "photo.png", category: "IMAGE" });
  });
});
