import { CanvasCardsDocument, CreateCanvasCardDocument } from "@studio-kit/operations";
import { expect } from "vitest";
import type { Sandbox } from "../../src/index.js";
import { type GraphQLResponse, ok, send } from "./client.js";

/** The seeded canvas of board_spring, and the cards on it, in z order. */
export const conversationId = "conv_spring";
export const SEEDED = ["card_trail_dawn", "card_note_brief", "card_shape_frame"];

export interface Box {
  positionX: number | null;
  positionY: number | null;
  width: number | null;
  height: number | null;
}

export async function cardsOf(sandbox: Sandbox, includeRemoved = false, canvas = conversationId) {
  return (await ok(sandbox, CanvasCardsDocument, { conversationId: canvas, includeRemoved })).canvasCards ?? [];
}

/** Whether two cards share any area, as a client drawing them would see it. */
export function overlaps(a: Box, b: Box): boolean {
  const [ax, ay, aw, ah] = [a.positionX ?? 0, a.positionY ?? 0, a.width ?? 0, a.height ?? 0];
  const [bx, by, bw, bh] = [b.positionX ?? 0, b.positionY ?? 0, b.width ?? 0, b.height ?? 0];
  return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

export function expectError(response: GraphQLResponse<unknown>, code: string, message?: RegExp) {
  expect(response.errors?.[0]?.extensions?.code).toBe(code);
  if (message) expect(response.errors?.[0]?.message).toMatch(message);
}

/** Creates one card on the seeded canvas, as the API origin. */
export const card = (sandbox: Sandbox, vars: { id: string; assetType: string; assetId: string } & Partial<Box>) =>
  send(sandbox, CreateCanvasCardDocument, { conversationId, workspaceId: sandbox.workspaceId, origin: "API", ...vars });
