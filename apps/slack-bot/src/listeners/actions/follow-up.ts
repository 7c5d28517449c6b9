import { assistantSurface, isAssistantThread } from "../../delivery/assistant-thread.js";
import { conversationSurface } from "../../delivery/conversation.js";
import type { BotDeps } from "../../deps.js";
import { runChange } from "../../flows/follow-up.js";
import { runImage } from "../../flows/image.js";
import { clickedJob } from "../../flows/job-settings.js";
import { decodeFollowUp } from "../../messages/follow-up.js";
import { offerTakenMessage } from "../../messages/offers.js";
import { messageOffer, offerNote as note, replaceOffer, takeOffer } from "./offer.js";
import { type ButtonArgs, cannotRead } from "./shared.js";

/**
 * A button of the question asked back in a result's thread (flows/follow-up.ts): "Change it: …" (a new image from
 * the result, its prompt changed) or "New image of …" (a new image of the text alone). Acks first; only the person
 * who wrote the text may answer. The question is an offer to spend, spent once (decision 0025): the first click takes
 * it and replaces it with what was chosen, any later click runs nothing and is told so. The work runs in the thread,
 * with every usual check (access, options, credits with Confirm above the threshold, quotas).
 */
export function followUpAction(deps: BotDeps) {
  return async function onFollowUp(args: ButtonArgs): Promise<void> {
    await args.ack();
    const choice = decodeFollowUp(args.action.value);
    const { body, client } = args;
    const channel = body.channel?.id ?? (body.container?.channel_id as string | undefined);
    const threadTs = (body.message?.thread_ts as string | undefined) ?? body.message?.ts;
    if (!choice || !channel || !threadTs) return cannotRead(deps, args);
    const user = body.user.id;
    if (user !== choice.user) {
      return note(deps, args, "Only the person who wrote that can answer this. Say what you would like in the thread.");
    }
    const offer = messageOffer(body);
    if (!offer) return cannotRead(deps, args);
    if (!(await takeOffer(deps, offer, (text) => note(deps, args, text)))) return;
    await replaceOffer(deps, args, offerTakenMessage(args.action.text?.text ?? "the offer"));
    const place = { user, channel, threadTs, team: body.user.team_id ?? body.team?.id };
    const surface = isAssistantThread(place)
      ? assistantSurface(deps, client, place)
      : conversationSurface(client, place);
    if (args.action.action_id.endsWith("new")) {
      await runImage(deps, surface, { kind: "image", prompt: choice.text, presets: [] });
      return;
    }
    const job = await clickedJob(deps, choice.jobId);
    if (!job) {
      await note(deps, args, "That result is no longer kept, so it cannot be changed. Nothing was spent.");
      return;
    }
    await runChange(deps, surface, job, choice.text, choice.imageId ?? job.resultIds[0]);
  };
}
