// The workflow pane's client: GET /api/workflow/steps, POST /api/workflow/run and GET /api/workflow/runs
// (apps/playground/CONTRACT.md, "Workflow steps"), over api.ts's caller: errors are its ApiError, with the server's
// code and its "what to do" message, so the pane shows them as the rest of the page does.

import type { WorkflowRunAnswer, WorkflowRuns, WorkflowStepView } from "../src/shared/api.js";
import { createCaller } from "./api.js";

/** The calls the workflow pane makes. */
export interface WorkflowApi {
  steps(): Promise<WorkflowStepView[]>;
  /** Runs `step` with `inputs` (text from the form is fine: the server types it) and waits for its end, up to 60 s. */
  run(body: { step: string; inputs: Record<string, unknown> }): Promise<WorkflowRunAnswer>;
  /** Every run, newest first; with `since` the server holds the request until something changes (long poll). */
  runs(since: number | undefined, signal?: AbortSignal): Promise<WorkflowRuns>;
}

/**
 * Creates the client.
 *
 * @example
 * const workflow = createWorkflowApi({ fetch: (input, init) => fetch(input, init) });
 * const answer = await workflow.run({ step: "check_credits", inputs: {} });
 */
export function createWorkflowApi(options: { fetch: typeof fetch; baseUrl?: string }): WorkflowApi {
  const { call, post } = createCaller(options);
  return {
    steps: () => call<WorkflowStepView[]>("/api/workflow/steps"),
    run: (body) => post<WorkflowRunAnswer>("/api/workflow/run", body),
    runs: (since, signal) =>
      call<WorkflowRuns>(`/api/workflow/runs${since === undefined ? "" : `?since=${since}`}`, signal ? { signal } : {}),
  };
}
