import type { ParseResult } from "@studio-kit/commands";
import { assistantSurface } from "../../delivery/assistant-thread.js";
import { conversationSurface } from "../../delivery/conversation.js";
import { respondSurface } from "../../delivery/respond-surface.js";
import type { Surface } from "../../delivery/surface.js";
import type { BotDeps } from "../../deps.js";
import { type AskChoice, decodeChoice } from "../../flows/ask-choice.js";
import { dispatch } from "../../flows/dispatch.js";
import { parseCommand } from "../../intent/slack-grammar.js";
import { offerTakenMessage } from "../../messages/offers.js";
import { dmSurface } from "../events/message.js";
import { messageOffer, offerNote as note, replaceOffer, takeOffer } from "./offer.js";
import { type ButtonArgs, cannotRead } from "./shared.js";

/**
 * Where the click's answers go: where the original text's would have gone (the channel, the thread, the DM, the
 * assistant thread).
 */
function choiceSurface(deps: BotDeps, args: ButtonArgs, choice: AskChoice, channel: string): Surface {
  const { client, body } = args;
  const place = { user: choice.user, channel, threadTs: choice.threadTs, team: body.user.team_id ?? body.team?.id };
  switch (choice.origin) {
    case "command":
      return respondSurface(client, args.respond, {
        user: choice.user,
        channel,
        responseUrl: body.response_url,
        key: `${channel}:${body.trigger_id}`,
      });
    case "mention":
      return conversationSurface(client, place);
    case "dm":
      return dmSurface(client, choice.user, channel, choice.threadTs);
    case "assistant":
      return choice.threadTs
        ? assistantSurface(deps, client, { user: choice.user, channel, threadTs: choice.threadTs })
        : dmSurface(client, choice.user, channel);
  }
}

/** The command a choice runs: its text read again, or the command kept in the store for a long text. */
async function commandOf(deps: BotDeps, args: ButtonArgs, choice: AskChoice): Promise<ParseResult | undefined> {
  if (choice.text !== undefined) return parseCommand(choice.text);
  const taken = await deps.store.pendingRequests.take(choice.pending ?? "", choice.user);
  if (taken.status === "taken") return { ok: true, command: taken.request.command };
  await note(
    deps,
    args,
    taken.status === "used"
      ? "That button was already used: its result is (or will be) here."
      : "That button has expired (a long text waits 10 minutes). Nothing was spent: send the text again.",
  );
  return undefined;
}

/**
 * A button of the "did you mean ...?" reply (flows/ask.ts), of the reference offer (flows/references.ts) or of a
 * suggested prompt's answer (flows/suggested-prompts.ts): the likely command, or "Generate an image of ...".
 * Acks first; only the asker may use it (anyone else gets a note, and the offer stays theirs). The offer is spent
 * once (decision 0025): the first click of either of its buttons takes it (a claim in the store, so it holds across
 * replicas and restarts) and replaces it with what was chosen; every later click of it (both buttons at once, a
 * second device still drawing it) runs nothing and is told so. Then the command runs through the usual flow, with
 * every check (access, options, credits, confirmation above the threshold), answered where the original text was.
 */
export function askChoiceAction(deps: BotDeps) {
  return async function onAskChoice(args: ButtonArgs): Promise<void> {
    await args.ack();
    const choice = decodeChoice(args.action.value);
    const { body } = args;
    const channel = body.channel?.id ?? (body.container?.channel_id as string | undefined);
    if (!choice || !channel) return cannotRead(deps, args);
    const user = body.user.id;
    if (user !== choice.user) {
      deps.logger.info({ user, action: args.action.action_id }, "refused a click on someone else's ask reply");
      return note(
        deps,
        args,
        "Only the person who asked can use these buttons. Type `/studio` and a prompt to ask for your own.",
      );
    }
    const offer = messageOffer(body);
    if (!offer) return cannotRead(deps, args);
    if (!(await takeOffer(deps, offer, (text) => note(deps, args, text)))) return;
    // The label the person clicked says what they chose (a pending long text has no other words for it).
    await replaceOffer(deps, args, offerTakenMessage(args.action.text?.text ?? "the offer"));
    const result = await commandOf(deps, args, choice);
    if (!result) return;
    deps.logger.info(
      { user, action: args.action.action_id, kind: result.ok ? result.command.kind : "parse-error" },
      "running the choice of an ask reply",
    );
    await dispatch(deps, choiceSurface(deps, args, choice, channel), result);
  };
}
