import {
  CanvasCardsDocument,
  CanvasSectionsDocument,
  CreateStudioSessionDocument,
  DeleteCanvasCardDocument,
  StudioSessionDocument,
  StudioSessionsDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { card, cardsOf, conversationId, expectError, SEEDED } from "./support/boards.js";
import { ok, send, sendRaw, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

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
