import { assertOwned } from "../access.js";
import { presetBySlug } from "../catalog/presets.js";
import type { ModelEntry, StudioPreset } from "../catalog/types.js";
import type { RequestContext } from "../core.js";
import { badUserInput, notFound } from "../errors.js";
import { viewRecord } from "../jobs.js";
import type { AssetRecord, AudioRecord, ImageRecord, VideoRecord } from "../state/types.js";

// Checks shared by the generation mutations. Every refusal is a GraphQL error
// with code BAD_USER_INPUT (or NOT_FOUND / FORBIDDEN for ids), naming the field
// and what is allowed, and is thrown before any record is made or credit spent.

const list = (values: readonly (string | number)[]) => values.map((value) => JSON.stringify(value)).join(", ");

/** A non-empty text. */
export function requireText(value: string | null | undefined, field: string): string {
  const text = value?.trim() ?? "";
  if (!text) throw badUserInput(`${field} must not be empty.`);
  return text;
}

/**
 * Ratio text of the form width:height with positive integers (spec, Mutations:
 * generation). Ratios beyond 8:1 are refused too, as no model renders them.
 */
export function aspectRatio(value: string, field = "aspectRatio"): string {
  const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(value);
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!match || width < 1 || height < 1) {
    throw badUserInput(
      `${field} must be ratio text width:height with positive integers, such as "16:9"; got ${JSON.stringify(value)}.`,
    );
  }
  if (width / height > 8 || height / width > 8) {
    throw badUserInput(`${field} ${value} is too extreme: keep it between 1:8 and 8:1.`);
  }
  return `${width}:${height}`;
}

/** The model with this id among a role's models, or the role's default (spec: values come from the catalog). */
export function pickModel<T extends ModelEntry>(
  models: readonly T[],
  id: string | null | undefined,
  defaultId: string,
  role: string,
): T {
  const wanted = id ?? defaultId;
  const model = models.find((candidate) => candidate.id === wanted);
  if (!model) {
    throw badUserInput(`Unknown ${role} model ${JSON.stringify(wanted)}. Allowed: ${list(models.map((m) => m.id))}.`, {
      field: "model",
      allowed: models.map((m) => m.id),
    });
  }
  return model;
}

/** One of the model's values (quality, resolution, duration), or its default when omitted. */
export function pickOption<T extends string | number>(
  value: T | null | undefined,
  allowed: readonly T[],
  fallback: T | null,
  field: string,
  modelId: string,
): T | null {
  if (value === null || value === undefined) return fallback;
  if (!allowed.includes(value)) {
    const choices = allowed.length ? `Allowed: ${list(allowed)}.` : "It takes none: leave it out.";
    throw badUserInput(`${field} ${JSON.stringify(value)} is not supported by ${modelId}. ${choices}`, {
      field,
      allowed,
    });
  }
  return value;
}

/** A whole number within bounds. */
export function intInRange(value: number | null | undefined, min: number, max: number, field: string): void {
  if (value === null || value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badUserInput(`${field} must be a whole number from ${min} to ${max}, got ${value}.`);
  }
}

/** A number within bounds (gap: the spec shows no ranges; these are the usual ones). */
export function numberInRange(value: number | null | undefined, min: number, max: number, field: string): void {
  if (value === null || value === undefined) return;
  if (!Number.isFinite(value) || value < min || value > max) {
    throw badUserInput(`${field} must be from ${min} to ${max}, got ${value}.`);
  }
}

/**
 * Preset slugs from studioPresetsPage, for this output format. A preset that is
 * not stackable must be used alone.
 */
export function presets(slugs: string[] | null | undefined, format: StudioPreset["outputFormat"]): StudioPreset[] {
  const found = (slugs ?? []).map((slug) => {
    const preset = presetBySlug(slug);
    if (!preset) throw badUserInput(`Unknown preset ${JSON.stringify(slug)}: use a slug from studioPresetsPage.`);
    if (preset.outputFormat !== format) {
      throw badUserInput(`Preset ${slug} is for ${preset.outputFormat} generation, not ${format}.`);
    }
    return preset;
  });
  const alone = found.find((preset) => !preset.stackable);
  if (alone && found.length > 1) {
    throw badUserInput(`Preset ${alone.slug} is not stackable: use it without other presets.`);
  }
  return found;
}

type Typename = "Image" | "Video" | "Audio";
type RecordOf<T extends Typename> = T extends "Image" ? ImageRecord : T extends "Video" ? VideoRecord : AudioRecord;

/** A library record of this kind that this key may use; another kind with the id counts as not found. */
export function ownedMedia<T extends Typename>(ctx: RequestContext, id: string, typename: T): RecordOf<T> {
  const record: AssetRecord | undefined = ctx.core.state.assets.get(id);
  if (record && record.__typename !== typename) throw notFound(typename, id);
  return assertOwned(ctx, record as RecordOf<T> | undefined, typename, id);
}

/** A referenced record must have finished: a QUEUED or FAILED one has no file to work from. */
export function finished<T extends ImageRecord | VideoRecord | AudioRecord>(ctx: RequestContext, record: T): T {
  const view = viewRecord(ctx.core, record);
  if (view.status !== "COMPLETED") {
    throw badUserInput(`${record.__typename} ${record.id} is ${view.status}: wait until it is COMPLETED.`);
  }
  return record;
}

export interface MediaRef<T> {
  record: T | null;
  url: string | null;
}

/**
 * An input that names media by id or by URL (`videoId`/`videoUrl`, or a
 * ReferenceImageInput): at least one is needed; an id must be a finished record
 * of this workspace, a URL must be http(s).
 */
export function mediaRef<T extends Typename>(
  ctx: RequestContext,
  ref: { id?: string | null; url?: string | null },
  typename: T,
  field: string,
): MediaRef<RecordOf<T>> {
  if (!ref.id && !ref.url) throw badUserInput(`${field}: give an id or a URL of the ${typename.toLowerCase()}.`);
  if (ref.url) {
    let protocol = "";
    try {
      protocol = new URL(ref.url).protocol;
    } catch {
      // Reported below with the rest.
    }
    if (protocol !== "https:" && protocol !== "http:") {
      throw badUserInput(`${field}: ${JSON.stringify(ref.url)} is not an http(s) URL.`);
    }
  }
  const record = ref.id ? finished(ctx, ownedMedia(ctx, ref.id, typename)) : null;
  return { record, url: ref.url ?? null };
}

/** A list of references, no longer than the model allows. */
export function mediaRefs<T extends Typename>(
  ctx: RequestContext,
  refs: { id?: string | null; url?: string | null }[] | null | undefined,
  typename: T,
  field: string,
  max: number,
  modelId: string,
): MediaRef<RecordOf<T>>[] {
  const given = refs ?? [];
  if (given.length > max) {
    throw badUserInput(`${field}: ${modelId} takes at most ${max}, got ${given.length}.`);
  }
  return given.map((ref, index) => mediaRef(ctx, ref, typename, `${field}[${index}]`));
}
