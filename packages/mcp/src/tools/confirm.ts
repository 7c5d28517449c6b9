import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { CostEstimate, PreparedGeneration } from "../backend.js";
import { StudioToolRefusal } from "../errors.js";
import { creditsText, quoted } from "./result.js";

// Credits are money: a generation above the threshold is spent only when the person said so, through the
// protocol's elicitation when the client can ask them (https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation),
// else by calling again with confirmCredits set to the cost they agreed to. An agent is held to the same rule as a
// person in Slack (the bot's "Spend N credits?" button) and at a terminal (the CLI's prompt or --yes).

/** How long the person has to answer "Go ahead?" before the call is refused (nothing spent). */
const ASK_TIMEOUT_MS = 10 * 60_000;

const spend = (estimate: CostEstimate) =>
  `about ${creditsText(estimate.cost ?? 0)}${estimate.available === null ? "" : ` (of ${estimate.available} available)`}`;

/** Refuses a cost above what is available: nothing is sent. */
export function refuseIfShort(estimate: CostEstimate): void {
  const { cost, available, refillAt } = estimate;
  if (cost === null || available === null || cost <= available) return;
  throw new StudioToolRefusal(
    "insufficient_credits",
    `Not enough credits: this costs about ${cost} and ${available} are available` +
      `${refillAt ? ` (more at ${refillAt})` : ""}. Nothing was generated.`,
    { cost, available, refillAt },
  );
}

/** What a generation makes, as the person is asked about it: `2 images of "a fox" (img-aurora-2)`. */
export function generationSummary(prepared: PreparedGeneration): string {
  const { request, model } = prepared;
  const by = model ? ` (${model.id})` : "";
  switch (request.kind) {
    case "image": {
      const count = request.count ?? 1;
      return `${count} image${count === 1 ? "" : "s"} of ${quoted(request.prompt)}${by}`;
    }
    case "video":
      return `A video of ${quoted(request.prompt)}${by}`;
    case "music":
      return `A music track, ${quoted(request.prompt)}${by}`;
    case "voice":
      return `A voiceover reading ${quoted(request.script)}${by}`;
  }
}

/**
 * Lets a generation go ahead, or stops it: at or below `threshold` (or with no estimate) it goes; above, with
 * `confirmCredits` at least the cost it goes; else the person is asked through elicitation when the client declared
 * it, and a refusal says the cost and how to confirm when it did not.
 */
export async function confirmSpend(
  server: Server,
  estimate: CostEstimate,
  threshold: number,
  confirmCredits: number | undefined,
  signal: AbortSignal,
  what: string,
): Promise<void> {
  const { cost } = estimate;
  if (cost === null || cost <= threshold) return;
  if (confirmCredits !== undefined && confirmCredits >= cost) return;
  // The SDK reads a client's `elicitation: {}` (revision 2025-06-18) as `{ form: {} }`: form mode either way.
  const canAsk = server.getClientCapabilities()?.elicitation?.form !== undefined;
  if (!canAsk || confirmCredits !== undefined) {
    const short = confirmCredits !== undefined ? ` confirmCredits ${confirmCredits} is less than the cost.` : "";
    throw new StudioToolRefusal(
      "confirmation_required",
      `${what} would spend ${spend(estimate)}, above the confirmation threshold of ${threshold}.${short} ` +
        `Ask the person; if they agree, call again with confirmCredits: ${cost}. Nothing was generated.`,
      { cost, threshold, available: estimate.available, confirmWith: { confirmCredits: cost } },
    );
  }
  let answer: Awaited<ReturnType<Server["elicitInput"]>>;
  try {
    answer = await server.elicitInput(
      {
        mode: "form",
        // What is made, not only its cost: the person answers for this generation, not for "some credits".
        message: `${what} will spend ${spend(estimate)}. Go ahead?`,
        requestedSchema: {
          type: "object",
          properties: {
            confirm: { type: "boolean", title: `Spend ${cost} credits`, description: "Generate and spend the credits" },
          },
          required: ["confirm"],
        },
      },
      // A person may take a while to answer: longer than the SDK's 60 s default for a request.
      { signal, timeout: ASK_TIMEOUT_MS },
    );
  } catch {
    if (signal.aborted) throw new StudioToolRefusal("cancelled", "Cancelled before sending: nothing was generated.");
    throw new StudioToolRefusal(
      "not_confirmed",
      `The person could not be asked (no answer). Nothing was generated; if they agree to ${spend(estimate)}, ` +
        `call again with confirmCredits: ${cost}.`,
      { cost, confirmWith: { confirmCredits: cost } },
    );
  }
  if (answer.action !== "accept" || answer.content?.confirm !== true) {
    throw new StudioToolRefusal("not_confirmed", "Not confirmed: nothing was generated.", { cost });
  }
}
