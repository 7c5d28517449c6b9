import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction, webApi } from "@slack/bolt";
import { slackErrorCode } from "../../delivery/surface.js";
import type { BotDeps } from "../../deps.js";
import { dispatch } from "../../flows/dispatch.js";
import { readNewImageForm, type ViewValues } from "../../messages/home-modal.js";
import { NEW_IMAGE_MODAL } from "../../messages/ids.js";
import { dmSurface } from "../events/message.js";

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** Options of {@link newImageSubmit}. */
export interface NewImageSubmitOptions {
  /**
   * How long opening the direct message may take before the modal says it failed (ms). The submission must be acked
   * within Slack's 3 s (platform-facts.md), and the ack is what tells the person; default 2,000.
   */
  dmDeadlineMs?: number;
}

/** The id of the person's direct message with the bot (`conversations.open`, scope `im:write`); throws on failure. */
async function openDm(client: webApi.WebClient, user: string, deadlineMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("conversations.open did not answer in time")), deadlineMs);
  });
  try {
    const opened = await Promise.race([client.conversations.open({ users: user }), late]);
    const id = opened.channel?.id;
    if (!id) throw new Error("conversations.open answered no channel");
    return id;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The New image modal's submission. A missing or too long prompt (or a forged select) keeps the modal open with the
 * error under its input. Otherwise the person's direct message with the bot is opened first, so that a failure can
 * still be said in the modal; then the ack closes it and the prompt runs through the normal image flow in that DM
 * (`dispatch`: access rules, options, credits, quotas and the Confirm threshold all apply, and any failure becomes a
 * message there).
 */
export function newImageSubmit(deps: BotDeps, options: NewImageSubmitOptions = {}) {
  const deadlineMs = options.dmDeadlineMs ?? 2000;
  return async function onNewImageSubmit(args: Args): Promise<void> {
    const user = args.body.user.id;
    const form = readNewImageForm(args.view.state.values as ViewValues);
    if (!form.ok) {
      await args.ack({ response_action: "errors", errors: form.errors });
      return;
    }
    let channel: string;
    try {
      channel = await openDm(args.client, user, deadlineMs);
    } catch (error) {
      deps.logger.error({ err: error, user }, "could not open a direct message for the New image modal");
      const code = slackErrorCode(error);
      await args.ack({
        response_action: "errors",
        errors: {
          [NEW_IMAGE_MODAL.promptBlock]:
            `I could not open a direct message with you${code ? ` (${code})` : ""}, so nothing was generated. ` +
            "Try again, or use /studio image in a channel.",
        },
      });
      return;
    }
    await args.ack();
    await dispatch(deps, dmSurface(args.client, user, channel), { ok: true, command: form.command });
  };
}
