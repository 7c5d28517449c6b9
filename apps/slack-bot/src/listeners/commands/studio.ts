import type { AllMiddlewareArgs, SlackCommandMiddlewareArgs } from "@slack/bolt";
import { respondSurface } from "../../delivery/respond-surface.js";
import type { Surface } from "../../delivery/surface.js";
import type { BotDeps } from "../../deps.js";
import { dispatchText } from "../../flows/dispatch.js";

type Args = SlackCommandMiddlewareArgs & AllMiddlewareArgs;

/** The surface of a slash command: answers through `response_url`, progress and results in the channel. */
export function commandSurface({ command, respond, client }: Pick<Args, "command" | "respond" | "client">): Surface {
  return respondSurface(client, respond, {
    user: command.user_id,
    channel: command.channel_id,
    responseUrl: command.response_url,
    key: `${command.channel_id}:${command.trigger_id}`,
  });
}

/**
 * `/studio <text>`: acks at once (no API call before it, Slack allows 3 s), then reads and answers it; a bare
 * prompt that reads as a typo, a question or a greeting is asked about before anything is spent (flows/ask.ts).
 * The work after the ack may take minutes (generation); Bolt's HTTP receiver has already answered Slack by then.
 */
export function studioCommand(deps: BotDeps) {
  return async function onStudioCommand(args: Args): Promise<void> {
    await args.ack();
    await dispatchText(deps, commandSurface(args), args.command.text, "command");
  };
}
