import {
  AssetsDocument,
  FontsDocument,
  ImageDocument,
  ImagesDocument,
  LogosDocument,
  ProductDocument,
  ProductsDocument,
  VideoDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import type { ImageRecord } from "../src/state/types.js";
import { ok, send, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

describe("library search (assets)", () => {
  it("lists every kind of asset of the workspace by default, newest first, never another workspace's", async () => {
    const sandbox = sandboxes.create();
    const { assets } = await ok(sandbox, AssetsDocument, { workspaceId: sandbox.workspaceId });
    const kinds = new Set(assets?.edges.map((edge) => edge.node.__typename));
    expect(kinds).toEqual(new Set(["Image", "Video", "Audio", "Logo", "PromptAsset", "Creative"]));
    const ids = assets?.edges.map((edge) => edge.node.id) ?? [];
    expect(ids).not.toContain("img_globex_secret");
    const created =
      assets?.edges.flatMap((edge) => ("createdAt" in edge.node ? [edge.node.createdAt ?? ""] : [])) ?? [];
    expect(created).toEqual([...created].sort().reverse());
  });

  it("filters by type and by a term in names, prompts and text", async () => {
    const sandbox = sandboxes.create();
    const images = await ok(sandbox, AssetsDocument, { workspaceId: sandbox.workspaceId, types: ["IMAGE"] });
    expect(images.assets?.edges.every((edge) => edge.node.__typename === "Image")).toBe(true);
    const tent = await ok(sandbox, AssetsDocument, { workspaceId: sandbox.workspaceId, term: "milky WAY" });
    expect(tent.assets?.edges.map((edge) => edge.node.id)).toEqual(["img_tent_night"]);
    const prompt = await ok(sandbox, AssetsDocument, { workspaceId: sandbox.workspaceId, term: "golden-hour" });
    expect(prompt.assets?.edges.map((edge) => edge.node.__typename)).toEqual(["PromptAsset"]);
  });

  it("filters by tags, every tag filter having to match", async () => {
    const sandbox = sandboxes.create();
    const calm = await ok(sandbox, AssetsDocument, { workspaceId: sandbox.workspaceId, tags: [{ value: "calm" }] });
    expect(calm.assets?.edges.map((edge) => edge.node.id).sort()).toEqual(["img_tent_night", "img_trail_dawn"]);
    const both = await ok(sandbox, AssetsDocument, {
      workspaceId: sandbox.workspaceId,
      tags: [{ value: "calm", dimension: "mood" }, { value: "tent" }],
    });
    expect(both.assets?.edges.map((edge) => edge.node.id)).toEqual(["img_tent_night"]);
  });

  it("pages with cursors until hasNextPage is false, visiting every asset once", async () => {
    const sandbox = sandboxes.create();
    const everything = await ok(sandbox, AssetsDocument, { workspaceId: sandbox.workspaceId });
    const seen: string[] = [];
    let after: string | null | undefined;
    for (let page = 0; page < 20; page += 1) {
      const { assets } = await ok(sandbox, AssetsDocument, { workspaceId: sandbox.workspaceId, first: 3, after });
      seen.push(...(assets?.edges.map((edge) => edge.node.id) ?? []));
      expect(assets?.edges.length).toBeLessThanOrEqual(3);
      if (!assets?.pageInfo.hasNextPage) break;
      after = assets.pageInfo.endCursor;
    }
    expect(seen).toEqual(everything.assets?.edges.map((edge) => edge.node.id));
  });

  it("refuses a cursor it never issued and a page larger than 100, with BAD_USER_INPUT", async () => {
    const sandbox = sandboxes.create();
    for (const variables of [{ after: "bm90LWEtY3Vyc29y" }, { first: 500 }, { first: -1 }]) {
      const response = await send(sandbox, AssetsDocument, { workspaceId: sandbox.workspaceId, ...variables });
      expect(response.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    }
  });

  it("leaves records still generating out unless includeProcessing is true", async () => {
    const sandbox = sandboxes.create();
    const image = sandbox.state.assets.get("img_bike_city") as ImageRecord;
    image._job = { startedAt: sandbox.clock.now(), durationMs: 10_000, failure: null };
    const ids = async (includeProcessing?: boolean) =>
      (
        await ok(sandbox, AssetsDocument, { workspaceId: sandbox.workspaceId, types: ["IMAGE"], includeProcessing })
      ).assets?.edges.map((edge) => edge.node.id) ?? [];
    expect(await ids()).not.toContain("img_bike_city");
    expect(await ids(true)).toContain("img_bike_city");
    sandbox.advance(10_000);
    expect(await ids()).toContain("img_bike_city");
  });
});

describe("images, videos, logos and fonts", () => {
  it("serves an image with an openable downloadUrl that returns its PNG", async () => {
    const sandbox = sandboxes.create();
    const { image } = await ok(sandbox, ImageDocument, { id: "img_trail_dawn" });
    expect(image?.status).toBe("COMPLETED");
    expect(image?.downloadUrl).toMatch(/X-Amz-Signature=/);
    const download = await fetch(image?.downloadUrl ?? "");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("serves a video's MP4 and refuses a download URL whose signature was changed", async () => {
    const sandbox = sandboxes.create();
    const { video } = await ok(sandbox, VideoDocument, { id: "vid_river_crossing" });
    const download = await fetch(video?.downloadUrl ?? "");
    expect(download.headers.get("content-type")).toBe("video/mp4");
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(4, 8).toString("ascii")).toBe("ftyp");
    const tampered = (video?.downloadUrl ?? "").replace(/X-Amz-Signature=[0-9a-f]{4}/, "X-Amz-Signature=0000");
    expect((await fetch(tampered)).status).toBe(403);
  });

  it("refuses another workspace's image, and answers NOT_FOUND for an unknown id", async () => {
    const sandbox = sandboxes.create();
    const other = await send(sandbox, ImageDocument, { id: "img_globex_secret" });
    expect(other.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const missing = await send(sandbox, ImageDocument, { id: "img_nope" });
    expect(missing.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("lists a session batch of images for polling, including processing ones when asked", async () => {
    const sandbox = sandboxes.create();
    const image = sandbox.state.assets.get("img_tent_night") as ImageRecord;
    image.sessionId = "legacy_session_1";
    image._job = { startedAt: sandbox.clock.now(), durationMs: 5_000, failure: null };
    const variables = { workspaceId: sandbox.workspaceId, sessionIds: ["legacy_session_1"] };
    expect((await ok(sandbox, ImagesDocument, variables)).images?.edges).toHaveLength(0);
    const polled = await ok(sandbox, ImagesDocument, { ...variables, includeProcessing: true });
    expect(polled.images?.edges.map((edge) => [edge.node.id, edge.node.status])).toEqual([
      ["img_tent_night", "QUEUED"],
    ]);
  });

  it("pages logos and fonts with the documented defaults", async () => {
    const sandbox = sandboxes.create();
    const { logos } = await ok(sandbox, LogosDocument, { workspaceId: sandbox.workspaceId });
    expect(logos?.edges.map((edge) => edge.node.name)).toEqual(["Acme wordmark", "Acme mark"]);
    const { fonts } = await ok(sandbox, FontsDocument, { workspaceId: sandbox.workspaceId, first: 2 });
    expect(fonts?.edges).toHaveLength(2);
    expect(fonts?.pageInfo.hasNextPage).toBe(true);
  });
});

describe("products", () => {
  it("lists products newest first, each with at most its first four images", async () => {
    const sandbox = sandboxes.create();
    const { products } = await ok(sandbox, ProductsDocument, { workspaceId: sandbox.workspaceId });
    expect(products?.edges.map((edge) => edge.node.name)).toEqual(["City pannier", "Trail boot", "Ridge shell jacket"]);
    const jacket = products?.edges.find((edge) => edge.node.id === "prod_ridge_jacket")?.node;
    expect(jacket?.images?.edges).toHaveLength(4);
    expect(jacket?.images?.pageInfo.hasNextPage).toBe(true);
  });

  it("searches and selects by ids", async () => {
    const sandbox = sandboxes.create();
    const boots = await ok(sandbox, ProductsDocument, { workspaceId: sandbox.workspaceId, search: "footwear" });
    expect(boots.products?.edges.map((edge) => edge.node.id)).toEqual(["prod_trail_boot"]);
    const picked = await ok(sandbox, ProductsDocument, {
      workspaceId: sandbox.workspaceId,
      ids: ["prod_city_pannier", "prod_ridge_jacket"],
    });
    expect(picked.products?.edges).toHaveLength(2);
  });

  it("serves a product's detail with its images and referenced images", async () => {
    const sandbox = sandboxes.create();
    const { product } = await ok(sandbox, ProductDocument, { id: "prod_ridge_jacket" });
    expect(product?.images?.edges).toHaveLength(6);
    expect(product?.referencedImages?.edges).toHaveLength(3);
  });
});
