// What the renderers need from the page, passed in so that they stay plain functions over plain data (the tests
// call them with a fixed context and no DOM).

import type { DateOptions } from "./dates.js";

/** Names for mentions and dates, for mrkdwn. */
export interface TextContext {
  /** A person's (or the bot's) display name, by user id. */
  userName(id: string): string | undefined;
  /** A channel's name, by id. */
  channelName(id: string): string | undefined;
  /** Now and the time zone, for `<!date>` tokens. */
  dates(): DateOptions;
}

/** A Block Kit option (`{ text, value }`), as the view or `/api/suggest` gave it. */
export interface BlockOption {
  text: unknown;
  value: string;
}

/** A button click or a select's choice, as the page sends it to `/api/click`. */
export interface BlockAction {
  actionId: string;
  blockId?: string;
  value?: string;
  selectedOption?: BlockOption;
}

/** What a modal adds: errors under inputs, values to keep across a view update, and suggestions. */
export interface FormContext {
  /** The view's id: input ids are made from it, so two modals never share an element id. */
  viewId: string;
  /** Errors by block id, shown under the input (`response_action: "errors"`). */
  errors: Record<string, string>;
  /**
   * Values typed or chosen before the view was updated, by block id then action id (Slack keeps them): a string, or
   * a multi-select's chosen values.
   */
  kept: Record<string, Record<string, string | readonly string[]>>;
  /** Options for an external_select (`/api/suggest`). */
  suggest(actionId: string, query: string): Promise<BlockOption[]>;
}

/** Everything the block renderer needs. */
export interface BlockContext extends TextContext {
  /** Called for a button click or a select change. */
  onAction(action: BlockAction): void;
  /** The button of a `feedback_buttons` element (by action_id) the viewer clicked last: Slack shows it chosen. */
  feedbackChosen?(actionId: string): "positive" | "negative" | undefined;
  /** Present inside a modal. */
  form?: FormContext;
}
