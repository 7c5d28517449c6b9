import type { RequestContext } from "../core.js";
import { currentCredits } from "../resolvers/workspace.js";
import type { Credits } from "../state/types.js";

// Credits are spent by generation, by each model's `estimatedCredits` (spec,
// Generation rules 4). The order is the sandbox's choice, the one a user is
// least surprised by: the daily free allowance first (capped by what is left of
// the monthly free allowance), then the bonus, then the paid balance. When the
// three together fall short nothing is spent and the generation fails (spec,
// Errors: "A failure can also occur when credits run out").

/** Free credits usable now: what is left today, and never more than what is left this month. */
function freeLeft(credits: Credits): number {
  const daily = credits.dailyFreeLimit - credits.dailyFreeUsed;
  const monthly = credits.monthlyFreeLimit - credits.monthlyFreeUsed;
  return Math.max(0, Math.min(daily, monthly));
}

/** Every credit the workspace can spend now. */
export function creditsLeft(ctx: RequestContext, workspaceId: string): number {
  const credits = currentCredits(ctx, workspaceId);
  return freeLeft(credits) + credits.bonusBalance + credits.balance;
}

/**
 * Spends `cost` credits for `what` (a model's label). Returns null when spent, or
 * the failure message when the workspace cannot afford it (nothing is spent).
 */
export function spendCredits(ctx: RequestContext, workspaceId: string, cost: number, what: string): string | null {
  if (cost <= 0) return null;
  const credits = currentCredits(ctx, workspaceId);
  const left = freeLeft(credits) + credits.bonusBalance + credits.balance;
  if (cost > left) {
    return `Not enough credits: ${what} needs ${cost}, ${left} left. Check creditsBalance before generating.`;
  }
  let due = cost;
  const fromFree = Math.min(due, freeLeft(credits));
  credits.dailyFreeUsed += fromFree;
  credits.monthlyFreeUsed += fromFree;
  due -= fromFree;
  const fromBonus = Math.min(due, credits.bonusBalance);
  credits.bonusBalance -= fromBonus;
  due -= fromBonus;
  credits.balance -= due;
  return null;
}
