import { ImageDocument } from "@studio-kit/operations";
import { describe, expect, it } from "vitest";
import {
  addToBoard,
  createBoard,
  generateImages,
  getCredits,
  listBoards,
  listCards,
  searchAssets,
} from "../src/index.js";
import { useStudio } from "./support/studio.js";

const studio = useStudio();

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe("helpers", () => {
  it("pins the workspace once: the key decides it, and it is asked for only once", async () => {
    const { sandbox, client } = studio.create();
    expect(await client.workspaceId()).toBe(sandbox.workspaceId);
    expect(await client.workspace()).toEqual({ id: sandbox.workspaceId, name: "Acme Studio" });
    await getCredits(client);
    expect(sandbox.stats().operations.ApiCredentialWorkspace).toBe(1);
  });

  it("getCredits reads the pinned workspace's balance and daily allowance", async () => {
    const { client } = studio.create();
    const credits = await getCredits(client);
    expect(credits.balance).toBe(400);
    expect(credits.dailyFree).toMatchObject({ limit: 20, remaining: 20 });
  });

  it("lists boards, creates one, and reads its canvas by conversationId", async () => {
    const { client } = studio.create();
    const board = await createBoard(client, { title: "Launch moodboard" });
    const boards = await listBoards(client);
    expect(boards.map((item) => item.title)).toContain("Launch moodboard");
    expect(await listCards(client, board)).toEqual([]);
  });

  it("generates images without any sessionId, then puts them on a board as one block", async () => {
    const { sandbox, client } = studio.create();
    const images = await generateImages(client, { prompt: "a lighthouse at dusk", aspectRatio: "16:9", count: 2 });
    expect(images.map((image) => image.status)).toEqual(["QUEUED", "QUEUED"]);
    expect(images.every((image) => image.sessionId === null)).toBe(true);
    sandbox.advance(5_000);
    const finished = await client.request(ImageDocument, { id: images[0]?.id ?? "" });
    expect(finished.image?.status).toBe("COMPLETED");

    const board = await createBoard(client, { title: "Lighthouses" });
    const ids = await addToBoard(
      client,
      board,
      images.map((image) => ({ assetType: "image", assetId: image.id })),
    );
    expect(ids).toHaveLength(2);
    const cards = await listCards(client, board);
    expect(cards.map((card) => card.assetId).sort()).toEqual(images.map((image) => image.id).sort());
    expect(cards.every((card) => card.asset?.__typename === "Image")).toBe(true);
  });

  it("searchAssets walks the library with a term and filters", async () => {
    const { client } = studio.create();
    const found = await collect(searchAssets(client, { term: "milky way", types: ["IMAGE"] }));
    const tagged = await collect(searchAssets(client, { tags: [{ value: "calm" }] }, { pageSize: 1 }));
    expect(found.map((asset) => asset.id)).toEqual(["img_tent_night"]);
    expect(tagged.map((asset) => asset.id).sort()).toEqual(["img_tent_night", "img_trail_dawn"]);
  });
});
