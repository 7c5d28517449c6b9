import type { RequestContext } from "../core.js";

// Generation faults act on each record a generation mutation makes, from
// generationJob: a no-credits fault refuses it as an empty balance does (spec,
// Errors: "A failure can also occur when credits run out"), a generation-failed
// fault makes it end FAILED. Records that cost nothing pass no-credits faults by.

/** The failure a generation fault sets on one record, or null when none fires. */
export interface InjectedFailure {
  /** The record's errorMessage once FAILED. */
  message: string;
  /** Refused for credits: fails soon after (as a real shortfall), spending nothing. */
  shortfall: boolean;
}

/**
 * Fires the first generation fault that matches the request making this record
 * (`what`, its model's label, and `cost`, its credits) and says how it fails.
 */
export function injectedFailure(ctx: RequestContext, what: string, cost: number): InjectedFailure | null {
  const call = ctx.call;
  const fault = ctx.core.faults.fire("generation", {
    operation: call?.graphql?.operation ?? null,
    rootFields: call?.graphql?.rootFields ?? [],
    free: cost <= 0,
  });
  if (!fault) return null;
  call?.fired(fault);
  if (fault.kind === "no-credits") {
    return {
      message: `Not enough credits: ${what} needs ${cost}, 0 left. Check creditsBalance before generating.`,
      shortfall: true,
    };
  }
  const message =
    fault.kind === "generation-failed" && fault.errorMessage
      ? fault.errorMessage
      : "The generation failed (a fault injected by the sandbox).";
  return { message, shortfall: false };
}
