import {
  BatchUpdateCanvasCardPositionsDocument,
  BatchUpdateCanvasCardZOrderDocument,
  DeleteCanvasCardDocument,
  DeleteCanvasCardsDocument,
  ImageDocument,
  UpdateCanvasCardElementDocument,
  UpdateCanvasCardPositionDocument,
  UpdateCanvasCardStyleDocument,
  UpdateCanvasCardTextDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { cardsOf, conversationId, expectError } from "./support/boards.js";
import { ok, send, sendRaw, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

describe("moving and ordering cards", () => {
  it("moves and resizes a card, and refuses an unknown one with NOT_FOUND", async () => {
    const sandbox = sandboxes.create();
    const move = { conversationId, assetType: "sticky_note", positionX: 10, positionY: 20, width: 300, height: 200 };
    await ok(sandbox, UpdateCanvasCardPositionDocument, { ...move, assetId: "note_brief" });
    expect((await cardsOf(sandbox))[1]).toMatchObject({ positionX: 10, positionY: 20, width: 300, height: 200 });
    expectError(await send(sandbox, UpdateCanvasCardPositionDocument, { ...move, assetId: "nope" }), "NOT_FOUND");
    const flat = await send(sandbox, UpdateCanvasCardPositionDocument, { ...move, assetId: "note_brief", height: 0 });
    expectError(flat, "BAD_USER_INPUT", /height/);
  });

  it("moves cards in one batch, and inserts a card it does not find, as the spec warns", async () => {
    const sandbox = sandboxes.create();
    const at = { positionX: 0, positionY: 900, width: 100, height: 100 };
    await ok(sandbox, BatchUpdateCanvasCardPositionsDocument, {
      conversationId,
      cards: [
        { assetType: "image", assetId: "img_trail_dawn", ...at },
        { assetType: "image", assetId: "img_typo", ...at, positionX: 200 },
      ],
    });
    const cards = await cardsOf(sandbox);
    expect(cards[0]).toMatchObject({ id: "card_trail_dawn", ...at });
    expect(cards).toHaveLength(4);
    expect(cards[3]).toMatchObject({ assetId: "img_typo", positionX: 200, asset: null });
  });

  it("slides a card between two others with a fractional z", async () => {
    const sandbox = sandboxes.create();
    await ok(sandbox, BatchUpdateCanvasCardZOrderDocument, {
      conversationId,
      entries: [
        { assetType: "image", assetId: "img_trail_dawn", zIndex: 1 },
        { assetType: "sticky_note", assetId: "note_brief", zIndex: 2 },
        { assetType: "element", assetId: "shape_frame", zIndex: 1.5 },
      ],
    });
    const byZ = [...(await cardsOf(sandbox))].sort((a, b) => (a.zIndex ?? 0) - (b.zIndex ?? 0));
    expect(byZ.map((each) => [each.assetId, each.zIndex])).toEqual([
      ["img_trail_dawn", 1],
      ["shape_frame", 1.5],
      ["note_brief", 2],
    ]);
  });

  it("refuses a z-order batch naming an unknown card and changes nothing", async () => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, BatchUpdateCanvasCardZOrderDocument, {
      conversationId,
      entries: [
        { assetType: "sticky_note", assetId: "note_brief", zIndex: 9 },
        { assetType: "image", assetId: "img_ghost", zIndex: 10 },
      ],
    });
    expectError(response, "BAD_USER_INPUT", /image\/img_ghost/);
    expect((await cardsOf(sandbox))[1]?.zIndex).toBe(2);
  });
});

