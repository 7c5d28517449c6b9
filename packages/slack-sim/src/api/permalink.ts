import { channelOf, SIM_WORKSPACE, type SimState } from "../state.js";
import { type ApiResult, type Args, fail, missing, str } from "./args.js";

/**
 * chat.getPermalink (https://api.slack.com/methods/chat.getPermalink): the link that opens a message, in Slack's
 * shape `https://<domain>.slack.com/archives/<channel>/p<ts without the dot>`, with `?thread_ts=…&cid=…` for a reply
 * in a thread. Any message in a conversation the workspace has (the bot need not be in it); not an ephemeral one,
 * which has no permalink.
 */
export function getPermalink(state: SimState, args: Args): ApiResult {
  const id = str(args.channel);
  if (!id) return missing("channel");
  const ts = str(args.message_ts);
  if (!ts) return missing("message_ts");
  const channel = channelOf(state, id);
  if (!channel) return fail("channel_not_found");
  const message = state.messages.find((m) => m.channel === channel.id && m.ts === ts && !m.ephemeral);
  if (!message) return fail("message_not_found");
  const base = `https://${SIM_WORKSPACE.teamDomain}.slack.com/archives/${channel.id}/p${ts.replace(".", "")}`;
  const thread = message.threadTs ? `?thread_ts=${message.threadTs}&cid=${channel.id}` : "";
  return { ok: true, channel: channel.id, permalink: `${base}${thread}` };
}
