// Feedback on every result (issue 29): Slack's feedback buttons (a `feedback_buttons` element, which lives only in a
// `context_actions` block: https://docs.slack.dev/reference/block-kit/block-elements/feedback-buttons-element) under
// the result, so a team learns which models and presets give results people keep. Each button's value names the
// job and the rating: Slack sends the clicked button's own value back (block_actions), and defines none of its own.
import type { Rating } from "../store/types.js";
import type { Block } from "./blocks.js";
import { ACTIONS } from "./ids.js";

/** What a feedback button's value carries. */
export interface FeedbackValue {
  jobId: string;
  rating: Rating;
}

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
        positive_button: button(jobId, "good", "Good result", "This result is good"),
        negative_button: button(jobId, "bad", "Not what I wanted", "This result is not what I wanted"),
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
