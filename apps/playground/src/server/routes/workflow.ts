import type { WorkflowRunAnswer, WorkflowRuns, WorkflowStepView } from "../../shared/api.js";
import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { json, readJson, requireString } from "../http/responses.js";
import type { Router } from "../http/router.js";
import { requireAck, simAction } from "../sim-errors.js";
import { checkInputs } from "../workflow-inputs.js";
import { readBotManifest, runView, type WorkflowSteps, workflowSteps } from "../workflow-steps.js";
import { isKnownChannel, personOf } from "../workspace.js";

/**
 * How long POST /api/workflow/run waits for the bot to complete the step, ms: Check credits and Add to a board end
 * within a second, Generate an image when the generation does (about 3 s with the playground's sandbox; a real
 * API's video-sized waits are longer). After this the answer says `running` and the page follows
 * GET /api/workflow/runs.
 */
export const RUN_WAIT_MS = 60_000;

function waitOf(body: Record<string, unknown>): number {
  const wait = body.waitMs;
  if (wait === undefined || wait === null) return RUN_WAIT_MS;
  if (typeof wait !== "number" || !Number.isInteger(wait) || wait < 0 || wait > RUN_WAIT_MS) {
    throw new HttpError(400, "invalid_request", `"waitMs" must be a whole number of ms from 0 to ${RUN_WAIT_MS}.`);
  }
  return wait;
}

/**
 * The "run a workflow step" form's endpoints: GET /api/workflow/steps (the bot's manifest `functions`),
 * POST /api/workflow/run (slack-sim's `runFunction`, as a workflow reaching the step, waited for through the change
 * tracker) and GET /api/workflow/runs (every execution, newest first; long poll as /api/state).
 */
export function register(
  router: Router,
  context: RouteContext,
  steps: WorkflowSteps = workflowSteps(readBotManifest()),
) {
  const { sim } = context;
  const world = {
    isPerson: (id: string) => personOf(id) !== undefined,
    isChannel: (id: string) => isKnownChannel(sim, id),
  };
  const runs = () =>
    sim
      .functionExecutions()
      .map((execution) => runView(execution, steps))
      .reverse();

  router.add("GET", "/api/workflow/steps", () =>
    json([...steps.values()].map((step) => step.view) satisfies WorkflowStepView[]),
  );

  router.add("POST", "/api/workflow/run", async (request) => {
    const body = await readJson(request);
    const callbackId = requireString(body, "step");
    const step = steps.get(callbackId);
    if (!step)
      throw new HttpError(400, "unknown_step", "The bot has no such step: GET /api/workflow/steps lists them.");
    const given = body.inputs ?? {};
    if (typeof given !== "object" || given === null || Array.isArray(given)) {
      throw new HttpError(400, "invalid_request", '"inputs" must be an object of input name to value.');
    }
    const inputs = checkInputs(step.view.inputs, given as Record<string, unknown>, world);
    const waitMs = waitOf(body);
    const started = await simAction(() => sim.runFunction({ callbackId, definition: step.definition, inputs }));
    requireAck(started);
    const { executionId } = started;
    const execution = () => sim.functionExecutions().find((each) => each.id === executionId);
    // The bot acks function_executed first and completes the step afterwards (a generation, seconds later), with a
    // Web API call that moves the sim's version: the wait wakes on it, no polling.
    await context.tracker.waitUntil(() => execution()?.state !== "running", waitMs, request.signal);
    const ended = execution();
    const answer: WorkflowRunAnswer = {
      executionId,
      state: ended?.state ?? "running",
      ...(ended?.outputs ? { outputs: ended.outputs } : {}),
      ...(ended?.error ? { error: ended.error } : {}),
    };
    return json(answer);
  });

  router.add("GET", "/api/workflow/runs", async (request) => {
    const query = new URL(request.url).searchParams;
    const raw = query.get("since");
    const since = raw === null || raw === "" ? undefined : Number(raw);
    if (since !== undefined && !Number.isInteger(since)) {
      throw new HttpError(400, "invalid_request", '"since" must be a version number from an earlier answer.');
    }
    if (since !== undefined && since === context.tracker.version()) {
      await context.tracker.waitForChange(since, context.longPollMs, request.signal);
    }
    return json({ version: context.tracker.version(), runs: runs() } satisfies WorkflowRuns);
  });
}
