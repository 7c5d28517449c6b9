// Feedback on every result (issue 29): Slack's feedback buttons (a `feedback_buttons` element, which lives only in a
// `context_actions` block: https://docs.slack.dev/reference/block-kit/block-elements/feedback-buttons-element) under
// the result, so a team learns which models and presets give results people keep. Each button's value names the
// job and the rating: Slack sends the clicked button's own value back (block_actions), and defines none of its own.
import type { Rating } from "../store/types.js";
import { type Block, context, message, type SlackMessage, section } from "./blocks.js";
import { ACTIONS } from "./ids.js";

/** What a feedback button's value carries. */
export interface FeedbackValue {
  jobId: string;
  rating: Rating;
}

// Each button's words, also said back in the note that the rating was kept.
const WORDS: Record<Rating, string> = { good: "Good result", bad: "Not what I wanted" };

const button = (jobId: string, rating: Rating, text: string, label: string) => ({
  text: { type: "plain_text", text },
  value: JSON.stringify({ jobId, rating } satisfies FeedbackValue),
  accessibility_label: label,
});

/** The feedback row under a job's result: "Good result" and "Not what I wanted". */
export function feedbackBlock(jobId: string): Block {
  return {
    type: "context_actions",
    elements: [
      {
        type: "feedback_buttons",
        action_id: ACTIONS.feedback,
        positive_button: button(jobId, "good", WORDS.good, "This result is good"),
        negative_button: button(jobId, "bad", WORDS.bad, "This result is not what I wanted"),
      },
    ],
  };
}

/** A feedback button's value read back, or undefined for anything else (a forged or foreign value). */
export function readFeedbackValue(value: unknown): FeedbackValue | undefined {
  if (typeof value !== "string" || value.length > 2000) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<FeedbackValue> | null;
    const { jobId, rating } = parsed ?? {};
    if (typeof jobId !== "string" || !jobId || (rating !== "good" && rating !== "bad")) return undefined;
    return { jobId, rating };
  } catch {
    return undefined;
  }
}

/**
 * The note only the clicker sees once their rating is kept, as Slack's own example answers a feedback click (an
 * ephemeral: https://docs.slack.dev/tools/bolt-js/concepts/ai-apps#adding-and-handling-feedback): what was kept, and
 * what it replaced. Slack's client shows the clicked button as chosen besides; this says the app took it too.
 */
export function ratedMessage(rating: Rating, previous: Rating | undefined): SlackMessage {
  const said = (mark: (words: string) => string) => {
    const kept = mark(WORDS[rating]);
    if (previous === rating) return `You rated this result ${kept} already; that rating stands.`;
    if (previous) return `Changed: you now rate this result ${kept} (it was ${mark(WORDS[previous])}).`;
    if (rating === "good") return `Thanks: you rated this result ${kept}.`;
    return `Noted: you rated this result ${kept}. Regenerate or Remix on it tries again.`;
  };
  return message(
    said((words) => words),
    [
      section(`:white_check_mark: ${said((words) => `*${words}*`)}`),
      context("Ratings show your team which models and presets give results people keep."),
    ],
  );
}

/** The note for a rating the bot could not keep: the result is not one it knows (any more). */
export function ratingNotKeptMessage(): SlackMessage {
  const text = "I could not keep that rating: I no longer know this result.";
  return message(text, [section(`:warning: ${text}`)]);
}
