import type { BotDeps } from "../../deps.js";
import { remixSource } from "../../flows/remix.js";
import { tellProblem } from "../../flows/tell-problem.js";
import { actionNoteMessage } from "../../messages/boards.js";
import { remixModal } from "../../messages/remix-modal.js";
import { type ButtonArgs, cannotRead, clicked, clickSurface } from "./shared.js";

/**
 * Remix, on every result made from settings: ack, then the modal with the result's request to change (`views.open`
 * with the click's `trigger_id`, which lives 3 s: the job is one store read, the catalog is cached, and only a
 * pruned job's fallback reads the asset first). Opening spends nothing, so a double click only opens the modal
 * twice; its submission (listeners/views/remix-submit.ts) runs the job.
 */
export function remixAction(deps: BotDeps) {
  return async function onRemix(args: ButtonArgs): Promise<void> {
    await args.ack();
    const where = clicked(args);
    const { jobId, assetId, kind } = where?.value ?? {};
    if (!where || (!jobId && !assetId)) return cannotRead(deps, args);
    const surface = clickSurface(deps, args, where);
    try {
      const [source, data] = await Promise.all([remixSource(deps, { jobId, assetId, kind }), deps.studioData.get()]);
      if (!source.ok) {
        await surface.ephemeral(actionNoteMessage(source.note));
        return;
      }
      const { channel, threadTs, messageTs } = where;
      const ctx = { channel, threadTs, messageTs, kind: source.command.kind, jobId };
      const view = remixModal(source.command, data, ctx, source.note);
      await args.client.views.open({ trigger_id: args.body.trigger_id, view: view as never });
    } catch (error) {
      await tellProblem(deps, surface, error, "could not open the Remix modal");
    }
  };
}
