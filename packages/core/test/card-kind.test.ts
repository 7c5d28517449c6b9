// A card's kind in words, the same in every app: the playground's board view and `studio board show` (issue 27).
import { describe, expect, it } from "vitest";
import { cardKindLabel, listBoards, listCards } from "../src/index.js";
import { useStudio } from "./support/studio.js";

const studio = useStudio();

describe("cardKindLabel", () => {
  it.each([
    ["image", "Image"],
    ["video", "Video"],
    ["audio", "Audio"],
    ["sticky_note", "Note"],
    ["element", "Shape"],
    ["connector", "Connector"],
    ["videosequence", "Video sequence"],
    ["VideoSequence", "Video sequence"],
    ["brand_asset", "Brand asset"],
    ["", "Card"],
    [null, "Card"],
  ])("reads %j as %j", (kind, words) => {
    expect(cardKindLabel(kind)).toBe(words);
  });

  it("reads a card by its assetType, else its asset's type, else its text", () => {
    expect(cardKindLabel({ assetType: "sticky_note", asset: null, text: "Brief" })).toBe("Note");
    expect(cardKindLabel({ assetType: null, asset: { __typename: "VideoSequence" } })).toBe("Video sequence");
    expect(cardKindLabel({ assetType: null, asset: null, text: "A line" })).toBe("Text");
    expect(cardKindLabel({ assetType: null, asset: null, text: null })).toBe("Card");
  });

  it("names every card of the seeded board in words, never by its code", async () => {
    const { client } = studio.create();
    const board = (await listBoards(client)).find((each) => each.title === "Spring campaign");
    const cards = await listCards(client, board ?? { conversationId: null });
    expect(cards.map((card) => cardKindLabel(card))).toEqual(["Image", "Note", "Shape"]);
  });
});
