import type { BotDeps } from "../deps.js";
import { actionNoteMessage } from "../messages/boards.js";
import type { Surface } from "./surface.js";

// A seam, not a feature: the grammar reads `history [n]` (packages/commands) and dispatch routes it here, so that
// the bot compiles and answers honestly while the feature is built. Engineer D replaces this file with the real
// answer (the asker's recent jobs, from the store).

/** `/studio history [n]`: not available yet. Tells the asker so (only they see it). */
export async function runHistory(_deps: BotDeps, surface: Surface, _count: number | undefined): Promise<void> {
  await surface.ephemeral(actionNoteMessage("`history` is not available yet."));
}
