import type { StudioClient } from "@studio-kit/core";
import type { Poller } from "@studio-kit/poller";
import type { Config } from "./config.js";
import type { InFlight } from "./flows/in-flight.js";
import type { ChannelDefaults } from "./services/channel-defaults.js";
import type { PendingRequests } from "./services/pending-requests.js";
import type { StudioDataCache } from "./services/studio-data.js";
import type { Throttle } from "./services/throttle.js";
import type { UpdateBudget } from "./services/update-budget.js";

/** The pino methods the bot uses (a pino logger fits). Fields are redacted by the logger's configuration. */
export interface BotLogger {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

/** What every listener gets: the configuration and the services, created once in `createBotApp`. */
export interface BotDeps {
  config: Config;
  studio: StudioClient;
  poller: Poller;
  logger: BotLogger;
  studioData: StudioDataCache;
  /** Limits progress updates per message (chat.update is rate limited). */
  throttle: Throttle;
  /**
   * The workspace's chat.update budget (40 a minute across all jobs), shared by every flow. Optional: without it
   * the flows share one budget per deps object (`flows/updates.ts`).
   */
  updateBudget?: UpdateBudget;
  /** Each channel's default board; default one in-memory store per app (see `channelDefaultsOf`). */
  channelDefaults?: ChannelDefaults;
  /** Button clicks being worked on (double-click guard); default one in-memory set per app. */
  inFlight?: InFlight;
  /** Generations waiting for Confirm (above the credits threshold); default one in-memory store per app. */
  pendingRequests?: PendingRequests;
}
