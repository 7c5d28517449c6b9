import { creditsDecision } from "@studio-kit/commands";
import type { CreditsBalance } from "@studio-kit/core";

/** Every credit spendable now, counted as the credits guard counts them (`@studio-kit/commands` creditsDecision). */
export function spendable(credits: CreditsBalance): number {
  return creditsDecision(null, credits, 0).available;
}
