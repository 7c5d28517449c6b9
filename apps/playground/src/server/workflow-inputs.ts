// A run's inputs from the page, checked and typed as Workflow Builder would send them: it does not save a workflow
// whose step leaves a required input empty, and each field holds its declared type (a number field gives a number,
// a channel picker a channel id). The page's form sends text; this turns "2" into 2 for an `integer`, and refuses
// what Workflow Builder could not have sent, naming the field.
import type { WorkflowParameterView } from "../shared/api.js";
import { HttpError } from "./http/errors.js";

/** What the checks need to know of the workspace: its people and its conversations. */
export interface InputWorld {
  isPerson(id: string): boolean;
  isChannel(id: string): boolean;
}

const label = (parameter: WorkflowParameterView) =>
  parameter.title === parameter.name ? `"${parameter.name}"` : `${parameter.title} ("${parameter.name}")`;

const invalid = (parameter: WorkflowParameterView, what: string) =>
  new HttpError(400, "invalid_request", `${label(parameter)} ${what}.`);

const WHOLE = /^[+-]?\d+$/;

function number(parameter: WorkflowParameterView, value: unknown, whole: boolean): number {
  const parsed = typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value;
  if (typeof parsed !== "number" || !Number.isFinite(parsed)) {
    throw invalid(parameter, whole ? "must be a whole number, such as 2" : "must be a number");
  }
  // "2.0" is not a whole number as typed, even if Number() reads it as 2.
  if (whole && (!Number.isInteger(parsed) || (typeof value === "string" && !WHOLE.test(value.trim())))) {
    throw invalid(parameter, "must be a whole number, such as 2");
  }
  return parsed;
}

function coerce(parameter: WorkflowParameterView, value: unknown, world: InputWorld): unknown {
  switch (parameter.type) {
    case "string":
      if (typeof value !== "string") throw invalid(parameter, "must be text");
      return value;
    case "integer":
      return number(parameter, value, true);
    case "number":
      return number(parameter, value, false);
    case "boolean":
      if (value === true || value === "true") return true;
      if (value === false || value === "false") return false;
      throw invalid(parameter, "must be true or false");
    case "array":
      if (!Array.isArray(value)) throw invalid(parameter, "must be a list");
      return value;
    case "object":
      if (typeof value !== "object" || value === null || Array.isArray(value))
        throw invalid(parameter, "must be an object");
      return value;
    case "slack#/types/user_id":
      // A Workflow Builder picker offers the workspace's people only.
      if (typeof value !== "string" || !world.isPerson(value)) {
        throw new HttpError(400, "unknown_user", `${label(parameter)} must be one of the workspace's people.`);
      }
      return value;
    case "slack#/types/channel_id":
      if (typeof value !== "string" || !world.isChannel(value)) {
        throw new HttpError(404, "channel_not_found", `${label(parameter)} must be one of the workspace's channels.`);
      }
      return value;
    default:
      // Slack's other types (timestamp, rich text, …) travel as strings; none of the bot's steps takes one yet.
      if (parameter.type.startsWith("slack#/types/") && typeof value !== "string")
        throw invalid(parameter, "must be text");
      return value;
  }
}

/**
 * The inputs to send with `function_executed`: only declared ones, each of its type; an empty field (absent, null
 * or "") is left out, and a required one left out is refused.
 *
 * @example
 * checkInputs(step.inputs, { prompt: "a fox", count: "2" }, world) // { prompt: "a fox", count: 2 }
 */
export function checkInputs(
  declared: readonly WorkflowParameterView[],
  given: Record<string, unknown>,
  world: InputWorld,
): Record<string, unknown> {
  const byName = new Map(declared.map((parameter) => [parameter.name, parameter]));
  const unknown = Object.keys(given).filter((name) => !byName.has(name));
  if (unknown.length) {
    throw new HttpError(400, "invalid_request", `This step has no input ${unknown.map((n) => `"${n}"`).join(", ")}.`);
  }
  const inputs: Record<string, unknown> = {};
  for (const parameter of declared) {
    const value = given[parameter.name];
    if (value === undefined || value === null || value === "") {
      if (parameter.isRequired) throw invalid(parameter, "is required: fill it in");
      continue;
    }
    inputs[parameter.name] = coerce(parameter, value, world);
  }
  return inputs;
}
