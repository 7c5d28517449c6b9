import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import type { Surface } from "../../flows/surface.js";
import { actionNoteMessage } from "../../messages/boards.js";
import { conversationSurface, toSlack } from "../slack-message.js";

/** What a button listener gets from Bolt. */
export type ButtonArgs = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

/** Where a click on a result message happened: its conversation and the thread answers go to. */
export interface Clicked {
  user: string;
  channel: string;
  /** The result message's thread, or the message itself when it is not in one. */
  threadTs: string;
  messageTs: string;
  value: Record<string, string>;
}

/** Reads a click on a message; undefined for a click elsewhere (a modal, App Home) or a value the bot did not write. */
export function clicked({ body, action }: Pick<ButtonArgs, "body" | "action">): Clicked | undefined {
  const channel = body.channel?.id;
  const messageTs = body.message?.ts;
  if (!channel || !messageTs) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(action.value ?? "");
  } catch {
    return undefined;
  }
  if (!value || typeof value !== "object") return undefined;
  const strings = Object.fromEntries(Object.entries(value).filter(([, item]) => typeof item === "string"));
  const threadTs = (body.message?.thread_ts as string | undefined) ?? messageTs;
  return { user: body.user.id, channel, threadTs, messageTs, value: strings as Record<string, string> };
}

/** The surface of a click: everything in the result's thread; notes only the clicker sees are ephemerals. */
export function clickSurface({ client }: Pick<ButtonArgs, "client">, where: Clicked): Surface {
  // Answers to a click ("Added to ...") are for the whole thread.
  return conversationSurface(client, where);
}

/** The claim key of a click: the same button (action and value) on the same message. */
export function clickKey(where: Clicked, args: Pick<ButtonArgs, "action">): string {
  return `click:${where.channel}:${where.messageTs}:${args.action.action_id}:${args.action.value ?? ""}`;
}

/**
 * Runs a button's work once, ever: the click claims its key in the store (durable, shared by every process on
 * it), and a second click of the same button on the same message (a double click, Slack redelivering, a click
 * after a restart) gets an ephemeral note and spends nothing. The claim is released when the work reports that
 * it did nothing (`false`: refused by a check, the source gone) or threw, so the button can be used again.
 */
export async function once(
  deps: BotDeps,
  args: Pick<ButtonArgs, "action" | "client">,
  where: Clicked,
  work: (origin: string) => Promise<boolean | undefined>,
): Promise<void> {
  const key = clickKey(where, args);
  if (!(await deps.store.claims.claim(key, deps.now()))) {
    deps.logger.info({ user: where.user, action: args.action.action_id }, "ignoring a repeated click");
    await clickSurface(args, where)
      .ephemeral(actionNoteMessage("That button was already used: its result is (or will be) in the thread."))
      .catch((error: unknown) => deps.logger.warn({ err: error }, "could not post the repeated-click note"));
    return;
  }
  let keep = false;
  try {
    keep = (await work(key)) !== false;
  } finally {
    if (!keep) await deps.store.claims.release(key);
  }
}

/** The note for a click the bot cannot read (an old message, a click outside a conversation). */
export async function cannotRead(deps: BotDeps, args: Pick<ButtonArgs, "respond">): Promise<void> {
  await args
    .respond({
      response_type: "ephemeral",
      replace_original: false,
      ...toSlack(actionNoteMessage("I could not read that button. Try the command again.")),
    })
    .catch((error: unknown) => deps.logger.warn({ err: error }, "could not answer an unreadable click"));
}
