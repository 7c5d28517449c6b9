import type { AvatarCommand } from "@studio-kit/commands";
import type { BotDeps } from "../deps.js";
import { actionNoteMessage } from "../messages/boards.js";
import type { Surface } from "./surface.js";

// A seam, not a feature: the grammar reads `avatar` (packages/commands) and dispatch routes it here, so that the
// bot compiles and answers honestly while the flow is built. Engineer B replaces this file with the real flow
// (a voiceover, then generateSpeakingCharacter, as one durable job); until then nothing is checked or spent.

/**
 * `/studio avatar <script>`: not available yet. Tells the asker so (only they see it) and resolves false:
 * nothing was sent.
 */
export async function runAvatar(_deps: BotDeps, surface: Surface, _command: AvatarCommand): Promise<boolean> {
  await surface.ephemeral(actionNoteMessage("`avatar` is not available yet. Nothing was generated."));
  return false;
}
