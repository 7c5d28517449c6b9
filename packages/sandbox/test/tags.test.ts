import {
  AddAssetTagDocument,
  AssetTagFacetsDocument,
  AssetTagsDocument,
  RemoveAssetTagDocument,
  RequestAssetAutoTagDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { ok, send, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

describe("asset tags", () => {
  it("adds a tag that then shows in the asset's tags and in the facet counts", async () => {
    const sandbox = sandboxes.create();
    const workspaceId = sandbox.workspaceId;
    const before = await ok(sandbox, AssetTagFacetsDocument, { workspaceId });
    const calmBefore = before.assetTagFacets?.find((facet) => facet.value === "calm")?.count ?? 0;

    const { addAssetTag } = await ok(sandbox, AddAssetTagDocument, {
      workspaceId,
      assetId: "img_bike_city",
      assetType: "IMAGE",
      value: "calm",
      dimension: "mood",
    });
    expect(addAssetTag).toMatchObject({ value: "calm", dimension: "mood", source: "USER" });

    const tags = await ok(sandbox, AssetTagsDocument, { workspaceId, assetId: "img_bike_city", assetType: "IMAGE" });
    expect(tags.assetTags?.map((tag) => tag.value).sort()).toEqual(["calm", "cyclist"]);
    const after = await ok(sandbox, AssetTagFacetsDocument, { workspaceId });
    expect(after.assetTagFacets?.find((facet) => facet.value === "calm")?.count).toBe(calmBefore + 1);
  });

  it("removes a tag, and the facet count falls", async () => {
    const sandbox = sandboxes.create();
    const workspaceId = sandbox.workspaceId;
    await ok(sandbox, RemoveAssetTagDocument, { workspaceId, tagId: "tag_2" });
    const { assetTagFacets } = await ok(sandbox, AssetTagFacetsDocument, { workspaceId, assetType: "IMAGE" });
    expect(assetTagFacets?.find((facet) => facet.value === "calm")?.count).toBe(1);
    const again = await send(sandbox, RemoveAssetTagDocument, { workspaceId, tagId: "tag_2" });
    expect(again.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("auto-tags images with AI-sourced tags and a confidence", async () => {
    const sandbox = sandboxes.create();
    const workspaceId = sandbox.workspaceId;
    await ok(sandbox, RequestAssetAutoTagDocument, { workspaceId, imageIds: ["img_bike_city"] });
    const { assetTags } = await ok(sandbox, AssetTagsDocument, {
      workspaceId,
      assetId: "img_bike_city",
      assetType: "IMAGE",
    });
    const ai = assetTags?.filter((tag) => tag.source === "AI") ?? [];
    // "cyclist" is already a USER tag of this image, so the auto-tagger does not add it again.
    expect(ai.map((tag) => tag.value)).toEqual(["city", "rain"]);
    expect(ai.every((tag) => (tag.confidence ?? 0) >= 0.7 && (tag.confidence ?? 0) < 1)).toBe(true);
  });

  it("refuses an empty value, an unknown asset type and another workspace's asset", async () => {
    const sandbox = sandboxes.create();
    const workspaceId = sandbox.workspaceId;
    const empty = await send(sandbox, AddAssetTagDocument, {
      workspaceId,
      assetId: "img_bike_city",
      assetType: "IMAGE",
      value: "  ",
    });
    expect(empty.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    const wrongType = await send(sandbox, AssetTagsDocument, {
      workspaceId,
      assetId: "img_bike_city",
      assetType: "SOFA",
    });
    expect(wrongType.errors?.[0]?.message).toMatch(/use one of IMAGE/);
    const other = await send(sandbox, AssetTagsDocument, {
      workspaceId,
      assetId: "img_globex_secret",
      assetType: "IMAGE",
    });
    expect(other.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
