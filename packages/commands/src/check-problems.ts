import { type Catalog, type CatalogModel, modelsFor, pickModel } from "./catalog.js";
import { echo } from "./flags.js";
import type { GenerationKind } from "./types.js";

// What every option check shares: the shape of a problem, the help that names where to read more, and the checks
// of a model and of a value against the model's list. check.ts and check-media.ts build on them.

/** One option that cannot be used, with the values that can. */
export interface OptionProblem {
  /** The flag, such as `--model`. */
  option: string;
  /** What is wrong, in words for the user. */
  message: string;
  /** The values that would work (possibly many: message builders cut the list short). */
  valid: string[];
  /**
   * The words before `valid` when the values are only examples of a rule (`--ratio`); absent, they are every value
   * that would work ("Valid:").
   */
  validIntro?: string;
  /**
   * The command that lists more about this option, in a sentence naming the caller's invocation (`/studio models
   * image` for a model's values, `studio presets` for presets); absent when the message already says everything
   * (`--count`, `--ratio`).
   */
  help?: string;
}

/** The help for a problem with a model or a model's value: the command that lists the role's models. */
export const modelsHelp = (role: GenerationKind, invocation: string) =>
  role === "voice"
    ? `\`${invocation} models voice\` lists the voices.`
    : `\`${invocation} models ${role}\` lists the ${role} models and the values each takes.`;

/** A value the model does not list (`--quality`, `--resolution`, `--duration`), with the values it does. */
export function checkValue<T extends string | number>(
  problems: OptionProblem[],
  option: string,
  value: T | undefined,
  allowed: readonly T[] | null | undefined,
  model: CatalogModel,
  role: GenerationKind,
  invocation: string,
): void {
  if (value === undefined) return;
  const list = allowed ?? [];
  if (list.includes(value)) return;
  const valid = list.map(String);
  const message = valid.length
    ? `\`${option} ${echo(String(value))}\` is not available for ${model.id}.`
    : `${model.id} does not take \`${option}\`: leave it out.`;
  problems.push({ option, message, valid, help: modelsHelp(role, invocation) });
}

/** The ids of a role's models. */
export const pickAll = (catalog: Catalog, role: GenerationKind) =>
  modelsFor(catalog, role).models.map((model) => model.id);

/** The model a role's `--model` (or `--voice`) names, else its default; a problem listing the models when none. */
export function checkModel(
  problems: OptionProblem[],
  catalog: Catalog,
  role: GenerationKind,
  id: string | undefined,
  invocation: string,
  option = "--model",
): CatalogModel | undefined {
  const model = pickModel(catalog, role, id);
  if (model) return model;
  const models = pickAll(catalog, role);
  problems.push({
    option,
    message: models.length
      ? `There is no ${role} model \`${echo(id ?? "")}\`.`
      : `No ${role} models are available right now.`,
    valid: models,
    help: modelsHelp(role, invocation),
  });
  return undefined;
}
