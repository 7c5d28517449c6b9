import {
  type Catalog,
  checkOptions,
  creditsDecision,
  estimateCost,
  type OptionProblem,
  type Preset,
  sendGeneration,
} from "@studio-kit/commands";
import { getCredits, type StudioClient } from "@studio-kit/core";
import { AvailableGenerationModelsDocument, StudioPresetsPageDocument } from "@studio-kit/operations";
import type { GenerationRequest, PreparedGeneration, RecordKind } from "../backend.js";
import { StudioToolRefusal } from "../errors.js";
import { withBrand } from "./brand.js";

/** What a key-backed generation keeps between its check and its send. */
export interface ClientGenerationState {
  catalog: Catalog;
}

/** The grammar's option problems in one message: each problem, the values that work, then where to read more. */
export function problemsText(problems: readonly OptionProblem[]): string {
  const lines = problems.map((problem) => {
    const valid = problem.valid.length
      ? ` ${problem.validIntro ?? "Valid:"} ${problem.valid.slice(0, 12).join(", ")}.`
      : "";
    return `${problem.message}${valid}`;
  });
  const helps = [...new Set(problems.flatMap((problem) => (problem.help ? [problem.help] : [])))];
  return `Some options cannot be used: ${lines.join(" ")} Nothing was generated and no credits were spent. ${helps.join(" ")}`.trimEnd();
}

/**
 * Checks a generation as the bot and the CLI do, sending only reads: the brand when asked (applied to the
 * prompt), the options against the catalog and presets (`checkOptions`, refused `invalid_input` with the
 * grammar's messages), and prices it (`estimateCost`) against the credits. Whether to ask first is the tools' call.
 */
export async function prepareClientGeneration(
  client: StudioClient,
  asked: GenerationRequest,
  { invocation, signal }: { invocation: string; signal: AbortSignal },
): Promise<PreparedGeneration & { state: ClientGenerationState }> {
  const request =
    (asked.kind === "image" || asked.kind === "video") && asked.brand
      ? await withBrand(client, asked, invocation, signal)
      : asked;
  const [{ availableGenerationModels: catalog }, { studioPresetsPage }, balance] = await Promise.all([
    client.request(AvailableGenerationModelsDocument, undefined, { signal }),
    client.request(StudioPresetsPageDocument, { limit: 100 }, { signal }),
    getCredits(client, { signal }),
  ]);
  if (!catalog) {
    throw new StudioToolRefusal(
      "failed",
      "The API gave no model catalog, so the options cannot be checked. Try again.",
    );
  }
  const presets: Preset[] = studioPresetsPage?.items ?? [];
  const checked = checkOptions(request, catalog, presets, { invocation });
  if (!checked.ok) {
    throw new StudioToolRefusal("invalid_input", problemsText(checked.problems), { problems: checked.problems });
  }
  // The threshold is the tools' (confirmAboveCredits): here only the cost and what is available.
  const { cost, available, refillAt } = creditsDecision(
    estimateCost(request, catalog),
    balance,
    Number.POSITIVE_INFINITY,
  );
  const model = checked.model ? { id: checked.model.id, label: checked.model.label } : null;
  return { request, estimate: { cost, available, refillAt }, model, state: { catalog } };
}

const notQueued = (what: string) =>
  new StudioToolRefusal(
    "failed",
    `The API did not accept the ${what} (success: false, no id). Nothing is queued; nothing is sent again.`,
  );

/**
 * Sends the one generation mutation of a checked request (`@studio-kit/commands`' `sendGeneration`: sent once, never
 * retried, with the variables every app sends), refused in the tools' words when the API does not accept it.
 */
export async function sendClientGeneration(
  client: StudioClient,
  { request, model, state }: PreparedGeneration & { state: ClientGenerationState },
): Promise<{ recordKind: RecordKind; ids: string[] }> {
  // No abort signal from here: once sent, the mutation's answer (the job) is read even if the call is cancelled,
  // so the job is known rather than spent unseen.
  // generateMusicTrack takes a provider, not a model: the checked music model's provider from the catalog.
  const musicProvider =
    request.kind === "music" ? state.catalog.musicModels?.find((each) => each.id === model?.id)?.provider : undefined;
  if (request.kind === "music" && !musicProvider) {
    throw new StudioToolRefusal("failed", "No music model is available right now. Nothing was generated.");
  }
  const sent = await sendGeneration(client, request, { musicProvider });
  if (!sent.queued) throw notQueued(sent.what);
  return { recordKind: sent.kind, ids: sent.ids };
}
