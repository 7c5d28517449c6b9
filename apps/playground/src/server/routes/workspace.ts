import type { RouteContext } from "../context.js";
import { json } from "../http/responses.js";
import type { Router } from "../http/router.js";

/** GET /api/workspace: the team, the bot, the people, the channels and which Slack and API are in use. */
export function register(router: Router, context: RouteContext): void {
  router.add("GET", "/api/workspace", () => json(context.workspace()));
}
