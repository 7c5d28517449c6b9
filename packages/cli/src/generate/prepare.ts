import {
  type Catalog,
  type CatalogModel,
  type CreditsDecision,
  checkOptions,
  creditsDecision,
  estimateCost,
  type GenerationCommands,
  type GenerationKind,
  type OptionProblem,
  type Preset,
} from "@studio-kit/commands";
import { getCredits, type StudioClient } from "@studio-kit/core";
import { AvailableGenerationModelsDocument, StudioPresetsPageDocument } from "@studio-kit/operations";
import { when } from "../dates.js";
import { CliError, usageError } from "../errors.js";
import type { CliIo } from "../io.js";
import type { Printer } from "../printer.js";

/** What the bot asks before by default (its CREDITS_CONFIRM_THRESHOLD): costs above it are confirmed first. */
export const DEFAULT_CONFIRM_THRESHOLD = 50;
const INVOCATION = { invocation: "studio" } as const;

/** A generation the CLI makes: `image`, `video`, `music` or `voice` (the bot's `avatar` and `lipsync` are not here). */
export type CliGeneration = GenerationCommands[GenerationKind];

/** A command that passed every check, with what it needs to be sent. */
export interface Cleared {
  command: CliGeneration;
  catalog: Catalog;
  model: CatalogModel | undefined;
  credits: CreditsDecision;
}

/** The option problems as lines for a terminal: each problem, the values that work, then where to read more. */
export function describeProblems(problems: readonly OptionProblem[]): string {
  const lines = problems.map((problem) => {
    const valid = problem.valid.length
      ? ` ${problem.validIntro ?? "Valid:"} ${problem.valid.slice(0, 12).join(", ")}.`
      : "";
    return `  ${problem.message}${valid}`;
  });
  const helps = [...new Set(problems.flatMap((problem) => (problem.help ? [problem.help] : [])))];
  return [
    "Some options cannot be used:",
    ...lines,
    `Nothing was generated and no credits were spent. ${helps.join(" ")}`.trimEnd(),
  ].join("\n");
}

function threshold(env: CliIo["env"]): number {
  const raw = env.CREDITS_CONFIRM_THRESHOLD;
  if (raw === undefined || raw.trim() === "") return DEFAULT_CONFIRM_THRESHOLD;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw usageError(
      "CREDITS_CONFIRM_THRESHOLD must be a number of credits, 0 or more (0 asks before every generation).",
    );
  }
  return value;
}

/**
 * Checks a generation before anything is spent, as the bot does: its options against the model catalog and the
 * presets (a problem is a usage error, exit 2: only reads were sent), then its estimated cost against the credits
 * (short of credits fails, exit 1). A cost above the threshold is confirmed by the person at a terminal, or by
 * `--yes`; a script without `--yes` is stopped with exit 2, since nothing is generated that was not clearly asked for.
 */
export async function prepare(
  client: StudioClient,
  command: CliGeneration,
  context: { io: CliIo; printer: Printer; yes: boolean },
): Promise<Cleared> {
  const limit = threshold(context.io.env);
  const [{ availableGenerationModels: catalog }, { studioPresetsPage }, balance] = await Promise.all([
    client.request(AvailableGenerationModelsDocument),
    client.request(StudioPresetsPageDocument, { limit: 100 }),
    getCredits(client),
  ]);
  if (!catalog)
    throw new CliError("failed", "The API gave no model catalog, so the options cannot be checked. Try again.");
  const presets: Preset[] = studioPresetsPage?.items ?? [];
  const checked = checkOptions(command, catalog, presets, INVOCATION);
  if (!checked.ok) throw usageError(describeProblems(checked.problems));
  const credits = creditsDecision(estimateCost(command, catalog), balance, limit);
  if (credits.verdict === "insufficient") {
    throw new CliError(
      "failed",
      `Not enough credits: this costs about ${credits.cost} and ${credits.available} are available` +
        `${credits.refillAt ? ` (more at ${when(credits.refillAt)})` : ""}. Nothing was generated.`,
    );
  }
  if (credits.verdict === "confirm" && !context.yes) await confirm(credits, limit, context);
  return { command, catalog, model: checked.model, credits };
}

async function confirm(credits: CreditsDecision, limit: number, { io, printer }: { io: CliIo; printer: Printer }) {
  const cost = `about ${credits.cost} credits (of ${credits.available} available)`;
  if (!io.ask || !printer.interactive) {
    throw usageError(`This would spend ${cost}, above the confirmation threshold of ${limit}. Add --yes to go ahead.`);
  }
  const answer = await io.ask(`This will spend ${cost}. Go ahead? [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim())) throw usageError("Not confirmed: nothing was generated.");
}
