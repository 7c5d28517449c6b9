import type { BotDeps } from "../deps.js";
import type { SlackMessage } from "../messages/blocks.js";
import {
  createUpdateBudget,
  type ProgressGate,
  progressGate,
  THIS_WORKSPACE,
  type UpdateBudget,
} from "../services/update-budget.js";
import type { Posted, Surface } from "./surface.js";

// One budget per app: createBotApp builds its deps once, so every job of the app (one bot token, one workspace)
// shares this budget even when the deps carry none.
const budgets = new WeakMap<BotDeps, UpdateBudget>();

/** The workspace's chat.update budget for these deps. */
export function budgetOf(deps: BotDeps): UpdateBudget {
  if (deps.updateBudget) return deps.updateBudget;
  let budget = budgets.get(deps);
  if (!budget) {
    budget = createUpdateBudget();
    budgets.set(deps, budget);
  }
  return budget;
}

/** The gate a progress update passes: the per-message throttle and the workspace budget. */
export function gateOf(deps: BotDeps): ProgressGate {
  return progressGate(deps.throttle, budgetOf(deps));
}

/**
 * Delivers a final message (results, FAILED, a problem) in place of the progress. It is never skipped: a live
 * message waits for a chat.update slot; if the update still fails, the message is posted anew so the user gets
 * it anyway. A failure of both is logged, never thrown.
 */
export async function deliverFinal(
  deps: BotDeps,
  surface: Surface,
  progress: Posted,
  message: SlackMessage,
): Promise<void> {
  deps.throttle.forget(progress.key);
  finals.add(progress);
  // A progress update still in flight must land before the result, or it would replace the result.
  await inFlight.get(progress);
  if (progress.live) {
    // A store error here must not turn into a second message (below): the update goes out over budget instead.
    await budgetOf(deps)
      .acquire(THIS_WORKSPACE)
      .catch((error: unknown) => deps.logger.warn({ err: error }, "could not count a chat.update; sending it anyway"));
  }
  try {
    await progress.update(message);
  } catch (error) {
    deps.logger.warn({ err: error, user: surface.user }, "could not replace the progress; posting the result anew");
    try {
      await surface.post(message);
    } catch (reason) {
      deps.logger.error({ err: reason, user: surface.user }, "could not deliver the result");
    }
  }
}

// Progress updates in flight, and messages whose final update began: the final waits for the first and no progress
// update starts after it (the budget check is a store round trip, so a slow one could otherwise land last).
const inFlight = new WeakMap<Posted, Promise<void>>();
const finals = new WeakSet<Posted>();

/** Updates a progress message when the gate allows it, one update at a time; a failed update only logs. */
export function showProgress(deps: BotDeps, progress: Posted, message: () => SlackMessage): void {
  if (!progress.live || finals.has(progress) || inFlight.has(progress)) return;
  const update = async () => {
    if (!(await gateOf(deps).take(progress.key)) || finals.has(progress)) return;
    await progress.update(message());
  };
  const running = update()
    .catch((error: unknown) => deps.logger.warn({ err: error }, "progress update failed"))
    .finally(() => inFlight.delete(progress));
  inFlight.set(progress, running);
}
