import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { inFlightOf } from "../../flows/add-to-board.js";
import type { Surface } from "../../flows/surface.js";
import { actionNoteMessage } from "../../messages/boards.js";
import { postLive, toSlack } from "../slack-message.js";

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
  const { channel, threadTs, user } = where;
  const ephemeral: Surface["ephemeral"] = async (message) => {
    await client.chat.postEphemeral({ channel, user, thread_ts: threadTs, ...toSlack(message) });
  };
  return {
    user,
    channel,
    threadTs,
    files: client,
    // Answers to a click ("Added to ...") are for the whole thread.
    async reply(message) {
      await client.chat.postMessage({ channel, thread_ts: threadTs, ...toSlack(message) });
    },
    ephemeral,
    async post(message) {
      return await postLive(client, channel, message, threadTs);
    },
  };
}

/**
 * Runs a button's work once: a second identical click (same message, button and value) while the first one's
 * work runs gets an ephemeral "already on it" and spends nothing. In memory (issue 8 makes it durable).
 */
export async function once(
  deps: BotDeps,
  args: Pick<ButtonArgs, "action" | "client">,
  where: Clicked,
  work: () => Promise<void>,
): Promise<void> {
  const key = `${where.channel}:${where.messageTs}:${args.action.action_id}:${args.action.value ?? ""}`;
  const guard = inFlightOf(deps);
  if (!guard.start(key)) {
    deps.logger.info({ user: where.user, action: args.action.action_id }, "ignoring a repeated click");
    await clickSurface(args, where)
      .ephemeral(actionNoteMessage("Already working on that one: the result will appear in the thread."))
      .catch((error: unknown) => deps.logger.warn({ err: error }, "could not post the repeated-click note"));
    return;
  }
  try {
    await work();
  } finally {
    guard.finish(key);
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
