import type { ParseResult } from "@studio-kit/commands";
import { assistantSurface } from "../../delivery/assistant-thread.js";
import { conversationSurface, toSlack } from "../../delivery/conversation.js";
import { respondSurface } from "../../delivery/respond-surface.js";
import type { Surface } from "../../delivery/surface.js";
import type { BotDeps } from "../../deps.js";
import { type AskChoice, decodeChoice } from "../../flows/ask-choice.js";
import { dispatch } from "../../flows/dispatch.js";
import { parseCommand } from "../../intent/slack-grammar.js";
import { actionNoteMessage } from "../../messages/boards.js";
import { dmSurface } from "../events/message.js";
import { type ButtonArgs, cannotRead, DOUBLE_CLICK_MS } from "./shared.js";

/** A note only the clicker sees, leaving the clicked message as it is. */
async function note(deps: BotDeps, args: Pick<ButtonArgs, "respond">, text: string): Promise<void> {
  await args
    .respond({ response_type: "ephemeral", replace_original: false, ...toSlack(actionNoteMessage(text)) })
    .catch((error: unknown) => deps.logger.warn({ err: error }, "could not answer a click on an ask reply"));
}

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
 * A button of the "did you mean ...?" reply (flows/ask.ts): the likely command, or "Generate an image of ...".
 * Acks first; only the asker may use it (anyone else gets a note); a true double click (the same person and
 * button within a few seconds, claimed in the store so it holds across replicas) runs once; then the command runs
 * through the usual flow, with every check (access, options, credits, confirmation above the threshold), answered
 * where the original text was. Each later click is a new request, like the result buttons.
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
    const messageTs = body.message?.ts ?? (body.container?.message_ts as string | undefined) ?? "";
    const key = `ask:${channel}:${messageTs}:${args.action.action_id}:${user}`;
    if (!(await deps.store.claims.claim(key, deps.now(), DOUBLE_CLICK_MS))) {
      deps.logger.info({ user, action: args.action.action_id }, "ignoring a double click on an ask reply");
      return note(deps, args, "You clicked that twice: the first click is already on its way.");
    }
    const result = await commandOf(deps, args, choice);
    if (!result) return;
    deps.logger.info(
      { user, action: args.action.action_id, kind: result.ok ? result.command.kind : "parse-error" },
      "running the choice of an ask reply",
    );
    await dispatch(deps, choiceSurface(deps, args, choice, channel), result);
  };
}
