import { getCredits } from "@studio-kit/core";
import type { Catalog, CatalogModel } from "../commands/catalog.js";
import { checkOptions } from "../commands/check.js";
import { creditsDecision, estimateCost } from "../commands/cost.js";
import type { GenerationCommand } from "../commands/types.js";
import type { BotDeps } from "../deps.js";
import { notEnoughCreditsMessage } from "../messages/credits.js";
import { invalidOptionsMessage } from "../messages/errors.js";
import { confirmationNeededMessage } from "../messages/problems.js";
import type { Surface } from "./surface.js";

/** What a flow may generate with, once the options and the credits were checked. */
export interface Cleared {
  catalog: Catalog;
  model: CatalogModel | undefined;
}

/**
 * The checks every generation passes before a credit is spent, as the image flow does them: the options against
 * the catalog and presets (`checkOptions`), then the credits (`creditsDecision`). Answers the asker (ephemeral)
 * and returns null when the generation must not go ahead.
 */
export async function clearForGeneration(
  deps: BotDeps,
  surface: Surface,
  command: GenerationCommand,
): Promise<Cleared | null> {
  const { catalog, presets } = await deps.studioData.get();
  const check = checkOptions(command, catalog, presets);
  if (!check.ok) {
    await surface.ephemeral(invalidOptionsMessage(check.problems));
    return null;
  }
  const cost = estimateCost(command, catalog);
  const threshold = deps.config.creditsConfirmThreshold;
  const decision = creditsDecision(cost, await getCredits(deps.studio), threshold);
  if (decision.verdict === "insufficient") {
    await surface.ephemeral(notEnoughCreditsMessage(decision));
    return null;
  }
  if (decision.verdict === "confirm" && decision.cost !== null) {
    await surface.ephemeral(
      confirmationNeededMessage({ cost: decision.cost, threshold, available: decision.available }),
    );
    return null;
  }
  return { catalog, model: check.model };
}
