import type { LipsyncCommand } from "@studio-kit/commands";
import type { BotDeps } from "../deps.js";
import { actionNoteMessage } from "../messages/boards.js";
import type { Surface } from "./surface.js";

// A seam, not a feature: the grammar reads `lipsync` (packages/commands) and dispatch routes it here, so that the
// bot compiles and answers honestly while the flow is built. Engineer B replaces this file with the real flow
// (a voiceover when a script is given, then generateLipsync, as one durable job); until then nothing is spent.

/**
 * `/studio lipsync [<script>]`: not available yet. Tells the asker so (only they see it) and resolves false:
 * nothing was sent.
 */
export async function runLipsync(_deps: BotDeps, surface: Surface, _command: LipsyncCommand): Promise<boolean> {
  await surface.ephemeral(actionNoteMessage("`lipsync` is not available yet. Nothing was generated."));
  return false;
}
