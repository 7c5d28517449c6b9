import type { App } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { agentSessionStopped } from "./agent-session-stopped.js";
import { appHomeOpened } from "./app-home-opened.js";
import { appMention } from "./app-mention.js";
import { entityDetailsRequested } from "./entity-details.js";
import { linkShared } from "./link-shared.js";
import { messageEvent } from "./message.js";

/** Registers the Events API listeners. */
export function register(app: App, deps: BotDeps): void {
  app.event("app_mention", appMention(deps));
  app.event("app_home_opened", appHomeOpened(deps));
  app.event("message", messageEvent(deps));
  app.event("link_shared", linkShared(deps));
  app.event("entity_details_requested", entityDetailsRequested(deps));
  app.event("agent_session_stopped", agentSessionStopped(deps));
}
