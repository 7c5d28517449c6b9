import type { AvailableGenerationModelsQuery, StudioPresetsPageQuery } from "@studio-kit/operations";
import type { GenerationKind, SpeakingKind } from "./types.js";

/** The model catalog, as `availableGenerationModels` returns it. */
export type Catalog = NonNullable<AvailableGenerationModelsQuery["availableGenerationModels"]>;

/** One preset, as `studioPresetsPage` lists it. */
export type Preset = NonNullable<NonNullable<StudioPresetsPageQuery["studioPresetsPage"]>["items"]>[number];

/** The fields every role's models share, plus the optional ones the checks read. */
export interface CatalogModel {
  id: string;
  label: string | null;
  estimatedCredits: number | null;
  supportedDurations?: number[] | null;
  defaultDuration?: number | null;
  supportedResolutions?: string[] | null;
  defaultResolution?: string | null;
  supportedQualities?: string[] | null;
  defaultQuality?: string | null;
  /** How many reference images a request may carry (`referenceImages`); null when the catalog does not say. */
  maxReferenceImages?: number | null;
}

/** The models for one role and that role's default model id. */
export function modelsFor(
  catalog: Catalog,
  role: GenerationKind,
): { models: CatalogModel[]; defaultId: string | null } {
  switch (role) {
    case "image":
      return { models: catalog.imageModels ?? [], defaultId: catalog.defaultImageModelId };
    case "video":
      return { models: catalog.videoModels ?? [], defaultId: catalog.defaultVideoModelId };
    case "music":
      return { models: catalog.musicModels ?? [], defaultId: catalog.defaultMusicModelId };
    case "voice":
      return { models: catalog.voiceModels ?? [], defaultId: catalog.defaultVoiceModelId };
  }
}

/** The model a command will use: the one asked for, else the role's default, else the first listed. */
export function pickModel(catalog: Catalog, role: GenerationKind, id: string | undefined): CatalogModel | undefined {
  const { models, defaultId } = modelsFor(catalog, role);
  const wanted = id ?? defaultId;
  return models.find((model) => model.id === wanted) ?? (id === undefined ? models[0] : undefined);
}

/**
 * The model a video command will use. With reference images the API picks among the video and the
 * reference-to-video models, and by default the reference-to-video default (as the sandbox does:
 * packages/sandbox/src/generation/visual.ts); without, among the video models as {@link pickModel}.
 */
export function pickVideoModel(
  catalog: Catalog,
  id: string | undefined,
  withReferences: boolean,
): CatalogModel | undefined {
  if (!withReferences) return pickModel(catalog, "video", id);
  const models = [...(catalog.videoModels ?? []), ...(catalog.referenceToVideoModels ?? [])];
  const wanted = id ?? catalog.defaultReferenceToVideoModelId ?? catalog.defaultVideoModelId;
  return models.find((model) => model.id === wanted) ?? (id === undefined ? models[0] : undefined);
}

/** The models of a speaking role and its default (`avatar`: speaking avatars; `lipsync`: lip-sync models). */
function speakingModels(catalog: Catalog, kind: SpeakingKind): { models: CatalogModel[]; defaultId: string | null } {
  return kind === "avatar"
    ? { models: catalog.speakingAvatarModels ?? [], defaultId: catalog.defaultSpeakingAvatarModelId }
    : { models: catalog.lipSyncModels ?? [], defaultId: catalog.defaultLipSyncModelId };
}

/**
 * The model `avatar` or `lipsync` will use: the catalog's default of the role, else its first model. The commands
 * take no `--model`, so the API's own default is what runs; undefined when the role has no models.
 */
export function pickSpeakingModel(catalog: Catalog, kind: SpeakingKind): CatalogModel | undefined {
  const { models, defaultId } = speakingModels(catalog, kind);
  return models.find((model) => model.id === defaultId) ?? models[0];
}
