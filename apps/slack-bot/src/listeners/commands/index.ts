import type { App } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { studioCommand } from "./studio.js";

/** Registers the slash commands. */
export function register(app: App, deps: BotDeps): void {
  app.command("/studio", studioCommand(deps));
}