describe("removing cards", () => {
  it("soft-deletes a card: hidden by default, shown with removedAt by includeRemoved, its image kept", async () => {
    const sandbox = sandboxes.create();
    sandbox.advance(5000);
    const removal = { conversationId, assetType: "image", assetId: "img_trail_dawn" };
    await ok(sandbox, DeleteCanvasCardDocument, removal);
    expect((await cardsOf(sandbox)).map((each) => each.id)).not.toContain("card_trail_dawn");
    const removed = (await cardsOf(sandbox, true)).find((each) => each.id === "card_trail_dawn");
    expect(removed?.removedAt).toBe(sandbox.clock.iso());
    const { image } = await ok(sandbox, ImageDocument, { id: "img_trail_dawn" });
    expect(image?.id).toBe("img_trail_dawn");
    // Removing it again is not an error; an unknown card is.
    expect((await ok(sandbox, DeleteCanvasCardDocument, removal)).deleteCanvasCard?.success).toBe(true);
    const unknown = await send(sandbox, DeleteCanvasCardDocument, { ...removal, assetId: "img_nope" });
    expectError(unknown, "NOT_FOUND");
  });

  it("removes a selection idempotently: twice, and with unknown entries, it still succeeds", async () => {
    const sandbox = sandboxes.create();
    const entries = [
      { assetType: "sticky_note", assetId: "note_brief" },
      { assetType: "element", assetId: "shape_frame" },
      { assetType: "image", assetId: "img_never_placed" },
    ];
    for (let time = 0; time < 2; time += 1) {
      const { deleteCanvasCards } = await ok(sandbox, DeleteCanvasCardsDocument, { conversationId, entries });
      expect(deleteCanvasCards?.success).toBe(true);
    }
    expect((await cardsOf(sandbox)).map((each) => each.id)).toEqual(["card_trail_dawn"]);
  });
});

describe("notes and shapes", () => {
  const note = { conversationId, assetId: "note_brief" };

  it("replaces a card's text, never appends", async () => {
    const sandbox = sandboxes.create();
    await ok(sandbox, UpdateCanvasCardTextDocument, { ...note, assetType: "sticky_note", text: "New brief" });
    expect((await cardsOf(sandbox))[1]?.text).toBe("New brief");
    const unknown = await send(sandbox, UpdateCanvasCardTextDocument, { ...note, assetType: "element", text: "x" });
    expectError(unknown, "NOT_FOUND");
  });

  it("overwrites a note's style wholesale", async () => {
    const sandbox = sandboxes.create();
    const style = { fill: "#FFFFFF", textAlign: "center", textSize: 24 };
    await ok(sandbox, UpdateCanvasCardStyleDocument, { ...note, style });
    expect((await cardsOf(sandbox))[1]?.style).toEqual(style);
  });

  it("refuses a style for a card that is not a note, and a text size that is not positive", async () => {
    const sandbox = sandboxes.create();
    const query = `mutation { updateCanvasCardStyle(input: { conversationId: "conv_spring", assetType: "element",
      assetId: "shape_frame", style: { fill: "#000", textAlign: "left", textSize: 12 } }) { success } }`;
    expectError(await sendRaw(sandbox, { query }), "BAD_USER_INPUT", /sticky_note/);
    const style = { fill: "#FFFFFF", textAlign: "center", textSize: 0 };
    expectError(await send(sandbox, UpdateCanvasCardStyleDocument, { ...note, style }), "BAD_USER_INPUT", /textSize/);
  });

  it("rewrites a shape in the typed form, its text read back as the card's text", async () => {
    const sandbox = sandboxes.create();
    const shape = { type: "ellipse", text: "Hero", fill: "#000000" };
    await ok(sandbox, UpdateCanvasCardElementDocument, { conversationId, assetId: "shape_frame", shape });
    expect((await cardsOf(sandbox))[2]?.text).toBe("Hero");
    expect(sandbox.state.cards.get("card_shape_frame")?.shape).toEqual(shape);
  });

  it("refuses a shape type outside rectangle, ellipse and text, naming the allowed list", async () => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, UpdateCanvasCardElementDocument, {
      conversationId,
      assetId: "shape_frame",
      shape: { type: "star" },
    });
    expectError(response, "BAD_USER_INPUT", /rectangle, ellipse, text/);
    expect(response.errors?.[0]?.extensions?.allowed).toEqual(["rectangle", "ellipse", "text"]);
    const query = `mutation { updateCanvasCardElement(input: { conversationId: "conv_spring", assetType: "sticky_note",
      assetId: "note_brief", shape: { type: "rectangle" } }) { success } }`;
    expectError(await sendRaw(sandbox, { query }), "BAD_USER_INPUT", /element/);
  });
});
