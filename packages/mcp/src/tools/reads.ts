import { z } from "zod";
import type { StudioToolBackend } from "../backend.js";
import { assetsOutput, creditsOutput, jobStatusOutput, modelsOutput, presetsOutput } from "./output.js";
import { defineTool, READS } from "./register.js";
import { creditsText, quoted } from "./result.js";

const ROLES = ["image", "video", "music", "voice"] as const;
/** The library's asset types (schema/library.graphql, enum AssetType), lower case, as `studio assets --type` takes them. */
const ASSET_TYPES = ["image", "video", "audio", "prompt", "logo", "creative"] as const;
/** At most this many assets per search: a search, not an export (the CLI's default too). */
const MAX_ASSETS = 50;

const list = <T>(items: T[], none: string, line: (item: T) => string) =>
  items.length ? items.map(line).join("\n") : none;

/** The tools that only read: job status, credits, models, presets and the library. */
export const readTools = (backend: StudioToolBackend) => [
  defineTool({
    name: "job_status",
    title: "Job status",
    description: "One look at a generation job (no waiting): each record's status, progress and any error.",
    input: { jobId: z.string().min(1).describe("the jobId a generate_* tool returned") },
    output: jobStatusOutput,
    annotations: READS,
    async run({ jobId }, context) {
      const job = await backend.jobStatus({ jobId }, context);
      const done = job.records.length > 0 && job.records.every((r) => r.status === "COMPLETED");
      const records = job.records.map(
        (r) => `${r.kind} ${r.id} ${r.status.toLowerCase()}${r.progress === null ? "" : ` ${r.progress}%`}`,
      );
      return { text: `Job ${job.jobId}: ${records.join(", ")}.`, data: { job, done } };
    },
  }),
  defineTool({
    name: "get_credits",
    title: "Credits",
    description: "The credits that can be spent now, and when more arrive.",
    input: {},
    output: creditsOutput,
    annotations: READS,
    async run(_input, context) {
      const credits = await backend.credits(context);
      const refill = credits.refillAt ? ` More at ${credits.refillAt}.` : "";
      return {
        text: `${credits.available} credits available.${refill}${credits.note ? ` ${credits.note}` : ""}`,
        data: { ...credits },
      };
    },
  }),
  defineTool({
    name: "list_models",
    title: "Models",
    description:
      "The generation models (or voices), with their estimated credits and the values each takes " +
      "(durations, resolutions, qualities); the default of each role is marked.",
    input: { role: z.enum(ROLES).optional().describe("only this role's models (voice: the voices)") },
    output: modelsOutput,
    annotations: READS,
    async run({ role }, context) {
      const models = await backend.models({ role }, context);
      const text = list(
        models,
        "No models.",
        (m) =>
          `${m.role} ${m.id}${m.isDefault ? " (default)" : ""}` +
          `${m.estimatedCredits === null ? "" : `, about ${creditsText(m.estimatedCredits)}`}`,
      );
      return { text, data: { models } };
    },
  }),
  defineTool({
    name: "list_presets",
    title: "Presets",
    description: "The style presets a generation can use (their slugs go in `presets`).",
    input: { query: z.string().optional().describe("only presets whose slug or name contains this") },
    output: presetsOutput,
    annotations: READS,
    async run({ query }, context) {
      const presets = await backend.presets({ query }, context);
      const text = list(presets, "No presets.", (p) => `${p.slug}${p.name ? ` (${p.name})` : ""}`);
      return { text, data: { presets } };
    },
  }),
  defineTool({
    name: "search_library",
    title: "Search the library",
    description: "Searches the asset library (images, videos, audio, prompts, logos, creatives) by words and type.",
    input: {
      query: z.string().optional().describe("words to search for; none lists the newest"),
      types: z.array(z.enum(ASSET_TYPES)).optional().describe("only these kinds"),
      limit: z.number().optional().describe(`at most this many, 1 to ${MAX_ASSETS} (default ${MAX_ASSETS})`),
    },
    output: assetsOutput,
    annotations: READS,
    async run({ query, types, limit }, context) {
      const max = Math.min(MAX_ASSETS, Math.max(1, Math.floor(limit ?? MAX_ASSETS)));
      const assets = await backend.searchLibrary({ query, types, limit: max }, context);
      const text = list(
        assets,
        `Nothing in the library${query ? ` matches ${quoted(query)}` : ""}.`,
        (a) => `${a.type} ${a.id}${a.title ? `: ${a.title}` : ""}`,
      );
      return { text, data: { assets } };
    },
  }),
];
