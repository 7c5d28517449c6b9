import type { App } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { appHomeOpened } from "./app-home-opened.js";
import { appMention } from "./app-mention.js";
import { messageEvent } from "./message.js";

/** Registers the Events API listeners. */
export function register(app: App, deps: BotDeps): void {
  app.event("app_mention", appMention(deps));
  app.event("app_home_opened", appHomeOpened(deps));
  app.event("message", messageEvent(deps));
}
