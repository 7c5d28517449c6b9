// The studio's tools acting as a Slack person (issue 40): the generations go through the bot's own flows, exactly as
// `/studio image …` does (flows/image.ts, video.ts, audio.ts: the brand, the options, the access rules, the credits,
// the quota and the daily budget, then a durable job held by this replica's lease), so a call from Slackbot counts
// against that person's quota, shows in their App Home history, survives a restart, and delivers its result to their
// DM with the bot (mcp/surface.ts). The MCP layer (@studio-kit/mcp) owns the schemas, the confirmation rule (with the
// bot's CREDITS_CONFIRM_THRESHOLD) and how results read; the reads and the boards go through its client backend,
// which the bot's people may all use (as `/studio credits`, `boards`, … answer anyone).

import type { webApi } from "@slack/bolt";
import { estimateCost, type GenerationKind } from "@studio-kit/commands";
import { getCredits } from "@studio-kit/core";
import {
  createClientBackend,
  type GenerationJob,
  type GenerationOutcome,
  type GenerationRecord,
  type GenerationRequest,
  type PreparedGeneration,
  type RecordKind,
  type StudioToolBackend,
  StudioToolRefusal,
  type ToolContext,
} from "@studio-kit/mcp";
import type { BotDeps } from "../deps.js";
import { runAudio } from "../flows/audio.js";
import { brandFor } from "../flows/brand.js";
import { runImage } from "../flows/image.js";
import { resultBoards } from "../flows/result-board.js";
import { runVideo } from "../flows/video.js";
import { checkOptions } from "../intent/slack-grammar.js";
import { mayGenerate } from "../jobs/gate.js";
import { limitReachedMessage } from "../messages/access.js";
import { invalidOptionsMessage } from "../messages/errors.js";
import { limitRefusal } from "../store/limits.js";
import type { JobRecord } from "../store/types.js";
import type { SlackIdentity } from "./identity.js";
import { type JobListener, type JobPhase, type SlackbotSurface, slackbotSurface } from "./surface.js";
import { plainText } from "./text.js";

const RECORD_KIND: Record<GenerationKind, RecordKind> = {
  image: "image",
  video: "video",
  music: "audio",
  voice: "audio",
};

/** What the bot's record says of each result: the API's statuses as an agent reads them. */
function recordsOf(job: JobRecord, kind: GenerationKind, phase?: JobPhase): GenerationRecord[] {
  const status =
    job.state === "done"
      ? job.outcome === "completed"
        ? "COMPLETED"
        : "FAILED"
      : phase === "running" || job.state === "running"
        ? "RUNNING"
        : "QUEUED";
  const failed = status === "FAILED" ? `The job ended ${job.outcome ?? "without a result"}.` : null;
  return job.resultIds.map((id) => ({
    id,
    kind: RECORD_KIND[kind],
    status,
    progress: status === "COMPLETED" ? 100 : null,
    errorMessage: failed,
  }));
}

/** The generation kind of a stored job (the bot stores music and voice as `audio`). */
function kindOf(job: JobRecord): GenerationKind | undefined {
  const request = job.request;
  if (request.kind === "image" || request.kind === "video") return request.kind;
  if (request.kind === "audio") return request.command.kind;
  return undefined;
}

/** A job started in this tool call: what the listener heard of it, and the flow running it to its end. */
interface Started {
  job: JobRecord;
  phase: JobPhase;
  percent?: number;
  /** Resolves when the flow is over (the result delivered and recorded). */
  finished: Promise<void>;
  /** Where the wait reports progress, once `waitForJob` listens. */
  report?: (phase: JobPhase, percent?: number) => void;
}

/**
 * The backend for one request from Slackbot, acting as `identity` (undefined for a request without a tool call,
 * such as `tools/list`: every action then refuses). `dm` opens the person's DM with the bot (conversations.open).
 */
