import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { readFeedbackValue } from "../../messages/feedback.js";

/** What a feedback button listener gets from Bolt: a `feedback_buttons` element's click, its value the button's. */
type FeedbackArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;

/**
 * Good result / Not what I wanted, under every result: ack, then the clicker's latest rating of that job's result is
 * kept (the store says what it replaced; the measured store counts a change in /metrics by model and preset). Slack
 * shows the clicked button as chosen, so nothing is posted: a rating is a quiet act, and a channel is not the place
 * for it. A value the bot did not write, or a job it no longer has, is logged and dropped.
 */
export function feedbackAction(deps: BotDeps) {
  return async function onFeedback({ ack, body, action }: FeedbackArgs): Promise<void> {
    await ack();
    const value = readFeedbackValue((action as { value?: unknown }).value);
    const job = value ? await deps.store.jobs.get(value.jobId) : undefined;
    if (!value || !job) {
      deps.logger.info({ user: body.user.id }, "feedback on a result the bot does not know; dropped");
      return;
    }
    await deps.store.feedback.rate({ jobId: job.id, user: body.user.id, rating: value.rating, ratedAt: deps.now() });
    deps.logger.info({ job: job.id, user: body.user.id, rating: value.rating }, "result rated");
  };
}
