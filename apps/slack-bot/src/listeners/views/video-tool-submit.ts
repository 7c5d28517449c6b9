import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { runVideoTool } from "../../flows/video-tools.js";
import { type ModalValues, readModalMetadata } from "../../messages/modal-parts.js";
import { readColourForm, readSubtitlesForm, type ToolForm } from "../../messages/video-tool-modals.js";
import { modalSurface, oncePerView } from "./view-once.js";

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/**
 * A tool modal's submission (Subtitles, Colour look). A value the modal does not offer keeps it open with the error
 * under its input; otherwise ack (closes it), then the video-tool flow runs in the result's thread, once per view.
 */
function toolSubmit(deps: BotDeps, read: (values: ModalValues) => ToolForm) {
  return async function onToolSubmit(args: Args): Promise<void> {
    const form = read(args.view.state.values as ModalValues);
    if (!form.ok) {
      await args.ack({ response_action: "errors", errors: form.errors });
      return;
    }
    await args.ack();
    const user = args.body.user.id;
    const ctx = readModalMetadata(args.view.private_metadata);
    const videoId = ctx?.videoId;
    if (!ctx || !videoId) {
      deps.logger.warn({ user }, "video tool modal without its context");
      return;
    }
    const surface = modalSurface(deps, args.client, user, ctx);
    await oncePerView(deps, args.view.id, (origin) => runVideoTool(deps, surface, videoId, form.tool, { origin }));
  };
}

/** The Subtitles modal's submission: `addSubtitles` in the chosen language. */
export const subtitlesSubmit = (deps: BotDeps) => toolSubmit(deps, readSubtitlesForm);

/** The Colour look modal's submission: the chosen look's values at the chosen strength. */
export const colourLookSubmit = (deps: BotDeps) => toolSubmit(deps, readColourForm);