export function slackbotBackend(
  deps: BotDeps,
  client: webApi.WebClient,
  identity: SlackIdentity | undefined,
): StudioToolBackend {
  const reads = createClientBackend(deps.studio);
  const started = new Map<string, Started>();
  // The tool call's one start, told of its job's first phases (a request from Slackbot carries one tool call).
  let waiting: ((job: JobRecord, event: JobPhase | "ended") => void) | undefined;
  let surface: Promise<SlackbotSurface> | undefined;

  const listener: JobListener = {
    phase(job, phase, percent) {
      const known = started.get(job.id);
      if (known) {
        known.job = job;
        known.phase = phase;
        known.percent = percent;
        known.report?.(phase, percent);
      }
      waiting?.(job, phase);
    },
    ended(job) {
      waiting?.(job, "ended");
    },
  };

  const person = (): SlackIdentity => {
    if (identity) return identity;
    throw new StudioToolRefusal(
      "access_denied",
      "This tool call names no Slack person (Slack identity auth puts them in params._meta.slack): nothing was done.",
    );
  };

  // The person's DM with the bot, opened once per request: the access rules read it as the request's channel, and
  // the result goes there.
  const surfaceOf = (): Promise<SlackbotSurface> => {
    const { user } = person();
    surface ??= client.conversations.open({ users: user }).then(
      (opened) => {
        const channel = opened.channel?.id;
        if (!channel) throw new Error("conversations.open answered no channel");
        return slackbotSurface(client, { user, channel }, listener);
      },
      (error: unknown) => {
        deps.logger.warn({ err: error, user }, "could not open a person's DM for a Slackbot tool call");
        throw new StudioToolRefusal(
          "failed",
          "Studio could not open its direct message with you, where the result is delivered: nothing was generated. Open Studio's Messages tab in Slack once, then ask again.",
        );
      },
    );
    return surface;
  };

  /** The flows' note for the asker, as the tool's refusal. */
  const refusedWith = (code: StudioToolRefusal["code"], at: SlackbotSurface, fallback: string): StudioToolRefusal => {
    const note = at.refusal();
    return new StudioToolRefusal(code, note ? plainText(note) : fallback);
  };

  return {
    ...reads,

    // The same checks as the flows, in their order, each answering as it would in Slack; nothing is stored or sent.
    async prepareGeneration(request: GenerationRequest): Promise<PreparedGeneration> {
      const at = await surfaceOf();
      if (!(await mayGenerate(deps, at))) {
        throw refusedWith(deps.keyMode.isReadOnly() ? "failed" : "access_denied", at, "Generating is not allowed.");
      }
      if ((request.kind === "image" || request.kind === "video") && !(await brandFor(deps, at, request))) {
        throw refusedWith("invalid_input", at, "No brand to follow.");
      }
      const { catalog, presets } = await deps.studioData.get();
      const options = checkOptions(request, catalog, presets);
      if (!options.ok) {
        throw new StudioToolRefusal("invalid_input", plainText(invalidOptionsMessage(options.problems)), {
          problems: options.problems.map((problem) => ({ message: problem.message, valid: problem.valid })),
        });
      }
      const cost = estimateCost(request, catalog);
      const credits = await getCredits(deps.studio);
      const available = (credits.dailyFree?.remaining ?? 0) + (credits.bonusBalance ?? 0) + (credits.balance ?? 0);
      const job = { outputs: request.kind === "image" ? (request.count ?? 1) : 1, credits: cost ?? 0 };
      const now = deps.now();
      const limit = limitRefusal(await deps.store.jobs.usage(at.user, now), deps.config.limits, job);
      if (limit) {
        const code = limit.limit === "user-hourly" ? "quota_reached" : "budget_reached";
        throw new StudioToolRefusal(code, plainText(limitReachedMessage(limit, job, now)), { max: limit.max });
      }
      if ((request.kind === "image" || request.kind === "video") && !(await resultBoards(deps, at, request.board))) {
        throw refusedWith("not_found", at, "No such board.");
      }
      return {
        request,
        estimate: { cost: cost ?? null, available, refillAt: credits.nextRefillAt ?? null },
        model: options.model ? { id: options.model.id, label: options.model.label ?? null } : null,
      };
    },

    // The flow itself, confirmed (the MCP layer asked, or the cost is under the threshold): it checks again (a quota
    // may have filled since), stores the job within the limits and sends it once. Resolves once the mutation was sent
    // and its ids recorded; the flow goes on to the result in the background.
    async startGeneration(prepared: PreparedGeneration): Promise<GenerationJob> {
      const at = await surfaceOf();
      const request = prepared.request;
      const kind = request.kind;
      const run =
        request.kind === "image"
          ? runImage(deps, at, request, { confirmed: true })
          : request.kind === "video"
            ? runVideo(deps, at, request, { confirmed: true })
            : runAudio(deps, at, request, { confirmed: true });
      let seen: JobRecord | undefined;
      const sent = new Promise<JobRecord | undefined>((resolve) => {
        waiting = (job, event) => {
          seen = job;
          // `queued` (or `running`) is shown once the ids are recorded: sent. A job that ended first was not.
          if (event === "queued" || event === "running") resolve(job);
        };
        run.then(
          () => resolve(undefined),
          () => resolve(undefined),
        );
      });
      const finished = run.then(
        () => undefined,
        (error: unknown) => deps.logger.error({ err: error, user: at.user }, "a Slackbot generation stopped"),
      );
      const job = await sent;
      waiting = undefined;
      if (!job) {
        // Refused by a check the second time round, or ended before it was sent.
        const ended = seen ? await deps.store.jobs.get(seen.id) : undefined;
        if (ended && ended.outcome !== "not-sent") {
          // Sent, and refused or lost on the way: said in the person's DM (the job's one message), never sent again.
          throw new StudioToolRefusal(
            "failed",
            `The studio did not take job ${ended.id} (it ended ${ended.outcome ?? "early"}); it is never sent again, and your direct message with Studio says why.`,
            { jobId: ended.id },
          );
        }
        throw refusedWith("failed", at, "The generation could not be sent: nothing was generated.");
      }
      started.set(job.id, { job, phase: "queued", finished });
      deps.logger.info({ user: at.user, job: job.id, kind }, "generation asked through Slackbot");
      return { jobId: job.id, kind, records: recordsOf(job, kind, "queued"), estimatedCredits: prepared.estimate.cost };
    },

    async waitForJob(job: GenerationJob, request: GenerationRequest, context: ToolContext): Promise<GenerationOutcome> {
      const running = started.get(job.jobId);
      if (!running) return { ...(await this.jobStatus({ jobId: job.jobId }, context)), done: false };
      running.report = (phase, percent) => {
        const progress = phase === "running" ? Math.max(1, Math.min(99, Math.round(percent ?? 1))) : 0;
        void context.progress({
          progress,
          total: 100,
          message: `${job.kind} ${phase}${percent ? ` ${progress}%` : ""}`,
        });
      };
      const aborted = new Promise<never>((_resolve, reject) => {
        const stop = () => reject(new Error("the wait was cancelled"));
        if (context.signal.aborted) stop();
        else context.signal.addEventListener("abort", stop, { once: true });
      });
      // A cancel stops only the wait: the job is the person's and goes on to their DM; nothing is sent again.
      await Promise.race([running.finished, aborted]);
      const stored = (await deps.store.jobs.get(job.jobId)) ?? running.job;
      const board = stored.request.kind === "image" || stored.request.kind === "video" ? stored.request.pushTo : null;
      const done = stored.outcome === "completed";
      return {
        jobId: stored.id,
        kind: job.kind,
        records: recordsOf(stored, job.kind),
        estimatedCredits: job.estimatedCredits,
        done,
        ...(board && done && request.kind !== "music" && request.kind !== "voice"
          ? { board: { id: board.id, title: board.title, created: false, added: stored.resultIds.length } }
          : {}),
      };
    },

    // A job of this person's, from the bot's store (another person's reads as unknown).
    async jobStatus({ jobId }): Promise<GenerationJob> {
      const { user } = person();
      const stored = await deps.store.jobs.get(jobId);
      const kind = stored && kindOf(stored);
      if (!stored || stored.user !== user || !kind) {
        throw new StudioToolRefusal(
          "not_found",
          `No job "${jobId.slice(0, 80)}" of yours: use the jobId a generate_* tool returned.`,
        );
      }
      return { jobId: stored.id, kind, records: recordsOf(stored, kind), estimatedCredits: stored.credits };
    },
  };
}
