// The shapes of the model catalog and of modifier presets, as served by
// `availableGenerationModels` and `studioPresetsPage` (spec, Resources:
// Generation model entry, Modifier preset).

/** The fields every role shares. */
export interface ModelEntry {
  id: string;
  label: string;
  provider: string;
  description: string;
  promptGuidance: string;
  recommendedFor: readonly string[];
  /** Credits one generation spends (spec, Generation rules 4). */
  estimatedCredits: number;
}

/** imageModels, videoModels and referenceToVideoModels. */
export interface VisualModel extends ModelEntry {
  /** Seconds; empty for image models. */
  supportedDurations: readonly number[];
  defaultDuration: number | null;
  supportedResolutions: readonly string[];
  defaultResolution: string;
  supportedQualities: readonly string[];
  defaultQuality: string | null;
  maxReferenceImages: number;
  supportsVideoToVideo: boolean;
}

/** videoModels and referenceToVideoModels. */
export interface VideoModel extends VisualModel {
  maxReferenceVideos: number;
  maxReferenceAudios: number;
  maxReferenceFiles: number;
}

export interface SpeakingAvatarModel extends ModelEntry {
  supportedResolutions: readonly string[];
  defaultResolution: string;
  maxReferenceImages: number;
}

export interface MusicModel extends ModelEntry {
  /** Seconds. */
  supportedDurations: readonly number[];
  defaultDuration: number;
}

export interface ModelCatalog {
  imageModels: readonly VisualModel[];
  videoModels: readonly VideoModel[];
  referenceToVideoModels: readonly VideoModel[];
  speakingAvatarModels: readonly SpeakingAvatarModel[];
  lipSyncModels: readonly ModelEntry[];
  musicModels: readonly MusicModel[];
  voiceModels: readonly ModelEntry[];
  defaultImageModelId: string;
  defaultVideoModelId: string;
  defaultReferenceToVideoModelId: string;
  defaultSpeakingAvatarModelId: string;
  defaultLipSyncModelId: string;
  defaultMusicModelId: string;
  defaultVoiceModelId: string;
}

export interface StudioPreset {
  slug: string;
  title: string;
  description: string;
  category: string;
  /** Which generation it applies to: IMAGE (generateImage) or VIDEO (generateVideo). */
  outputFormat: "IMAGE" | "VIDEO";
  /** Whether it can be combined with other presets in one `presetSlugs`. */
  stackable: boolean;
  defaultAspectRatio: string | null;
  thumbnailUrl: string;
  posterUrl: string | null;
}
