import type { ModelCatalog, ModelEntry, MusicModel, SpeakingAvatarModel } from "./types.js";
import { IMAGE_MODELS, REFERENCE_TO_VIDEO_MODELS, VIDEO_MODELS } from "./visual-models.js";

// The model catalog served by `availableGenerationModels`: several models per
// role and a default for each (spec, Resources: Generation model entry). The
// seed's `music-ember-1` (provider `ember`) is here.

const SPEAKING_AVATAR_MODELS: SpeakingAvatarModel[] = [
  {
    id: "avatar-persona-2",
    label: "Persona 2",
    provider: "persona",
    description: "Animates a portrait into a talking presenter with natural head and eye movement.",
    promptGuidance: "Use a front-facing, evenly lit portrait with the mouth closed.",
    recommendedFor: ["explainers", "founder messages", "UGC-style ads"],
    estimatedCredits: 24,
    supportedResolutions: ["720p", "1080p"],
    defaultResolution: "720p",
    maxReferenceImages: 1,
  },
  {
    id: "avatar-studio-talk-1",
    label: "Studio Talk 1",
    provider: "studiotalk",
    description: "Upper-body presenters with hand gestures, for longer scripts.",
    promptGuidance: "Waist-up images give the best gestures; keep audio under two minutes.",
    recommendedFor: ["training videos", "product walkthroughs"],
    estimatedCredits: 36,
    supportedResolutions: ["1080p"],
    defaultResolution: "1080p",
    maxReferenceImages: 2,
  },
  {
    id: "avatar-echo-lite",
    label: "Echo Lite",
    provider: "echo",
    description: "Quick head-and-shoulders avatars for drafts.",
    promptGuidance: "Any clear face works; expect less expression than Persona 2.",
    recommendedFor: ["drafts", "internal reviews"],
    estimatedCredits: 10,
    supportedResolutions: ["480p", "720p"],
    defaultResolution: "480p",
    maxReferenceImages: 1,
  },
];

const LIP_SYNC_MODELS: ModelEntry[] = [
  {
    id: "lipsync-sync-3",
    label: "Sync 3",
    provider: "sync",
    description: "Re-times mouth movement in existing footage to new dialogue, any language.",
    promptGuidance: "Works on clips where the face is visible for most of the shot.",
    recommendedFor: ["localisation", "dialogue replacement"],
    estimatedCredits: 18,
  },
  {
    id: "lipsync-mouthful-2",
    label: "Mouthful 2",
    provider: "mouthful",
    description: "Expressive lip-sync with emotion control for close-ups.",
    promptGuidance: "Pick an emotion that matches the delivery of the audio.",
    recommendedFor: ["close-ups", "character pieces"],
    estimatedCredits: 22,
  },
  {
    id: "lipsync-dub-lite",
    label: "Dub Lite",
    provider: "dub",
    description: "Fast, inexpensive dubbing for social cut-downs.",
    promptGuidance: "Best under 30 seconds with a single speaker.",
    recommendedFor: ["social cut-downs", "drafts"],
    estimatedCredits: 8,
  },
];

const MUSIC_MODELS: MusicModel[] = [
  {
    id: "music-ember-1",
    label: "Ember 1",
    provider: "ember",
    description: "Instrumental and vocal tracks in most genres, with lyrics support.",
    promptGuidance: "Genre, tempo, instruments and mood; add lyrics or set instrumental.",
    recommendedFor: ["ad beds", "social soundtracks"],
    estimatedCredits: 6,
    supportedDurations: [15, 30, 60],
    defaultDuration: 30,
  },
  {
    id: "music-cadence-2",
    label: "Cadence 2",
    provider: "cadence",
    description: "Long-form score with structure (intro, build, outro) for brand films.",
    promptGuidance: "Describe the arc of the piece and where the peak should fall.",
    recommendedFor: ["brand films", "trailers"],
    estimatedCredits: 12,
    supportedDurations: [30, 60, 120],
    defaultDuration: 60,
  },
  {
    id: "music-loop-lite",
    label: "Loop Lite",
    provider: "loopworks",
    description: "Short seamless loops for stories and product carousels.",
    promptGuidance: "One mood and one groove; loops are always instrumental.",
    recommendedFor: ["stories", "carousels", "UI sounds"],
    estimatedCredits: 2,
    supportedDurations: [8, 15],
    defaultDuration: 8,
  },
];

const VOICE_MODELS: ModelEntry[] = [
  {
    id: "voice-lumen-2",
    label: "Lumen Voice 2",
    provider: "lumen",
    description: "Natural narration in 30 languages with emotion and pacing control.",
    promptGuidance: "Write the script as it should be spoken; punctuation sets the pauses.",
    recommendedFor: ["voiceovers", "explainers"],
    estimatedCredits: 3,
  },
  {
    id: "voice-narrate-1",
    label: "Narrate 1",
    provider: "narrate",
    description: "Warm long-form narrator voices for documentaries and audiobooks.",
    promptGuidance: "Longer scripts keep a steadier tone; avoid all-caps for emphasis.",
    recommendedFor: ["brand films", "long reads"],
    estimatedCredits: 5,
  },
  {
    id: "voice-clone-pro",
    label: "Clone Pro",
    provider: "clonelab",
    description: "Speaks in a workspace's consented custom voice.",
    promptGuidance: "Needs a recorded, consented voice sample in the workspace; script as for Lumen Voice 2.",
    recommendedFor: ["founder voice", "consistent brand voice"],
    estimatedCredits: 8,
  },
];

/** The whole catalog, as `availableGenerationModels` answers it. */
export const MODEL_CATALOG: ModelCatalog = {
  imageModels: IMAGE_MODELS,
  videoModels: VIDEO_MODELS,
  referenceToVideoModels: REFERENCE_TO_VIDEO_MODELS,
  speakingAvatarModels: SPEAKING_AVATAR_MODELS,
  lipSyncModels: LIP_SYNC_MODELS,
  musicModels: MUSIC_MODELS,
  voiceModels: VOICE_MODELS,
  defaultImageModelId: "img-aurora-2",
  defaultVideoModelId: "vid-tide-1",
  defaultReferenceToVideoModelId: "r2v-tide-1-ref",
  defaultSpeakingAvatarModelId: "avatar-persona-2",
  defaultLipSyncModelId: "lipsync-sync-3",
  defaultMusicModelId: "music-ember-1",
  defaultVoiceModelId: "voice-lumen-2",
};
