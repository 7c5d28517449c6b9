import type { App } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { appMention } from "./app-mention.js";

/** Registers the Events API listeners. */
export function register(app: App, deps: BotDeps): void {
  app.event("app_mention", appMention(deps));
}
