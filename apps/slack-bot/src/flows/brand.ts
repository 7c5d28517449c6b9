import type { BotDeps } from "../deps.js";
import { actionNoteMessage } from "../messages/boards.js";
import type { Surface } from "./surface.js";

// A seam, not a feature: the grammar reads `brand` (packages/commands) and dispatch routes it here, so that the
// bot compiles and answers honestly while the feature is built. Engineer D replaces this file with the real
// answer (what the bot knows of the workspace's brand).

/** `/studio brand`: not available yet. Tells the asker so (only they see it). */
export async function runBrand(_deps: BotDeps, surface: Surface): Promise<void> {
  await surface.ephemeral(actionNoteMessage("`brand` is not available yet."));
}
