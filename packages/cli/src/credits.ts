import type { CreditsBalance } from "@studio-kit/core";

/** Every credit spendable now: the daily free allowance, the bonus and the balance (the order the API spends them). */
export function spendable(credits: CreditsBalance): number {
  return (credits.dailyFree?.remaining ?? 0) + (credits.bonusBalance ?? 0) + (credits.balance ?? 0);
}
