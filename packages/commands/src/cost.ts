import type { CreditsBalance } from "@studio-kit/core";
import { type Catalog, pickModel } from "./catalog.js";
import { type Command, isGeneration } from "./types.js";

/**
 * Credits a command will spend: the chosen model's `estimatedCredits` times the count (spec, Generation rules
 * 4: each record spends its model's credits). `null` when nothing is generated or the catalog gives no estimate,
 * in which case the guard cannot judge and the API decides.
 */
export function estimateCost(command: Command, catalog: Catalog): number | null {
  if (!isGeneration(command)) return null;
  const id = command.kind === "voice" ? command.voice : command.kind === "music" ? undefined : command.model;
  const credits = pickModel(catalog, command.kind, id)?.estimatedCredits;
  if (credits === null || credits === undefined) return null;
  const count = command.kind === "image" ? (command.count ?? 1) : 1;
  return credits * count;
}

/** What to do before generating: go ahead, ask first, or explain that credits are short. */
export type CreditsVerdict = "ok" | "confirm" | "insufficient";

/** A {@link CreditsVerdict} with the numbers its message shows. */
export interface CreditsDecision {
  verdict: CreditsVerdict;
  cost: number | null;
  /** Every credit spendable now: daily free allowance, bonus and balance. */
  available: number;
  /** When more credits arrive (the sooner of the daily free reset and the next refill), as an ISO time. */
  refillAt: string | null;
}

const earliest = (...times: (string | null | undefined)[]): string | null => {
  const valid = times.filter((time): time is string => typeof time === "string" && !Number.isNaN(Date.parse(time)));
  valid.sort((a, b) => Date.parse(a) - Date.parse(b));
  return valid[0] ?? null;
};

/**
 * Decides whether a generation may start. Spendable credits are the daily free allowance, then the bonus, then
 * the balance (the order the API spends them in). Costs above `threshold` ask for confirmation first.
 *
 * @example creditsDecision(8, credits, 20) // { verdict: "ok", cost: 8, available: 470, refillAt: "..." }
 */
export function creditsDecision(cost: number | null, credits: CreditsBalance, threshold: number): CreditsDecision {
  const available = (credits.dailyFree?.remaining ?? 0) + (credits.bonusBalance ?? 0) + (credits.balance ?? 0);
  const refillAt = earliest(credits.dailyFree?.resetsAt, credits.nextRefillAt);
  const verdict: CreditsVerdict =
    cost === null ? "ok" : cost > available ? "insufficient" : cost > threshold ? "confirm" : "ok";
  return { verdict, cost, available, refillAt };
}
