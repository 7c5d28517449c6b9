// Custom steps for Workflow Builder: the executions the sim started (actions/function.ts) and the two Web API
// methods that end them, `functions.completeSuccess` and `functions.completeError`.
// https://docs.slack.dev/reference/methods/functions.completeSuccess/ and
// https://docs.slack.dev/reference/methods/functions.completeError/ (errors: function_execution_not_found,
// execution_not_in_running_state, parameter_validation_failed (completeSuccess only), access_denied).

import type { SimState } from "../state.js";
import { type ApiResult, type Args, fail, json, missing, str } from "./args.js";

/** One parameter of a function as the `function_executed` event lists it (https://docs.slack.dev/reference/events/function_executed/). */
export interface SimFunctionParameter {
  /** `string`, `integer`, `number`, `boolean`, `array`, `object` or a Slack type such as `slack#/types/channel_id`. */
  type: string;
  name: string;
  title?: string;
  description?: string;
  is_required?: boolean;
  /** For an `array`: its items' type. */
  items?: { type: string };
}

/** One run of a custom step, as the sim keeps it. */
export interface SimFunctionExecution {
  /** `function_execution_id` (`Fx…`). */
  id: string;
  workflowExecutionId: string;
  callbackId: string;
  inputs: Record<string, unknown>;
  outputParameters: SimFunctionParameter[];
  /** The `bot_access_token` the event carried: the app may call the Web API with it while the step runs. */
  token: string;
  /** `running` until the app completes it; then `completed` (completeSuccess) or `failed` (completeError). */
  state: "running" | "completed" | "failed";
  outputs?: Record<string, unknown>;
  error?: string;
  /** Every completion the app asked for, refused ones included, in order. */
  completions: { method: string; ok: boolean; error?: string; at: number }[];
  startedAt: number;
}

// Kept beside the state rather than in it: one registry per sim, reached by the methods through their state.
const registries = new WeakMap<SimState, Map<string, SimFunctionExecution>>();

/** The executions of a sim, by id, oldest first. */
export function executionsOf(state: SimState): Map<string, SimFunctionExecution> {
  let registry = registries.get(state);
  if (!registry) {
    registry = new Map();
    registries.set(state, registry);
  }
  return registry;
}

/**
 * Whether `token` is the `bot_access_token` of one of the sim's executions. Slack hands the app that token with the
 * event for the calls it makes while running the step (Bolt uses it for the listener's `client`); the sim accepts it
 * beside the bot token. The docs do not say how long it lives: the sim accepts it for good [decision of the sim].
 */
export function isFunctionToken(state: SimState, token: string): boolean {
  for (const execution of executionsOf(state).values()) if (execution.token === token) return true;
  return false;
}

/** Completes an execution successfully with `outputs`, checked against its output parameters. */
export function completeSuccess(state: SimState, args: Args): ApiResult {
  const found = runningExecution(state, args);
  if ("ok" in found) return record(state, args, "functions.completeSuccess", found);
  const outputs = json<Record<string, unknown>>(args.outputs);
  if (outputs === undefined) return record(state, args, "functions.completeSuccess", missing("outputs"), found);
  const problems = outputProblems(found.outputParameters, outputs);
  if (problems.length) {
    // https://docs.slack.dev/reference/methods/functions.completeSuccess/: "There were problems when validating the
    // outputs against the Function parameters. See API response for more details."
    const refused = fail("parameter_validation_failed", { errors: problems });
    return record(state, args, "functions.completeSuccess", refused, found);
  }
  found.state = "completed";
  found.outputs = outputs;
  return record(state, args, "functions.completeSuccess", { ok: true }, found);
}

/** Completes an execution as failed, with the error the person is shown (through a Slackbot message, per the docs). */
export function completeError(state: SimState, args: Args): ApiResult {
  const found = runningExecution(state, args);
  if ("ok" in found) return record(state, args, "functions.completeError", found);
  const error = str(args.error);
  if (!error) return record(state, args, "functions.completeError", missing("error"), found);
  found.state = "failed";
  found.error = error;
  return record(state, args, "functions.completeError", { ok: true }, found);
}

function runningExecution(state: SimState, args: Args): SimFunctionExecution | ApiResult {
  const id = str(args.function_execution_id);
  if (!id) return missing("function_execution_id");
  const execution = executionsOf(state).get(id);
  // The docs' own example: "Typical error response when the function has been completed and cannot be found":
  // function_execution_not_found. So a second completion gets it too, like an id Slack never issued.
  if (execution?.state !== "running" || !execution) return fail("function_execution_not_found");
  return execution;
}

function record(
  state: SimState,
  args: Args,
  method: string,
  result: ApiResult,
  execution?: SimFunctionExecution,
): ApiResult {
  const target = execution ?? executionsOf(state).get(str(args.function_execution_id) ?? "");
  target?.completions.push({ method, ok: result.ok, ...(result.ok ? {} : { error: result.error }), at: state.now() });
  return result;
}

/** What is wrong with `outputs` against the declared parameters: a required one missing, an unknown one, a bad type. */
export function outputProblems(
  parameters: readonly SimFunctionParameter[],
  outputs: Record<string, unknown>,
): string[] {
  const problems: string[] = [];
  const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]));
  for (const parameter of parameters) {
    if (parameter.is_required && outputs[parameter.name] === undefined) {
      problems.push(`missing required output: ${parameter.name}`);
    }
  }
  for (const [name, value] of Object.entries(outputs)) {
    const parameter = byName.get(name);
    if (!parameter) problems.push(`unknown output: ${name}`);
    else if (value !== undefined && value !== null && !fitsType(parameter, value)) {
      problems.push(`output ${name} is not of type ${parameter.type}`);
    }
  }
  return problems;
}

function fitsType(parameter: SimFunctionParameter, value: unknown): boolean {
  switch (parameter.type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return typeof value === "object" && !Array.isArray(value);
    case "array": {
      if (!Array.isArray(value)) return false;
      const items = parameter.items;
      return !items || value.every((item) => fitsType({ type: items.type, name: parameter.name }, item));
    }
    default:
      // Slack's own types (slack#/types/channel_id, user_id, timestamp, ...) travel as strings.
      return parameter.type.startsWith("slack#/types/") ? typeof value === "string" : true;
  }
}
