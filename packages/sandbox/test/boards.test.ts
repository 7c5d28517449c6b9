import {
  BatchUpdateCanvasCardPositionsDocument,
  BatchUpdateCanvasCardZOrderDocument,
  CanvasCardsDocument,
  CanvasSectionsDocument,
  CreateCanvasCardDocument,
  CreateCanvasCardsDocument,
  CreateStudioSessionDocument,
  DeleteCanvasCardDocument,
  DeleteCanvasCardsDocument,
  ImageDocument,
  StudioSessionDocument,
  StudioSessionsDocument,
  UpdateCanvasCardElementDocument,
  UpdateCanvasCardPositionDocument,
  UpdateCanvasCardStyleDocument,
  UpdateCanvasCardTextDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import type { Sandbox } from "../src/index.js";
import { type GraphQLResponse, ok, send, sendRaw, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

const conversationId = "conv_spring";
const SEEDED = ["card_trail_dawn", "card_note_brief", "card_shape_frame"];

interface Box {
  positionX: number | null;
  positionY: number | null;
  width: number | null;
  height: number | null;
}

async function cardsOf(sandbox: Sandbox, includeRemoved = false, canvas = conversationId) {
  return (await ok(sandbox, CanvasCardsDocument, { conversationId: canvas, includeRemoved })).canvasCards ?? [];
}

/** Whether two cards share any area, as a client drawing them would see it. */
function overlaps(a: Box, b: Box): boolean {
  const [ax, ay, aw, ah] = [a.positionX ?? 0, a.positionY ?? 0, a.width ?? 0, a.height ?? 0];
  const [bx, by, bw, bh] = [b.positionX ?? 0, b.positionY ?? 0, b.width ?? 0, b.height ?? 0];
  return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

function expectError(response: GraphQLResponse<unknown>, code: string, message?: RegExp) {
  expect(response.errors?.[0]?.extensions?.code).toBe(code);
  if (message) expect(response.errors?.[0]?.message).toMatch(message);
}

const card = (sandbox: Sandbox, vars: { id: string; assetType: string; assetId: string } & Partial<Box>) =>
  send(sandbox, CreateCanvasCardDocument, { conversationId, workspaceId: sandbox.workspaceId, origin: "API", ...vars });

describe("boards", () => {
  it("lists only the key's boards, most recently updated first", async () => {
    const sandbox = sandboxes.create();
    const before = await ok(sandbox, StudioSessionsDocument, { workspaceId: sandbox.workspaceId });
    expect(before.studioSessions?.map((board) => board.id)).toEqual(["board_launch", "board_spring"]);

    sandbox.advance(60_000);
    await card(sandbox, { id: "c1", assetType: "image", assetId: "img_boot_macro" });
    const after = await ok(sandbox, StudioSessionsDocument, { workspaceId: sandbox.workspaceId });
    expect(after.studioSessions?.map((board) => board.id)).toEqual(["board_spring", "board_launch"]);
    expect(after.studioSessions?.[0]?.updatedAt).toBe(sandbox.clock.iso());
  });

  it("refuses another workspace's board with FORBIDDEN and an unknown one with NOT_FOUND", async () => {
    const sandbox = sandboxes.create();
    expectError(await send(sandbox, StudioSessionDocument, { id: "board_globex" }), "FORBIDDEN", /another workspace/);
    expectError(await send(sandbox, StudioSessionDocument, { id: "board_nope" }), "NOT_FOUND");
  });

  it("counts only the cards present on the canvas in assetCount", async () => {
    const sandbox = sandboxes.create();
    const count = async () =>
      (await ok(sandbox, StudioSessionDocument, { id: "board_spring" })).studioSession?.assetCount;
    expect(await count()).toBe(3);
    await ok(sandbox, DeleteCanvasCardDocument, { conversationId, assetType: "sticky_note", assetId: "note_brief" });
    expect(await count()).toBe(2);
  });

  it("starts a board with its own empty canvas and changes no other board", async () => {
    const sandbox = sandboxes.create();
    const before = await ok(sandbox, StudioSessionsDocument, { workspaceId: sandbox.workspaceId });
    sandbox.advance(1000);
    const { createStudioSession } = await ok(sandbox, CreateStudioSessionDocument, {
      workspaceId: sandbox.workspaceId,
      title: "Autumn",
    });
    const session = createStudioSession?.session;
    expect(createStudioSession?.success).toBe(true);
    expect(session).toMatchObject({ title: "Autumn", createdAt: sandbox.clock.iso() });
    expect(session?.conversationId).not.toBe(conversationId);
    expect(await cardsOf(sandbox, false, session?.conversationId ?? "")).toEqual([]);
    const after = await ok(sandbox, StudioSessionsDocument, { workspaceId: sandbox.workspaceId });
    expect(after.studioSessions?.[0]?.id).toBe(session?.id);
    expect(after.studioSessions?.slice(1)).toEqual(before.studioSessions);
  });

  it("refuses a board for another workspace, or a visibility that is not a string", async () => {
    const sandbox = sandboxes.create();
    const other = await send(sandbox, CreateStudioSessionDocument, { workspaceId: sandbox.otherWorkspaceId });
    expectError(other, "FORBIDDEN", /apiCredentialWorkspace/);
    const query =
      'mutation { createStudioSession(input: { workspaceId: "ws_acme", visibility: { a: 1 } }) { success } }';
    expectError(await sendRaw(sandbox, { query }), "BAD_USER_INPUT", /visibility/);
  });
});

describe("reading a canvas", () => {
  it("serves the seeded cards with their assets; notes and shapes have none", async () => {
    const sandbox = sandboxes.create();
    const cards = await cardsOf(sandbox);
    expect(cards.map((each) => each.id)).toEqual(SEEDED);
    expect(cards[0]?.asset).toMatchObject({ __typename: "Image", id: "img_trail_dawn", aspectRatio: "16:9" });
    expect(cards[1]?.asset).toBeNull();
    expect(cards[1]?.style).toEqual({ fill: "#F2B33D", textAlign: "left", textSize: 16 });
    expect(cards[2]?.asset).toBeNull();
  });

  it("refuses another workspace's canvas with FORBIDDEN and an unknown one with NOT_FOUND", async () => {
    const sandbox = sandboxes.create();
    expectError(await send(sandbox, CanvasCardsDocument, { conversationId: "conv_globex" }), "FORBIDDEN");
    expectError(await send(sandbox, CanvasSectionsDocument, { conversationId: "conv_globex" }), "FORBIDDEN");
    expectError(await send(sandbox, CanvasCardsDocument, { conversationId: "conv_nope" }), "NOT_FOUND");
  });

  it("serves the canvas's sections in z order", async () => {
    const sandbox = sandboxes.create();
    const { canvasSections } = await ok(sandbox, CanvasSectionsDocument, { conversationId });
    expect(canvasSections?.map((section) => section.title)).toEqual(["Ideas", "Approved"]);
  });
});

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
