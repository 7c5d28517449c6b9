// Completing a Workflow Builder custom step (https://docs.slack.dev/tools/bolt-js/concepts/custom-steps):
// functions.completeSuccess with the outputs, or functions.completeError with a message the person is shown
// ("passed on to the end user through a Slackbot message": https://docs.slack.dev/reference/methods/functions.completeError/).

import type { webApi } from "@slack/bolt";

/** A step as the completion needs it: its execution id and the `bot_access_token` its event carried. */
export interface StepExecution {
  executionId: string;
  token: string;
}

/**
 * How a completion ended: `completed` now, or `already` when Slack no longer has the execution running (completed
 * before, by this bot before a crash, or timed out). Both mean the step needs nothing more.
 */
export type Completion = "completed" | "already";

/** The Slack side of custom steps. */
export interface FunctionSteps {
  succeed(step: StepExecution, outputs: Record<string, unknown>): Promise<Completion>;
  fail(step: StepExecution, error: string): Promise<Completion>;
  /** chat.getPermalink of a message; undefined when Slack would not give one. */
  permalink(channel: string, ts: string): Promise<string | undefined>;
}

/**
 * Errors that say the execution is no longer waiting for us. The docs: "Typical error response when the function has
 * been completed and cannot be found: function_execution_not_found"; and execution_not_in_running_state, "no longer
 * in a state to be completed" (https://docs.slack.dev/reference/methods/functions.completeError/).
 */
const ALREADY = new Set(["function_execution_not_found", "execution_not_in_running_state"]);

/** The Slack error code of a failed Web API call (`data.error`), or "". */
const codeOf = (error: unknown): string => {
  const code = (error as { data?: { error?: unknown } } | null)?.data?.error;
  return typeof code === "string" ? code : "";
};

/**
 * Completes steps through `client` (the app's Web API client), with each step's own token as Bolt's `complete()`
 * does. A Slack error other than "already" is thrown with its code; so is a network error (the caller retries later).
 */
export function createFunctionSteps(client: webApi.WebClient): FunctionSteps {
  const settle = async (call: () => Promise<unknown>): Promise<Completion> => {
    try {
      await call();
      return "completed";
    } catch (error) {
      if (ALREADY.has(codeOf(error))) return "already";
      throw error;
    }
  };
  return {
    succeed: (step, outputs) =>
      settle(() =>
        client.functions.completeSuccess({ token: step.token, function_execution_id: step.executionId, outputs }),
      ),
    fail: (step, error) =>
      settle(() =>
        client.functions.completeError({ token: step.token, function_execution_id: step.executionId, error }),
      ),
    async permalink(channel, ts) {
      try {
        const answer = await client.chat.getPermalink({ channel, message_ts: ts });
        return answer.permalink;
      } catch {
        return undefined;
      }
    },
  };
}
