import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from "@slack/bolt";
import { withSession } from "../../delivery/agent-sessions.js";
import { assistantSurface, isAssistantThread } from "../../delivery/assistant-thread.js";
import { conversationSurface, toSlack } from "../../delivery/conversation.js";
import { withResponseUrl } from "../../delivery/response-url.js";
import type { Surface } from "../../delivery/surface.js";
import type { BotDeps } from "../../deps.js";
import { actionNoteMessage } from "../../messages/boards.js";

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
  /** The clicker's team (a job's reply streams in a channel's thread only with it). */
  team?: string;
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
  const team = body.user.team_id ?? body.team?.id;
  return {
    user: body.user.id,
    channel,
    threadTs,
    messageTs,
    value: strings as Record<string, string>,
    ...(team ? { team } : {}),
  };
}

/**
 * The surface of a click: everything in the result's thread; notes only the clicker sees are ephemerals. A click on
 * a reply in a thread of the bot's DM is in an assistant thread, and answers as there: its jobs' progress in the
 * status line, notes as replies (a result at the DM's top level is not in one).
 */
export function clickSurface(
  deps: BotDeps,
  args: Pick<ButtonArgs, "client"> & Partial<Pick<ButtonArgs, "respond" | "body">>,
  where: Clicked,
  options: { besideMessage?: boolean } = {},
): Surface {
  const { client, respond } = args;
  const inThread = where.threadTs !== where.messageTs;
  if (inThread && isAssistantThread(where)) return assistantSurface(deps, client, where);
  // Answers to a click ("Added to ...") are for the whole thread; a note about the click itself (`besideMessage`)
  // goes where the clicker is looking: beside a result in the channel, not in its thread.
  const place = options.besideMessage && !inThread ? { user: where.user, channel: where.channel } : where;
  // A click in a channel's thread works in that thread's agent session (agent view).
  const plain = conversationSurface(client, place);
  const surface = inThread ? withSession(deps, client, plain) : plain;
  // A result in a channel the bot is not in (posted through a slash command's response_url): the click's own
  // response_url answers there instead.
  const responseUrl = args.body?.response_url;
  if (!respond || !responseUrl) return surface;
  const key = `${where.channel}:${where.messageTs}:${args.body?.trigger_id ?? deps.now()}`;
  return withResponseUrl(surface, respond, { channel: where.channel, responseUrl, key });
}

/**
 * How long a click on a result button holds it for the same person: a second click within this is a double click
 * and runs nothing; a later one is new work. 5 s covers a double click and a second click while Slack still shows
 * the first as pending (it waits up to 3 s for the acknowledgement), and is short enough that nobody waits for it
 * on purpose.
 */
export const DOUBLE_CLICK_MS = 5_000;

/** The claim key of a click: the same button (action and value) on the same message. */
export function clickKey(where: Clicked, args: Pick<ButtonArgs, "action">): string {
  return `click:${where.channel}:${where.messageTs}:${args.action.action_id}:${args.action.value ?? ""}`;
}

/** The claim key of one person's click: the same button on the same message, by the same person. */
export function personalClickKey(where: Clicked, args: Pick<ButtonArgs, "action">): string {
  return `${clickKey(where, args)}:${where.user}`;
}

/**
 * Claims `key` (for `windowMs`, or until released), runs the work, and releases the claim when the work reports
 * that it did nothing (`false`: refused by a check, the source gone) or threw, so the button works again at once.
 * A click that finds the key held gets `note` as an ephemeral and spends nothing.
 */
async function claimed(
  deps: BotDeps,
  args: Pick<ButtonArgs, "action" | "client"> & Partial<Pick<ButtonArgs, "respond" | "body">>,
  where: Clicked,
  claim: { key: string; windowMs?: number; note: string },
  work: (origin: string) => Promise<boolean | undefined>,
): Promise<void> {
  const { key } = claim;
  const at = deps.now();
  if (!(await deps.store.claims.claim(key, at, claim.windowMs))) {
    deps.logger.info({ user: where.user, action: args.action.action_id }, "ignoring a repeated click");
    await clickSurface(deps, args, where, { besideMessage: true })
      .ephemeral(actionNoteMessage(claim.note))
      .catch((error: unknown) => deps.logger.warn({ err: error }, "could not post the repeated-click note"));
    return;
  }
  let keep = false;
  try {
    keep = (await work(key)) !== false;
  } finally {
    if (!keep) await deps.store.claims.release(key, at);
  }
}

/**
 * Runs a button's work once, ever (Add to <board>: the asset goes on the board once, whoever clicks): the click
 * claims its key in the store (durable, shared by every process on it), and a second click of the same button on
 * the same message gets an ephemeral note and does nothing. The claim is released when the work did nothing.
 */
export async function once(
  deps: BotDeps,
  args: Pick<ButtonArgs, "action" | "client"> & Partial<Pick<ButtonArgs, "respond" | "body">>,
  where: Clicked,
  work: (origin: string) => Promise<boolean | undefined>,
): Promise<void> {
  const note = "That button was already used: its result is (or will be) in the thread.";
  await claimed(deps, args, where, { key: clickKey(where, args), note }, work);
}

/**
 * Runs a result button's work for every click, as Midjourney's buttons do (each Regenerate, Variations, Upscale is
 * a new job), except a true double click: the same person clicking the same button on the same message within
 * {@link DOUBLE_CLICK_MS} gets an ephemeral note and spends nothing. The claim lives in the store, so the rule
 * holds across restarts and replicas; someone else's click is never refused by it.
 */
export async function eachClick(
  deps: BotDeps,
  args: Pick<ButtonArgs, "action" | "client"> & Partial<Pick<ButtonArgs, "respond" | "body">>,
  where: Clicked,
  work: (origin: string) => Promise<boolean | undefined>,
): Promise<void> {
  const key = personalClickKey(where, args);
  const note =
    "You clicked that twice: the first click is already on its way. Click again in a few seconds for another one.";
  await claimed(deps, args, where, { key, windowMs: DOUBLE_CLICK_MS, note }, work);
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
