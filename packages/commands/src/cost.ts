import type { CreditsBalance } from "@studio-kit/core";
import { type Catalog, type CatalogModel, pickModel, pickSpeakingModel, pickVideoModel } from "./catalog.js";
import { type Command, isGeneration } from "./types.js";

const creditsOf = (model: CatalogModel | undefined) => model?.estimatedCredits ?? null;

/**
 * Credits a command will spend: the chosen model's `estimatedCredits` times the count (spec, Generation rules
 * 4: each record spends its model's credits). `avatar`, and `lipsync` with a script, spend a voiceover first, so
 * theirs is the voice's estimate plus the speaking-avatar or lip-sync model's. A video with `--ref` is priced at
 * the model the API will pick (the reference-to-video default unless `--model`). `null` when nothing is generated
 * or the catalog gives no estimate for a step, in which case the guard cannot judge and the API decides.
 */
export function estimateCost(command: Command, catalog: Catalog): number | null {
  if (!isGeneration(command)) return null;
  switch (command.kind) {
    case "image": {
      const credits = creditsOf(pickModel(catalog, "image", command.model));
      return credits === null ? null : credits * (command.count ?? 1);
    }
    case "video":
      return creditsOf(pickVideoModel(catalog, command.model, (command.references?.length ?? 0) > 0));
    case "music":
      return creditsOf(pickModel(catalog, "music", undefined));
    case "voice":
      return creditsOf(pickModel(catalog, "voice", command.voice));
    case "avatar":
    case "lipsync": {
      const speaking = creditsOf(pickSpeakingModel(catalog, command.kind));
      const readsAloud = command.kind === "avatar" || command.audio === undefined;
      const voice = readsAloud ? creditsOf(pickModel(catalog, "voice", command.voice)) : 0;
      return speaking === null || voice === null ? null : speaking + voice;
    }
  }
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
