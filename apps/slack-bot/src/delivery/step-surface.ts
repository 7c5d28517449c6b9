import type { webApi } from "@slack/bolt";
import type { SlackMessage } from "../messages/blocks.js";
import { conversationSurface } from "./conversation.js";
import type { Surface } from "./surface.js";

/** A surface for a Workflow Builder step, which also says why the flow refused it (the step's error). */
export interface StepSurface extends Surface {
  /** The last note the flow gave the asker (a refusal: credits, access, an option, a quota), if any. */
  refusal(): SlackMessage | undefined;
}

/**
 * Where a Workflow Builder step answers (decision 0022): the step's channel, as the workflow's person, like a
 * mention in that channel without a thread: the job's progress and its one result message are posted there. A note
 * for the asker (the checks' refusals) is not posted: nobody is typing in the channel, so it becomes the step's
 * error instead (functions.completeError, which Slack shows the person: flows/workflow-steps.ts).
 */
export function stepSurface(client: webApi.WebClient, place: { user: string; channel: string }): StepSurface {
  const surface = conversationSurface(client, place);
  let refusal: SlackMessage | undefined;
  const keep = async (message: SlackMessage): Promise<void> => {
    refusal = message;
  };
  return { ...surface, ephemeral: keep, reply: keep, refusal: () => refusal };
}
