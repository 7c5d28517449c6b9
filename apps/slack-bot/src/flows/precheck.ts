import type { Catalog, CatalogModel, GenerationCommand } from "@studio-kit/commands";
import { creditsDecision, estimateCost } from "@studio-kit/commands";
import { getCredits } from "@studio-kit/core";
import { beginConfirmation } from "../delivery/agent-sessions.js";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { checkOptions } from "../intent/slack-grammar.js";
import { fitsLimits, mayGenerate } from "../jobs/gate.js";
import { commandTitle } from "../messages/agent-sessions.js";
import { confirmSpendMessage, notEnoughCreditsMessage } from "../messages/credits.js";
import { whatIsAsked } from "../messages/describe.js";
import { invalidOptionsMessage } from "../messages/errors.js";
import { SPANS, tracerOf } from "../ops/tracing/spans.js";
import { PENDING_TTL_MS } from "../store/pending-requests.js";

/** What a flow may generate with, once the options and the credits were checked. */
export interface Cleared {
  catalog: Catalog;
  model: CatalogModel | undefined;
  /** The estimated credits, which the daily budget counts (0 when the catalog gives no estimate). */
  cost: number;
}

/** How a generation reached the checks. */
export interface PrecheckOptions {
  /** The asker already confirmed the cost (the Confirm button): skip the threshold, never the credits check. */
  confirmed?: boolean;
  /** A Variations click: kept with the pending request so that Confirm runs the variation of this image. */
  variationOf?: string;
  /** The claim key of the button that started this, stored with the job. */
  origin?: string;
}

/**
 * The checks every generation passes before a credit is spent, as the image flow does them: the options against
 * the catalog and presets (`checkOptions`), then the credits (`creditsDecision`). Answers the asker (ephemeral)
 * and returns null when the generation must not go ahead. Above the threshold (unless `confirmed`) the command is
 * kept as a pending request and the asker gets Confirm / Cancel buttons carrying its id.
 */
export function clearForGeneration(
  deps: BotDeps,
  surface: Surface,
  command: GenerationCommand,
  options: PrecheckOptions = {},
): Promise<Cleared | null> {
  // The credit check's span, in the request's trace before its job's (ops/tracing/spans.ts).
  return tracerOf(deps).span(SPANS.check, { attributes: { "studio.command.kind": command.kind } }, async (span) => {
    const cleared = await check(deps, surface, command, options);
    span.setAttribute("studio.check.cleared", cleared !== null);
    return cleared;
  });
}

async function check(
  deps: BotDeps,
  surface: Surface,
  command: GenerationCommand,
  options: PrecheckOptions,
): Promise<Cleared | null> {
  if (!(await mayGenerate(deps, surface))) return null;
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
  const outputs = command.kind === "image" ? (command.count ?? 1) : 1;
  if (!(await fitsLimits(deps, surface, { outputs, credits: cost ?? 0 }))) return null;
  if (decision.verdict === "confirm" && !options.confirmed) {
    const { user, channel, threadTs } = surface;
    const requestId = await deps.store.pendingRequests.add(
      {
        user,
        channel,
        ...(threadTs ? { threadTs } : {}),
        command,
        ...(options.variationOf ? { variationOf: options.variationOf } : {}),
      },
      // Kept with its agent session's thread: a Stop there, on any replica, takes it (decision 0028).
      { inSession: surface.session !== undefined },
    );
    deps.logger.info({ user, cost: decision.cost, threshold }, "asking to confirm a costly generation");
    // In an agent session's thread the request waits `processing`: Stop takes it, and it is never sent.
    await beginConfirmation(
      deps,
      surface.session,
      { id: requestId, user, what: whatIsAsked(command), title: commandTitle(command) },
      PENDING_TTL_MS,
    );
    await surface.ephemeral(confirmSpendMessage({ decision, what: whatIsAsked(command), requestId }));
    return null;
  }
  return { catalog, model: check.model, cost: cost ?? 0 };
}
