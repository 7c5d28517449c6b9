import type { ImageCommand, VideoCommand } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { brandMessage, brandRefusedMessage } from "../messages/brand.js";
import { readWorkspaceBrand } from "../services/brand.js";

/**
 * `/studio brand`: what the bot knows of the workspace's brand (name, tagline, tone of voice, colours as swatches
 * in words) and what `--brand` would add after a prompt, or, when the brand is missing or not set up, that and what
 * to do. A reading command: it spends nothing. A failed read reaches dispatch, which tells the asker.
 */
export async function runBrand(deps: BotDeps, surface: Surface): Promise<void> {
  await surface.reply(brandMessage(await readWorkspaceBrand(deps)));
}

/**
 * `--brand` on `image` or `video`, before any check or credit: the brand's summary to store with the job
 * (`{ brand }`, spread into its request), `{}` without `--brand`, or null when the workspace has no brand to follow
 * (the asker is told why and what to do; nothing is generated). The summary is read once, here, and kept with the
 * job, so a job resumed after a restart sends the same words.
 */
export async function brandFor(
  deps: BotDeps,
  surface: Surface,
  command: ImageCommand | VideoCommand,
): Promise<{ brand?: string } | null> {
  if (!command.brand) return {};
  const reading = await readWorkspaceBrand(deps);
  if (reading.ok) return { brand: reading.summary };
  deps.logger.info({ user: surface.user, problem: reading.problem }, "--brand refused: no brand to follow");
  await surface.ephemeral(brandRefusedMessage(reading));
  return null;
}
