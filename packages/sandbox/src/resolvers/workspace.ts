import { assertWorkspace } from "../access.js";
import type { RequestContext } from "../core.js";
import { notFound } from "../errors.js";
import type { Credits } from "../state/types.js";

const DAY_MS = 86_400_000;

/** The daily free allowance resets at UTC midnight on the virtual clock. */
export function currentCredits(ctx: RequestContext, workspaceId: string): Credits {
  const credits = ctx.core.state.credits.get(workspaceId);
  if (!credits) throw notFound("Credits of workspace", workspaceId);
  const today = ctx.core.clock.iso().slice(0, 10);
  if (credits.dailyFreeDay !== today) {
    credits.dailyFreeDay = today;
    credits.dailyFreeUsed = 0;
  }
  return credits;
}

function brandOf(ctx: RequestContext, workspaceId: string, brandId?: string | null) {
  const brands = [...ctx.core.state.brands.values()].filter((brand) => brand.workspaceId === workspaceId);
  const brand = brandId ? brands.find((candidate) => candidate.id === brandId) : brands[0];
  if (!brand) throw notFound("Brand", brandId ?? "(default)");
  return brand;
}

export const workspaceResolvers = {
  Query: {
    apiCredentialWorkspace: (_: unknown, __: unknown, ctx: RequestContext) =>
      ctx.core.state.workspaces.get(ctx.workspaceId),

    brandBooks: (_: unknown, args: { workspaceId: string }, ctx: RequestContext) => {
      assertWorkspace(ctx, args.workspaceId);
      return [...ctx.core.state.brandBooks.values()].filter((book) => book.workspaceId === args.workspaceId);
    },

    brand: (_: unknown, args: { workspaceId: string; brandId?: string | null }, ctx: RequestContext) =>
      brandOf(ctx, assertWorkspace(ctx, args.workspaceId), args.brandId),

    brandColors: (_: unknown, args: { workspaceId: string; brandId?: string | null }, ctx: RequestContext) => {
      const brand = brandOf(ctx, assertWorkspace(ctx, args.workspaceId), args.brandId);
      return [...ctx.core.state.brandColors.values()].filter((color) => color.brandId === brand.id);
    },

    creditsBalance: (_: unknown, args: { workspaceId: string }, ctx: RequestContext) => {
      const credits = currentCredits(ctx, assertWorkspace(ctx, args.workspaceId));
      const now = ctx.core.clock.now();
      const tomorrow = Date.parse(`${credits.dailyFreeDay}T00:00:00Z`) + DAY_MS;
      const nextMonth = new Date(now);
      nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1, 1);
      nextMonth.setUTCHours(0, 0, 0, 0);
      return {
        balance: credits.balance,
        bonusBalance: credits.bonusBalance,
        monthlyBalance: credits.monthlyBalance,
        monthlyAllocation: credits.monthlyAllocation,
        isPaidPlan: credits.isPaidPlan,
        nextRefillAt: nextMonth.toISOString(),
        daysUntilRefill: Math.ceil((nextMonth.getTime() - now) / DAY_MS),
        dailyFree: {
          remaining: Math.max(0, credits.dailyFreeLimit - credits.dailyFreeUsed),
          limit: credits.dailyFreeLimit,
          resetsAt: new Date(tomorrow).toISOString(),
          monthlyRemaining: Math.max(0, credits.monthlyFreeLimit - credits.monthlyFreeUsed),
          monthlyLimit: credits.monthlyFreeLimit,
          monthlyResetsAt: nextMonth.toISOString(),
        },
      };
    },
  },
};
