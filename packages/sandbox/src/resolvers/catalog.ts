import { assertOwned, assertWorkspace } from "../access.js";
import { MODEL_CATALOG } from "../catalog/models.js";
import { type PresetsPageArgs, presetsPage } from "../catalog/presets.js";
import type { RequestContext } from "../core.js";
import { viewJob, viewRecord } from "../jobs.js";
import type { AudioRecord, BackgroundJob, Job } from "../state/types.js";

// Resolvers of the catalog area: model discovery, modifier presets, and job
// status (spec, Endpoints: Queries). Job states are derived from the virtual
// clock on every read, like the media records' (jobs.ts).

const status = (record: { _job: Job }, _: unknown, ctx: RequestContext) =>
  viewJob(record._job, ctx.core.clock.now()).status;

/** When the job ended (COMPLETED or FAILED); null while it runs. */
const completedAt = (record: { _job: Job }, _: unknown, ctx: RequestContext) => {
  const { _job: job } = record;
  return viewJob(job, ctx.core.clock.now()).done ? ctx.core.clock.iso(job.startedAt + job.durationMs) : null;
};

export const catalogResolvers = {
  Query: {
    availableGenerationModels: () => MODEL_CATALOG,

    studioPresetsPage: (_: unknown, args: PresetsPageArgs) => presetsPage(args),

    backgroundJob: (_: unknown, args: { id: string; workspaceId: string }, ctx: RequestContext) => {
      assertWorkspace(ctx, args.workspaceId);
      return assertOwned(ctx, ctx.core.state.backgroundJobs.get(args.id), "Background job", args.id);
    },

    /** Poll until `audio` is present: it is only once the audio is COMPLETED (spec, States and transitions). */
    audioStatus: (_: unknown, args: { audioId: string; workspaceId: string }, ctx: RequestContext) => {
      assertWorkspace(ctx, args.workspaceId);
      const record = ctx.core.state.assets.get(args.audioId);
      const audio = assertOwned(
        ctx,
        record?.__typename === "Audio" ? (record as AudioRecord) : undefined,
        "Audio",
        args.audioId,
      );
      const view = viewRecord(ctx.core, audio);
      return {
        audioId: audio.id,
        status: view.status,
        progress: view.progress,
        errorMessage: view.errorMessage,
        audio: view.status === "COMPLETED" ? audio : null,
      };
    },
  },
  BackgroundJob: {
    status,
    completedAt,
    children: (job: BackgroundJob) => job.children,
  },
  BackgroundJobChild: { status, completedAt },
};
