import type { App } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { addToBoardStep } from "./add-to-board.js";
import { checkCreditsStep } from "./check-credits.js";
import { generateImageStep } from "./generate-image.js";

/**
 * The callback ids of the app's Workflow Builder steps, as manifest.json's `functions` declares them
 * (test/manifest.test.ts compares the two).
 */
export const STEP_CALLBACK_IDS = ["generate_image", "add_to_board", "check_credits"] as const;

/**
 * Registers the custom steps (https://docs.slack.dev/tools/bolt-js/concepts/custom-steps): Bolt acks each
 * `function_executed` itself (`autoAcknowledge`), then runs the listener. A redelivered event runs nothing twice
 * (listeners/middleware/dedupe-events.ts). Decision 0022.
 */
export function register(app: App, deps: BotDeps): void {
  app.function("generate_image", generateImageStep(deps));
  app.function("add_to_board", addToBoardStep(deps));
  app.function("check_credits", checkCreditsStep(deps));
}
