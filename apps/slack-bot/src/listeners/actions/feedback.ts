import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import { toSlack } from "../../delivery/conversation.js";
import type { BotDeps } from "../../deps.js";
import type { SlackMessage } from "../../messages/blocks.js";
import { ratedMessage, ratingNotKeptMessage, readFeedbackValue } from "../../messages/feedback.js";

/** What a feedback button listener gets from Bolt: a `feedback_buttons` element's click, its value the button's. */
type FeedbackArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;

/**
 * Good result / Not what I wanted, under every result: ack, then the clicker's latest rating of that job's result is
 * kept (the store says what it replaced; the measured store counts a change in /metrics by model and preset), and the
 * clicker is told so in a note only they see, as Slack's example answers a feedback click
 * (https://docs.slack.dev/tools/bolt-js/concepts/ai-apps#adding-and-handling-feedback). Slack's client shows the
 * clicked button as chosen; the note says the rating was kept, or that it could not be. It goes through the click's
 * `response_url`, which answers where the result is even in a channel the bot is not in, and never replaces it.
 */
export function feedbackAction(deps: BotDeps) {
  return async function onFeedback({ ack, body, action, respond }: FeedbackArgs): Promise<void> {
    await ack();
    const note = async (message: SlackMessage) => {
      await respond({ response_type: "ephemeral", replace_original: false, ...toSlack(message) }).catch(
        (error: unknown) => deps.logger.warn({ err: error, user: body.user.id }, "could not answer a feedback click"),
      );
    };
    const value = readFeedbackValue((action as { value?: unknown }).value);
    const job = value ? await deps.store.jobs.get(value.jobId) : undefined;
    if (!value || !job) {
      deps.logger.info({ user: body.user.id }, "feedback on a result the bot does not know; dropped");
      await note(ratingNotKeptMessage());
      return;
    }
    const { previous } = await deps.store.feedback.rate({
      jobId: job.id,
      user: body.user.id,
      rating: value.rating,
      ratedAt: deps.now(),
    });
    deps.logger.info({ job: job.id, user: body.user.id, rating: value.rating }, "result rated");
    await note(ratedMessage(value.rating, previous));
  };
}
