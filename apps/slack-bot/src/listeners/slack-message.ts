import type { types } from "@slack/bolt";
import type { SlackMessage } from "../messages/blocks.js";

/** A builder's message as the Web API's arguments: the builders type blocks loosely, Slack's types strictly. */
export function toSlack(message: SlackMessage): { text: string; blocks: types.KnownBlock[] } {
  return { text: message.text, blocks: message.blocks as unknown as types.KnownBlock[] };
}
