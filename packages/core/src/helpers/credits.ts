import { CreditsBalanceDocument, type CreditsBalanceQuery } from "@studio-kit/operations";
import type { RequestOptions, StudioClient } from "../client.js";
import { StudioGraphQLError } from "../errors.js";

/** The workspace's credits, as `creditsBalance` answers. */
export type CreditsBalance = NonNullable<CreditsBalanceQuery["creditsBalance"]>;

/**
 * The pinned workspace's credits, daily free allowance included. Check it before
 * a large batch: generation spends each model's `estimatedCredits` (spec,
 * Generation rules 4).
 *
 * @example
 * ```ts
 * const credits = await getCredits(client);
 * console.log(credits.balance, credits.dailyFree?.remaining);
 * ```
 */
export async function getCredits(client: StudioClient, options: RequestOptions = {}): Promise<CreditsBalance> {
  const workspaceId = await client.workspaceId(options);
  const { creditsBalance } = await client.request(CreditsBalanceDocument, { workspaceId }, options);
  if (!creditsBalance) {
    throw new StudioGraphQLError("NO_DATA", "@studio-kit/core: creditsBalance answered nothing for this workspace.", {
      request: { operationName: "CreditsBalance", url: client.endpoint },
    });
  }
  return creditsBalance;
}
