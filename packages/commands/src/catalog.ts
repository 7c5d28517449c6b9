import type { AvailableGenerationModelsQuery, StudioPresetsPageQuery } from "@studio-kit/operations";
import type { GenerationKind } from "./types.js";

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
