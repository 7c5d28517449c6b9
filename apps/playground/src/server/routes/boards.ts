import { listBoards, listCards, StudioError } from "@studio-kit/core";
import { studioWebBase } from "@studio-kit/slack-bot";
import { boardViews, cardView } from "../boards.js";
import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { json } from "../http/responses.js";
import type { Router } from "../http/router.js";

/**
 * A studio error as the page's refusal: the code only. Core redacts the key from its messages, but the page has no
 * use for them either; the log gets the error (its key-named fields censored by the bot's logger).
 */
function studioRefusal(context: RouteContext, error: unknown, what: string): HttpError {
  context.logger.warn({ err: error }, `could not read ${what} for the board view`);
  if (!(error instanceof StudioError))
    return new HttpError(502, "studio_error", `Could not read ${what}; see the log.`);
  if (error.graphqlCode === "NOT_FOUND" || error.code === "NOT_FOUND") {
    return new HttpError(404, "board_not_found", "No board has that canvas id.");
  }
  return new HttpError(502, "studio_error", `The studio API refused to give ${what} (${error.code}).`);
}

/** GET /api/boards and /api/boards/:conversationId/cards, through the very client the bot uses. */
export function register(router: Router, context: RouteContext): void {
  router.add("GET", "/api/boards", async (request) => {
    try {
      const boards = await listBoards(context.studio, { signal: request.signal });
      return json(boardViews(boards, studioWebBase(context.studio)));
    } catch (error) {
      throw studioRefusal(context, error, "the boards");
    }
  });

  router.add("GET", "/api/boards/:conversationId/cards", async (request, params) => {
    const conversationId = params.conversationId ?? "";
    try {
      const cards = await listCards(context.studio, { conversationId }, { signal: request.signal });
      return json(cards.map(cardView));
    } catch (error) {
      throw studioRefusal(context, error, "the board's cards");
    }
  });
}
