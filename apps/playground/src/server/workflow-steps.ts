// The bot's Workflow Builder steps as the playground offers them: read from the bot's own manifest.json (its
// `functions`, https://docs.slack.dev/reference/app-manifest), so the form always shows what the bot declares, and
// slack-sim's executions of them as the page's run records.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ManifestFunction, SimFunctionExecution } from "@studio-kit/slack-sim";
import type { WorkflowParameterView, WorkflowRunView, WorkflowStepView } from "../shared/api.js";

/** A step: what the page shows of it, and the definition slack-sim's `runFunction` takes (the manifest's own). */
export interface WorkflowStep {
  view: WorkflowStepView;
  definition: ManifestFunction;
}

/** The steps by callback id, in the manifest's order. */
export type WorkflowSteps = ReadonlyMap<string, WorkflowStep>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

function parameters(where: string, declared: unknown): WorkflowParameterView[] {
  if (declared === undefined) return [];
  if (!isObject(declared)) throw new TypeError(`@studio-kit/playground: manifest.json ${where} is not an object.`);
  return Object.entries(declared).map(([name, parameter]) => {
    if (!isObject(parameter) || typeof parameter.type !== "string") {
      throw new TypeError(`@studio-kit/playground: manifest.json ${where}.${name} has no type.`);
    }
    const description = text(parameter.description);
    const hint = text(parameter.hint);
    const items = isObject(parameter.items) && typeof parameter.items.type === "string" ? parameter.items.type : "";
    return {
      name,
      type: parameter.type,
      title: text(parameter.title) ?? name,
      ...(description ? { description } : {}),
      ...(hint ? { hint } : {}),
      isRequired: parameter.is_required === true,
      ...(items ? { items: { type: items } } : {}),
    };
  });
}

/**
 * The steps a manifest declares under `functions`. Throws (naming the place) when the section is not the manifest's
 * shape: the playground then fails at start rather than offering a form the bot cannot run.
 */
export function workflowSteps(manifest: unknown): WorkflowSteps {
  const functions = isObject(manifest) ? (manifest.functions ?? {}) : undefined;
  if (!isObject(functions)) throw new TypeError("@studio-kit/playground: manifest.json `functions` is not an object.");
  const steps = new Map<string, WorkflowStep>();
  for (const [callbackId, declared] of Object.entries(functions)) {
    const where = `functions.${callbackId}`;
    if (!isObject(declared) || !text(declared.title)) {
      throw new TypeError(`@studio-kit/playground: manifest.json ${where} has no title.`);
    }
    const description = text(declared.description);
    const view: WorkflowStepView = {
      callbackId,
      title: declared.title as string,
      ...(description ? { description } : {}),
      inputs: parameters(`${where}.input_parameters`, declared.input_parameters),
      outputs: parameters(`${where}.output_parameters`, declared.output_parameters),
    };
    const definition = {
      title: view.title,
      ...(description ? { description } : {}),
      input_parameters: (declared.input_parameters ?? {}) as ManifestFunction["input_parameters"],
      output_parameters: (declared.output_parameters ?? {}) as ManifestFunction["output_parameters"],
    };
    steps.set(callbackId, { view, definition });
  }
  return steps;
}

/**
 * The bot's manifest.json, through the package's `exports` (`@studio-kit/slack-bot/manifest.json`): the very file
 * Slack creates the app from, read at start so the form matches the bot that runs.
 */
export function readBotManifest(): unknown {
  const path = createRequire(import.meta.url).resolve("@studio-kit/slack-bot/manifest.json");
  return JSON.parse(readFileSync(path, "utf8"));
}

/** An execution as the page lists it; `title` from the step (the callback id when the manifest lacks it). */
export function runView(execution: Omit<SimFunctionExecution, "token">, steps: WorkflowSteps): WorkflowRunView {
  // The completion Slack accepted is when the run ended; refused ones (a second completion) are not.
  const ended = execution.completions.find((completion) => completion.ok);
  return {
    executionId: execution.id,
    callbackId: execution.callbackId,
    title: steps.get(execution.callbackId)?.view.title ?? execution.callbackId,
    state: execution.state,
    inputs: execution.inputs,
    ...(execution.outputs ? { outputs: execution.outputs } : {}),
    ...(execution.error ? { error: execution.error } : {}),
    startedAt: execution.startedAt,
    ...(ended && execution.state !== "running" ? { endedAt: ended.at } : {}),
  };
}
