// A workflow runs one of the app's custom steps: Slack sends `function_executed` and waits for the app to call
// functions.completeSuccess or functions.completeError (api/functions.ts).
// Payload: https://docs.slack.dev/reference/events/function_executed/ (function, inputs, function_execution_id,
// workflow_execution_id, event_ts, bot_access_token). Bolt: https://docs.slack.dev/tools/bolt-js/concepts/custom-steps

import { executionsOf, type SimFunctionExecution, type SimFunctionParameter } from "../api/functions.js";
import { SlackSimError } from "../errors.js";
import { SIM_WORKSPACE } from "../state.js";
import type { SendOptions } from "./common.js";
import type { DeliveryContext } from "./deliver.js";
import { type EventLog, type EventResult, sendEvent } from "./events.js";

/** One parameter as the app manifest's `functions` section declares it (keyed by its name there). */
export interface ManifestFunctionParameter {
  type: string;
  title?: string;
  description?: string;
  is_required?: boolean;
  items?: { type: string };
}

/** A function as the app manifest declares it (https://docs.slack.dev/reference/app-manifest, `functions`). */
export interface ManifestFunction {
  title: string;
  description?: string;
  input_parameters: Record<string, ManifestFunctionParameter>;
  output_parameters: Record<string, ManifestFunctionParameter>;
}

/** A workflow reaching the app's step `callbackId`. */
export interface RunFunctionInput extends SendOptions {
  /** The function's `callback_id` (its key in the manifest's `functions`). */
  callbackId: string;
  /** Its definition, as in the manifest: the event lists its parameters, and completeSuccess checks the outputs. */
  definition: ManifestFunction;
  /** The values the workflow passes; required inputs must be there, as Workflow Builder insists. */
  inputs: Record<string, unknown>;
}

/** The ack of the event, and the execution to read back (`sim.functionExecutions()`). */
export interface RunFunctionResult extends EventResult {
  executionId: string;
}

const asParameters = (declared: Record<string, ManifestFunctionParameter>): SimFunctionParameter[] =>
  Object.entries(declared).map(([name, parameter]) => ({ name, ...parameter }));

/** Starts an execution and delivers `function_executed` (an Events API envelope, like any event). */
export async function sendFunctionExecuted(
  context: DeliveryContext,
  log: EventLog,
  input: RunFunctionInput,
): Promise<RunFunctionResult> {
  const { state } = context;
  const { definition } = input;
  const inputParameters = asParameters(definition.input_parameters);
  const absent = inputParameters.filter((p) => p.is_required && input.inputs[p.name] === undefined);
  if (absent.length) {
    // Workflow Builder does not save a workflow whose step leaves a required input empty.
    throw new SlackSimError("invalid_options", `required inputs missing: ${absent.map((p) => p.name).join(", ")}`);
  }
  const execution: SimFunctionExecution = {
    id: state.nextId("Fx"),
    workflowExecutionId: state.nextId("Wx"),
    callbackId: input.callbackId,
    inputs: structuredClone(input.inputs),
    outputParameters: asParameters(definition.output_parameters),
    // The shape of the docs' example token (`xwfp-` is what Slack issues for workflow tokens [reported]).
    token: `xwfp-${state.nextId("")}-${state.now()}`,
    state: "running",
    completions: [],
    startedAt: state.now(),
  };
  executionsOf(state).set(execution.id, execution);
  const seconds = Math.floor(state.now() / 1000);
  const event = {
    type: "function_executed",
    function: {
      id: `Fn${execution.id.slice(2)}`,
      callback_id: input.callbackId,
      title: definition.title,
      ...(definition.description ? { description: definition.description } : {}),
      type: "app",
      input_parameters: inputParameters,
      output_parameters: execution.outputParameters,
      app_id: SIM_WORKSPACE.appId,
      date_created: seconds,
      date_updated: seconds,
      date_deleted: 0,
    },
    inputs: execution.inputs,
    function_execution_id: execution.id,
    workflow_execution_id: execution.workflowExecutionId,
    event_ts: state.nextTs(),
    bot_access_token: execution.token,
  };
  const result = await sendEvent(context, log, event, input);
  return { ...result, executionId: execution.id };
}

/** Copies of the executions, oldest first, their tokens left out (a reader has no use for a secret). */
export function readExecutions(context: DeliveryContext): Omit<SimFunctionExecution, "token">[] {
  return [...executionsOf(context.state).values()].map(({ token: _token, ...rest }) => structuredClone(rest));
}
