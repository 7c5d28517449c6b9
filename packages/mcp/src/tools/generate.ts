import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { GenerationKind } from "@studio-kit/commands";
import type { GenerationJob, GenerationOutcome, PreparedGeneration, StudioToolBackend } from "../backend.js";
import { StudioToolRefusal } from "../errors.js";
import { confirmSpend, generationSummary, refuseIfShort } from "./confirm.js";
import { toolContext } from "./context.js";
import { GENERATION_INPUTS, type GenerationInput, generationDescription, requestFrom } from "./generate-input.js";
import { toolInput } from "./input.js";
import { generateOutput } from "./output.js";
import { answer, creditsText, quoted, toolResult } from "./result.js";
import type { ToolSettings } from "./settings.js";

const TITLES: Record<GenerationKind, string> = {
  image: "Generate images",
  video: "Generate a video",
  music: "Generate music",
  voice: "Generate a voiceover",
};

/** The tool names, by kind: `generate_image`, `generate_video`, `generate_music`, `generate_voice`. */
export const GENERATION_TOOLS = {
  image: "generate_image",
  video: "generate_video",
  music: "generate_music",
  voice: "generate_voice",
} as const satisfies Record<GenerationKind, string>;

/** How a refusal before the send ends, in the grammar's words. */
const NOTHING_SPENT = "Nothing was generated and no credits were spent.";

/** The cost and, when both are known, what it leaves of the credits available before it (estimates both). */
function costText({ estimate: { cost, available } }: PreparedGeneration): string {
  if (cost === null) return "cost not estimated";
  const left = available === null ? "" : `, leaving about ${creditsText(Math.max(0, available - cost))}`;
  return `about ${creditsText(cost)}${left}`;
}

function jobText(job: GenerationJob, prepared: PreparedGeneration, outcome?: GenerationOutcome): string {
  const records = job.records.map((r) => `${r.kind} ${r.id} ${r.status.toLowerCase()}`).join(", ");
  const head = outcome
    ? `${outcome.done ? "Done" : "Finished with failures"}: ${records} (${costText(prepared)}).`
    : // A job the bot queued has no records until the studio takes it: say so rather than list nothing.
      `Queued ${job.kind} job ${job.jobId} (${costText(prepared)})${records ? `: ${records}` : ""}. ` +
      `job_status with jobId "${job.jobId}" shows how it goes.`;
  const failures = job.records.filter((r) => r.errorMessage).map((r) => `${r.id}: ${r.errorMessage}`);
  const board = outcome?.board
    ? ` On board ${quoted(outcome.board.title ?? outcome.board.id)}${outcome.board.created ? " (created)" : ""}: ` +
      `${outcome.board.added} card${outcome.board.added === 1 ? "" : "s"}.`
    : "";
  return `${head}${failures.length ? ` Failed: ${failures.join("; ")}.` : ""}${board}`;
}

/**
 * One generation tool: reads the input with the grammar, asks the backend to check and price it, applies the
 * credits rule (short: refused; above the threshold: confirmed first), sends it once, and with `wait` (or a board)
 * waits with progress. A cancel during the wait stops the polls; the job is not sent again, and the refusal says
 * which job is still running.
 */
export function registerGenerationTool(
  server: McpServer,
  backend: StudioToolBackend,
  kind: GenerationKind,
  settings: ToolSettings,
): void {
  const name = GENERATION_TOOLS[kind];
  // Read by the tool itself: a wrong type or an option the tool does not take is refused before anything is sent,
  // as invalid_input naming the field (input.ts); values then go through the grammar (requestFrom).
  const input = toolInput(GENERATION_INPUTS[kind], NOTHING_SPENT);
  server.registerTool(
    name,
    {
      title: TITLES[kind],
      description: generationDescription(kind),
      inputSchema: input.advertised,
      outputSchema: generateOutput,
      // Spends credits; it creates, never destroys; a second call makes a second job. Closed world: it acts on one
      // workspace, not the open web (the spec's openWorldHint).
      annotations: {
        title: TITLES[kind],
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (raw: unknown, extra) =>
      answer(
        async () => {
          const context = toolContext(name, extra);
          const given = input.read(raw) as GenerationInput;
          const request = requestFrom(kind, given, settings.invocation);
          const prepared = await backend.prepareGeneration(request, context);
          refuseIfShort(prepared.estimate);
          await confirmSpend(
            server.server,
            prepared.estimate,
            settings.confirmAboveCredits,
            given.confirmCredits,
            context.signal,
            generationSummary(prepared),
          );
          if (context.signal.aborted) {
            throw new StudioToolRefusal("cancelled", "Cancelled before sending: nothing was generated.");
          }
          const job = await backend.startGeneration(prepared, context);
          const wait = given.wait === true || ("board" in request && request.board !== undefined);
          const base = { estimate: prepared.estimate };
          if (!wait) {
            return toolResult(jobText(job, prepared), { ...base, job, waited: false, done: false });
          }
          let outcome: GenerationOutcome;
          try {
            outcome = await backend.waitForJob(job, request, context);
          } catch (error) {
            if (!context.signal.aborted) throw error;
            throw new StudioToolRefusal(
              "cancelled",
              `Stopped waiting; nothing is sent again. Job ${job.jobId} is still generating: ` +
                `job_status with jobId "${job.jobId}" shows it later.`,
              { jobId: job.jobId },
            );
          }
          // The SDK's Client handles a notification a microtask after reading it and a response at once: progress
          // read in the same chunk as the result is dropped. One turn of the event loop lets the last one go first.
          await new Promise((resolve) => setImmediate(resolve));
          const { done, board, ...finished } = outcome;
          return toolResult(jobText(finished, prepared, outcome), {
            ...base,
            job: {
              jobId: finished.jobId,
              kind: finished.kind,
              records: finished.records,
              estimatedCredits: finished.estimatedCredits,
            },
            waited: true,
            done,
            ...(board ? { board } : {}),
          });
        },
        settings.onError,
        extra.signal,
      ),
  );
}
