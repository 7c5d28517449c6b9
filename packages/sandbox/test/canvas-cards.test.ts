import { CanvasSectionsDocument, CreateCanvasCardDocument, CreateCanvasCardsDocument } from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { type Box, card, cardsOf, conversationId, expectError, overlaps, SEEDED } from "./support/boards.js";
import { ok, send, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

describe("createCanvasCard", () => {
  it("keeps the position and size the client sends", async () => {
    const sandbox = sandboxes.create();
    const geometry = { positionX: -500, positionY: 40.5, width: 100, height: 50 };
    const response = await card(sandbox, { id: "c1", assetType: "image", assetId: "img_boot_macro", ...geometry });
    expect(response.data?.createCanvasCard).toEqual({
      success: true,
      card: { id: "c1", assetType: "image", assetId: "img_boot_macro", ...geometry },
    });
  });

  it("sizes a card from its asset's aspect ratio and places it clear of every card and section", async () => {
    const sandbox = sandboxes.create();
    const sections = (await ok(sandbox, CanvasSectionsDocument, { conversationId })).canvasSections ?? [];
    const existing = [...(await cardsOf(sandbox)), ...sections];
    const response = await card(sandbox, { id: "c1", assetType: "image", assetId: "img_tent_night" });
    const placed = response.data?.createCanvasCard?.card;
    // img_tent_night is 4:5: the long side is the height.
    expect(placed).toMatchObject({ width: 256, height: 320 });
    for (const other of existing) expect(overlaps(placed ?? ({} as Box), other)).toBe(false);
    const readBack = (await cardsOf(sandbox)).find((each) => each.id === "c1");
    expect(readBack).toMatchObject({ ...placed, asset: { __typename: "Image", id: "img_tent_night" } });
  });

  it("sizes a note without an asset with the note's default size", async () => {
    const sandbox = sandboxes.create();
    const response = await card(sandbox, { id: "c1", assetType: "sticky_note", assetId: "note_new" });
    expect(response.data?.createCanvasCard?.card).toMatchObject({ width: 240, height: 240 });
  });

  it("answers a resend of the same id with the card already made, not a duplicate", async () => {
    const sandbox = sandboxes.create();
    const first = await card(sandbox, { id: "c1", assetType: "image", assetId: "img_boot_macro" });
    const again = await card(sandbox, { id: "c1", assetType: "image", assetId: "img_boot_macro" });
    expect(again.data).toEqual(first.data);
    expect((await cardsOf(sandbox)).filter((each) => each.id === "c1")).toHaveLength(1);
  });

  it("refuses a second card for an asset already on the canvas, or an id already in use", async () => {
    const sandbox = sandboxes.create();
    const twice = await card(sandbox, { id: "c1", assetType: "image", assetId: "img_trail_dawn" });
    expectError(twice, "BAD_USER_INPUT", /already on this canvas as card card_trail_dawn/);
    const reused = await card(sandbox, { id: "card_trail_dawn", assetType: "image", assetId: "img_boot_macro" });
    expectError(reused, "BAD_USER_INPUT", /choose a new id/);
    expect(await cardsOf(sandbox)).toHaveLength(3);
  });

  it("refuses another workspace's canvas, workspace id or asset", async () => {
    const sandbox = sandboxes.create();
    const vars = { id: "c1", assetType: "image", assetId: "img_boot_macro", origin: "API" };
    const globexCanvas = { ...vars, conversationId: "conv_globex", workspaceId: sandbox.workspaceId };
    expectError(await send(sandbox, CreateCanvasCardDocument, globexCanvas), "FORBIDDEN");
    const globexWorkspace = { ...vars, conversationId, workspaceId: sandbox.otherWorkspaceId };
    expectError(await send(sandbox, CreateCanvasCardDocument, globexWorkspace), "FORBIDDEN");
    const secret = await card(sandbox, { id: "c1", assetType: "image", assetId: "img_globex_secret" });
    expectError(secret, "FORBIDDEN", /another workspace/);
    expectError(await card(sandbox, { id: "c1", assetType: "image", assetId: "img_nope" }), "NOT_FOUND");
  });

  it.each([
    ["a zero width", { width: 0, height: 10 }, /width must be greater than 0/],
    ["a negative height", { width: 10, height: -1 }, /height must be greater than 0/],
    ["half a position", { positionX: 10 }, /positionX and positionY together/],
    ["half a size", { width: 10 }, /width and height together/],
    ["an empty id", { id: " " }, /id must be a non-empty string/],
  ])("refuses %s with BAD_USER_INPUT and writes nothing", async (_, bad, message) => {
    const sandbox = sandboxes.create();
    const response = await card(sandbox, { id: "c1", assetType: "image", assetId: "img_boot_macro", ...bad });
    expectError(response, "BAD_USER_INPUT", message);
    expect(await cardsOf(sandbox)).toHaveLength(3);
  });
});

describe("createCanvasCards", () => {
  const entry = (id: string, assetId: string, assetType = "image") => ({ id, assetType, assetId, origin: "API" });

  it("lays out a batch sent without coordinates as one block clear of the existing cards", async () => {
    const sandbox = sandboxes.create();
    const batch = [
      entry("b1", "img_tent_night"),
      entry("b2", "img_boot_macro"),
      entry("b3", "img_bike_city"),
      entry("b4", "note_batch", "sticky_note"),
    ];
    const { createCanvasCards } = await ok(sandbox, CreateCanvasCardsDocument, {
      conversationId,
      workspaceId: sandbox.workspaceId,
      cards: batch,
    });
    expect(createCanvasCards).toEqual({ success: true, ids: ["b1", "b2", "b3", "b4"] });
    const all = await cardsOf(sandbox);
    const placed = all.filter((each) => createCanvasCards?.ids?.includes(each.id));
    const existing = all.filter((each) => SEEDED.includes(each.id));
    const xs = placed.map((each) => each.positionX ?? 0);
    const ys = placed.map((each) => each.positionY ?? 0);
    const block = {
      positionX: Math.min(...xs),
      positionY: Math.min(...ys),
      width: Math.max(...placed.map((each) => (each.positionX ?? 0) + (each.width ?? 0))) - Math.min(...xs),
      height: Math.max(...placed.map((each) => (each.positionY ?? 0) + (each.height ?? 0))) - Math.min(...ys),
    };
    for (const other of existing) expect(overlaps(block, other)).toBe(false);
    for (const a of placed) for (const b of placed) if (a !== b) expect(overlaps(a, b)).toBe(false);
    // A grid of two columns and two rows.
    expect(new Set(xs).size).toBe(2);
    expect(new Set(ys).size).toBe(2);
  });

  it("keeps the coordinates a batch sends and places the other cards clear of everything", async () => {
    const sandbox = sandboxes.create();
    const fixed = { positionX: 5000, positionY: 0, width: 100, height: 100 };
    await ok(sandbox, CreateCanvasCardsDocument, {
      conversationId,
      workspaceId: sandbox.workspaceId,
      cards: [entry("b1", "img_tent_night"), { ...entry("b2", "img_boot_macro"), ...fixed }],
    });
    const all = await cardsOf(sandbox);
    const [free, kept] = [all.find((each) => each.id === "b1"), all.find((each) => each.id === "b2")];
    expect(kept).toMatchObject(fixed);
    for (const other of all) if (other !== free) expect(overlaps(free ?? ({} as Box), other)).toBe(false);
  });

  it("writes nothing when one entry of the batch is refused", async () => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, CreateCanvasCardsDocument, {
      conversationId,
      workspaceId: sandbox.workspaceId,
      cards: [entry("b1", "img_tent_night"), { ...entry("b2", "img_boot_macro"), width: -1, height: 5 }],
    });
    expectError(response, "BAD_USER_INPUT", /cards\[1\]\.width/);
    expect((await cardsOf(sandbox)).map((each) => each.id)).toEqual(SEEDED);
  });

  it("refuses the same card id twice in one batch", async () => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, CreateCanvasCardsDocument, {
      conversationId,
      workspaceId: sandbox.workspaceId,
      cards: [entry("b1", "img_tent_night"), entry("b1", "img_boot_macro")],
    });
    expectError(response, "BAD_USER_INPUT", /appears twice/);
    expect(await cardsOf(sandbox)).toHaveLength(3);
  });
});
