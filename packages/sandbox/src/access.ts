import type { RequestContext } from "./core.js";
import { forbidden, notFound } from "./errors.js";
import type { Board } from "./state/types.js";

/**
 * A key is pinned to one workspace: any other workspace id is refused (spec,
 * Authentication 4).
 */
export function assertWorkspace(ctx: RequestContext, workspaceId: string | null | undefined): string {
  if (workspaceId !== ctx.workspaceId) {
    throw forbidden(
      `workspaceId ${JSON.stringify(workspaceId)} is not the workspace of this API key. ` +
        "Use the id returned by apiCredentialWorkspace.",
    );
  }
  return workspaceId;
}

/** A record of another workspace is refused, not hidden. */
export function assertOwned<T extends { workspaceId: string }>(
  ctx: RequestContext,
  record: T | undefined,
  what: string,
  id: string,
): T {
  if (!record) throw notFound(what, id);
  if (record.workspaceId !== ctx.workspaceId) {
    throw forbidden(`${what} ${id} belongs to another workspace; this API key cannot reach it.`);
  }
  return record;
}

/** The board whose canvas is `conversationId`, if this key may use it. */
export function boardByConversation(ctx: RequestContext, conversationId: string): Board {
  for (const board of ctx.core.state.boards.values()) {
    if (board.conversationId === conversationId) return assertOwned(ctx, board, "Canvas", conversationId);
  }
  throw notFound("Canvas (conversationId)", conversationId);
}
