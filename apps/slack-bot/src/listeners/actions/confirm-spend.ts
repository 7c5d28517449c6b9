import type { GenerationCommand } from "@studio-kit/commands";
import { confirmationStopped, handOverConfirmation, withSession } from "../../delivery/agent-sessions.js";
import { assistantSurface, isAssistantThread } from "../../delivery/assistant-thread.js";
import { postLive, toSlack } from "../../delivery/conversation.js";
import { notInConversation, postThroughResponseUrl } from "../../delivery/response-url.js";
import type { Posted, Surface } from "../../delivery/surface.js";
import type { BotDeps } from "../../deps.js";
import { runAudio } from "../../flows/audio.js";
import { runAvatar } from "../../flows/avatar.js";
import { runImage } from "../../flows/image.js";
import { runImageEdit } from "../../flows/image-actions.js";
import { runLipsync } from "../../flows/lipsync.js";
import { tellProblem } from "../../flows/tell-problem.js";
import { runVideo } from "../../flows/video.js";
import { context, message, type SlackMessage, section } from "../../messages/blocks.js";
import { actionNoteMessage } from "../../messages/boards.js";
import { whatIsAsked } from "../../messages/describe.js";
import { OFFER_USED } from "../../messages/offers.js";
import type { PendingRequest } from "../../store/pending-requests.js";
import type { ButtonArgs } from "./shared.js";

/** A Confirm on a request its asker stopped from the thread's agent session. */
export const STOPPED_NOTE = "You stopped this request from its thread: it was not sent, and nothing was spent.";

/** What replaces the confirmation once Confirm was clicked. */
export function confirmedMessage(what: string): SlackMessage {
  return message(`Confirmed — generating ${what}…`, [section(`:white_check_mark: Confirmed — generating ${what}…`)]);
}

/** A note only the clicker sees, leaving the confirmation message as it is. */
export async function spendNote(deps: BotDeps, args: Pick<ButtonArgs, "respond">, text: string): Promise<void> {
  await args
    .respond({ response_type: "ephemeral", replace_original: false, ...toSlack(actionNoteMessage(text)) })
    .catch((error: unknown) => deps.logger.warn({ err: error }, "could not answer a confirmation click"));
}

/**
 * The surface of a confirmed request: the progress and results go where the original request's would have (its
 * channel, or the mention's thread); notes only the asker sees go through the click's `response_url`. In a channel
 * the bot is not in, the asker gets a note instead of progress and the result is posted through that
 * `response_url` as one new `in_channel` message (listeners/response-url.ts).
 */
export function confirmedSurface(
  args: Pick<ButtonArgs, "client" | "respond" | "body">,
  request: PendingRequest,
): Surface {
  const { client, respond } = args;
  const { user, channel, threadTs } = request;
  const ephemeral = async (note: SlackMessage) => {
    await respond({ response_type: "ephemeral", replace_original: false, ...toSlack(note) });
  };
  return {
    user,
    channel,
    ...(threadTs ? { threadTs } : {}),
    files: client,
    reply: ephemeral,
    ephemeral,
    async post(first, tag): Promise<Posted> {
      try {
        return await postLive(client, channel, first, threadTs || undefined, tag);
      } catch (error) {
        if (!notInConversation(error)) throw error;
        return postThroughResponseUrl(respond, {
          channel,
          responseUrl: args.body.response_url,
          key: `${channel}:confirmed:${user}:${args.body.trigger_id}`,
        });
      }
    },
  };
}

/**
 * Runs a confirmed generation through its usual flow, with the threshold skipped (the credits check still runs:
 * the balance may have changed while the confirmation waited). Never throws.
 */
export async function runConfirmed(deps: BotDeps, surface: Surface, command: GenerationCommand): Promise<unknown> {
  const checks = { confirmed: true };
  try {
    switch (command.kind) {
      case "image":
        return await runImage(deps, surface, command, checks);
      case "video":
        return await runVideo(deps, surface, command, checks);
      case "music":
      case "voice":
        return await runAudio(deps, surface, command, checks);
      case "avatar":
        return await runAvatar(deps, surface, command, checks);
      case "lipsync":
        return await runLipsync(deps, surface, command, checks);
    }
  } catch (error) {
    await tellProblem(deps, surface, error, "confirmed request failed");
  }
}

/**
 * Confirm on a costly generation: ack, take the pending request (at most once: a double click or a second
 * Confirm finds it used, spends nothing and is told so), replace the confirmation with "Confirmed — generating…"
 * through the click's `response_url` and run the same flow as the original command. An expired or unknown id gets
 * an ephemeral note.
 */
export function confirmSpendAction(deps: BotDeps) {
  return async function onConfirmSpend(args: ButtonArgs): Promise<void> {
    await args.ack();
    const user = args.body.user.id;
    const id = args.action.value ?? "";
    const taken = await deps.store.pendingRequests.take(id, user);
    switch (taken.status) {
      case "stopped":
        // Stopped from its agent session's thread (decision 0028), on any replica: it was taken then, never sent.
        deps.logger.info({ user }, "a Confirm after Stop: nothing sent");
        confirmationStopped(deps, id);
        return spendNote(deps, args, STOPPED_NOTE);
      case "used":
        // A second Confirm (a double click, a second device still drawing the confirmation): the offer was spent
        // by its first click (decision 0025), and this one is told so.
        deps.logger.info({ user }, "a repeated Confirm: nothing spent");
        return spendNote(deps, args, OFFER_USED);
      case "missing":
        return spendNote(
          deps,
          args,
          "That confirmation has expired (they last 10 minutes) or is no longer known. Nothing was spent: run the command again.",
        );
      case "not-yours":
        return spendNote(deps, args, "Only the person who asked for this generation can confirm it.");
      case "taken": {
        const { request } = taken;
        deps.logger.info({ user, kind: request.command.kind }, "costly generation confirmed");
        await args
          .respond({ replace_original: true, ...toSlack(confirmedMessage(whatIsAsked(request.command))) })
          .catch((error: unknown) => deps.logger.warn({ err: error }, "could not replace the confirmation"));
        // In an assistant thread the confirmed job runs as there: its progress on the thread's status line.
        const surface = isAssistantThread(request)
          ? assistantSurface(deps, args.client, request)
          : withSession(deps, args.client, confirmedSurface(args, request));
        // The thread's agent session stays `processing` from the confirmation to the job it starts.
        await handOverConfirmation(deps, id, async () => {
          if (request.variationOf) {
            // A confirmed Variations click: the variation itself, with the settings it was asked with (runImageEdit
            // never throws, and checks the credits again).
            const settings = request.command.kind === "image" ? request.command : undefined;
            await runImageEdit(deps, surface, "variations", request.variationOf, settings, { confirmed: true });
            return;
          }
          await runConfirmed(deps, surface, request.command);
        });
        return;
      }
    }
  };
}

/** What replaces the confirmation once Cancel was clicked. */
export function cancelledMessage(): SlackMessage {
  return message("Cancelled, nothing was spent", [
    section(":x: Cancelled, nothing was spent."),
    context("Try fewer images (`--count`) or a cheaper model (`/studio models`)."),
  ]);
}
