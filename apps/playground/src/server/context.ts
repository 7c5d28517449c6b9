import type { StudioClient } from "@studio-kit/core";
import type { BotAppOptions } from "@studio-kit/slack-bot";
import type { SlackSim } from "@studio-kit/slack-sim";
import type { Workspace } from "../shared/api.js";
import type { PromptOffers } from "./assistant.js";
import type { ChangeTracker } from "./changes.js";

/** What every endpoint group gets: the sim, the change tracker, the bot's studio client and the timings. */
export interface RouteContext {
  sim: SlackSim;
  tracker: ChangeTracker;
  /** The same client the bot uses (board view). */
  studio: StudioClient;
  workspace(): Workspace;
  /** How long GET /api/state?since=<current> holds the request (the contract says up to 10 s). */
  longPollMs: number;
  /** How long POST /api/home waits for the bot to publish the Home tab. */
  homeWaitMs: number;
  logger: BotAppOptions["logger"];
  /** Which assistant threads' suggested prompts are still on offer (the person has not written since). */
  assistant: PromptOffers;
}
