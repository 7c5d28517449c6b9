import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { closeSessionIfAsked, withSession } from "../../delivery/agent-sessions.js";
import { conversationSurface } from "../../delivery/conversation.js";
import type { Surface } from "../../delivery/surface.js";
import type { BotDeps } from "../../deps.js";
import { dispatchText } from "../../flows/dispatch.js";
import { dispatchWithFiles } from "../../flows/references.js";
import { slackIntakeOptions } from "../intake-options.js";

type Args = SlackEventMiddlewareArgs<"app_mention"> & AllMiddlewareArgs;

/** The surface of a mention: everything goes to the thread the mention came from. */
export function mentionSurface(
  { event, client, context }: Pick<Args, "event" | "client"> & Partial<Pick<Args, "context">>,
  user: string,
): Surface {
  const threadTs = event.thread_ts ?? event.ts;
  return conversationSurface(client, { user, channel: event.channel, threadTs, team: context?.teamId });
}

/**
 * `@Studio <text>`: reads the text after the mention as `/studio` does and answers in the thread (a bare prompt
 * that reads as a typo, a question or a greeting is asked about before anything is spent). A mention that shares
 * files is a generation with its images as reference images when its text reads as an image or video generation,
 * and stores them in the studio library otherwise (no text, a greeting, a question: flows/references.ts). Bolt acks
 * the event itself, before this runs; a redelivery of an event already handled never gets here
 * (listeners/middleware/dedupe-events.ts).
 */
export function appMention(deps: BotDeps) {
  return async function onAppMention(args: Args): Promise<void> {
    const user = args.event.user;
    if (!user) return; // a bot or an app wrote it: nobody to answer
    // In the agent view the mention's thread is an agent session (delivery/agent-sessions.ts).
    const surface = withSession(deps, args.client, mentionSurface(args, user));
    const files = args.event.files ?? [];
    // "@Studio done" in a thread closes its agent session (decision 0028): Slack sends no event when a person does.
    const { channel, ts, thread_ts: threadTs, text } = args.event;
    const reply = { user, channel, ts, threadTs, text };
    if (files.length === 0 && (await closeSessionIfAsked(deps, args.client, reply, surface))) return;
    if (files.length > 0) {
      return dispatchWithFiles(deps, surface, args.event.text, files, slackIntakeOptions(args), "mention");
    }
    await dispatchText(deps, surface, args.event.text, "mention");
  };
}
