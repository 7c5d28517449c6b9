import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";
import { clickedJob } from "../../flows/job-settings.js";
import { isRemixKind, remixCommandOf, runRemix } from "../../flows/remix.js";
import { tellProblem } from "../../flows/tell-problem.js";
import { checkOptions } from "../../intent/slack-grammar.js";
import { type ModalValues, readModalMetadata } from "../../messages/modal-parts.js";
import { readRemixForm, remixErrors } from "../../messages/remix-form.js";
import { REMIX_MODAL, type RemixCommand, type RemixKind } from "../../messages/remix-modal.js";
import { modalSurface, oncePerView } from "./view-once.js";

type Args = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** A command of this kind with nothing set: what a remix builds on when the job is gone. */
function bare(kind: RemixKind): RemixCommand {
  switch (kind) {
    case "image":
      return { kind, prompt: "", presets: [] };
    case "video":
      return { kind, prompt: "", audio: false, presets: [] };
    case "music":
      return { kind, prompt: "", instrumental: false };
    case "voice":
      return { kind, script: "" };
  }
}

/**
 * The Remix modal's submission. Before the ack (Slack's 3 s), the form is read onto the job's command (what the
 * modal does not show, such as `--board` or references, is kept) and checked against the catalog and presets
 * (`checkOptions`, the command's own check): a bad value keeps the modal open with the error under its input
 * (`response_action: "errors"`). Otherwise ack (closes it), then the command runs through its own flow in the
 * result's thread (credits with Confirm / Cancel, quotas, progress), once per view.
 */
export function remixSubmit(deps: BotDeps) {
  return async function onRemixSubmit(args: Args): Promise<void> {
    const user = args.body.user.id;
    const ctx = readModalMetadata(args.view.private_metadata);
    const kind = ctx?.kind;
    if (!ctx || !isRemixKind(kind)) {
      await args.ack();
      deps.logger.warn({ user }, "Remix modal without its context");
      return;
    }
    let command: RemixCommand;
    try {
      const fromJob = remixCommandOf(await clickedJob(deps, ctx.jobId));
      const form = readRemixForm(fromJob?.kind === kind ? fromJob : bare(kind), args.view.state.values as ModalValues);
      if (!form.ok) {
        await args.ack({ response_action: "errors", errors: form.errors });
        return;
      }
      const { catalog, presets } = await deps.studioData.get();
      const check = checkOptions(form.command, catalog, presets);
      if (!check.ok) {
        await args.ack({ response_action: "errors", errors: remixErrors(check.problems) });
        return;
      }
      command = form.command;
    } catch (error) {
      // The catalog could not be read: say so in the modal, which stays open to try again.
      deps.logger.error({ err: error, user }, "could not check a Remix submission");
      const errors = {
        [REMIX_MODAL.prompt]: "The settings could not be checked just now, so nothing was generated. Try again.",
      };
      await args.ack({ response_action: "errors", errors });
      return;
    }
    await args.ack();
    const surface = modalSurface(deps, args.client, user, ctx);
    await oncePerView(deps, args.view.id, async (origin) => {
      try {
        return await runRemix(deps, surface, command, { origin });
      } catch (error) {
        await tellProblem(deps, surface, error, "remix failed");
        return false;
      }
    });
  };
}
