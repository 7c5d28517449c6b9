import { type GenerationKind, modelsFor } from "@studio-kit/commands";
import type { StudioClient } from "@studio-kit/core";
import { AvailableGenerationModelsDocument, StudioPresetsPageDocument } from "@studio-kit/operations";
import type { ModelSummary, PresetSummary } from "../backend.js";
import { StudioToolRefusal } from "../errors.js";

const ROLES: readonly GenerationKind[] = ["image", "video", "music", "voice"];

/** The catalog's models of one role, or of every role, with the values each takes. */
export async function listModels(
  client: StudioClient,
  role: GenerationKind | undefined,
  signal?: AbortSignal,
): Promise<ModelSummary[]> {
  const { availableGenerationModels: catalog } = await client.request(AvailableGenerationModelsDocument, undefined, {
    signal,
  });
  if (!catalog) throw new StudioToolRefusal("failed", "The API gave no model catalog. Try again.");
  return (role ? [role] : ROLES).flatMap((each) => {
    const { models, defaultId } = modelsFor(catalog, each);
    return models.map((model) => ({
      id: model.id,
      role: each,
      label: model.label,
      estimatedCredits: model.estimatedCredits,
      isDefault: model.id === defaultId,
      ...(model.supportedDurations ? { durations: [...model.supportedDurations] } : {}),
      ...(model.supportedResolutions ? { resolutions: [...model.supportedResolutions] } : {}),
      ...(model.supportedQualities ? { qualities: [...model.supportedQualities] } : {}),
      ...(model.maxReferenceImages !== undefined ? { maxReferenceImages: model.maxReferenceImages } : {}),
    }));
  });
}

/** The presets (first 100, as the checks read them), those whose slug or name contains `query` when given. */
export async function listPresets(
  client: StudioClient,
  query: string | undefined,
  signal?: AbortSignal,
): Promise<PresetSummary[]> {
  const { studioPresetsPage } = await client.request(StudioPresetsPageDocument, { limit: 100 }, { signal });
  const wanted = query?.trim().toLowerCase();
  return (studioPresetsPage?.items ?? [])
    .filter((p) => !wanted || p.slug.toLowerCase().includes(wanted) || (p.title ?? "").toLowerCase().includes(wanted))
    .map((p) => ({
      slug: p.slug,
      name: p.title ?? null,
      outputFormat: p.outputFormat ?? null,
      stackable: p.stackable ?? null,
    }));
}
