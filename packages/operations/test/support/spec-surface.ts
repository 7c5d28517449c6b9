// The API surface as the specification states it, transcribed a second time and
// independently of schema/ from ../shared/spec/creative-platform-api.md, so that a
// slip in either transcription shows up as a failing test.
//
// Arguments: "Type" or "Type = default" in SDL notation. An object stands for an
// `input` argument whose type name the spec does not give: its fields.
// Where the spec shows no type for an argument, the comment says what was chosen.

export type ArgSpec = string | { [field: string]: string };

export interface RootFieldSpec {
  args: Record<string, ArgSpec>;
  /** The named type returned (ours where the spec gives none), or the payload's fields. */
  returns: string | readonly string[];
}

const VIDEO_RESULT = ["success", "video"] as const;
const SUCCESS = ["success"] as const;

export const specQueries: Record<string, RootFieldSpec> = {
  apiCredentialWorkspace: { args: {}, returns: "Workspace" },
  brandBooks: { args: { workspaceId: "ID!" }, returns: "[BrandBook!]" },
  brand: { args: { workspaceId: "ID!", brandId: "ID" }, returns: "Brand" },
  brandColors: { args: { workspaceId: "ID!", brandId: "ID" }, returns: "[BrandColor!]" },
  creditsBalance: { args: { workspaceId: "ID!" }, returns: "CreditsBalance" },
  studioSessions: { args: { workspaceId: "ID!" }, returns: "[StudioSession!]" },
  studioSession: { args: { id: "ID!" }, returns: "StudioSession" },
  canvasCards: {
    args: { conversationId: "ID!", includeRemoved: "Boolean = false" },
    returns: "[CanvasCard!]",
  },
  canvasSections: { args: { conversationId: "ID!" }, returns: "[CanvasSection!]" },
  assets: {
    args: {
      workspaceId: "ID!",
      first: "Int = 50",
      after: "String",
      term: "String",
      filter: {
        types: "[AssetType!] = [IMAGE, VIDEO, AUDIO, PROMPT, LOGO, CREATIVE]",
        contentType: "AssetContentType",
        sessionIds: "[ID!]",
        includeProcessing: "Boolean",
        collectionId: "ID",
        tags: "[AssetTagFilterInput!]",
      },
    },
    returns: "AssetConnection",
  },
  images: {
    args: { workspaceId: "ID!", sessionIds: "[ID!]!", first: "Int = 10", includeProcessing: "Boolean" },
    returns: "ImageConnection",
  },
  videos: {
    args: { workspaceId: "ID!", sessionIds: "[ID!]!", first: "Int = 10", includeProcessing: "Boolean" },
    returns: "VideoConnection",
  },
  image: { args: { id: "ID!" }, returns: "Image" },
  video: { args: { id: "ID!" }, returns: "Video" },
  products: {
    args: {
      workspaceId: "ID!",
      first: "Int = 20",
      after: "String",
      search: "String",
      ids: "[ID!]",
      sortBy: "ProductSortField = CREATED_AT",
      sortOrder: "SortOrder = DESC",
    },
    returns: "ProductConnection",
  },
  product: { args: { id: "ID!" }, returns: "Product" },
  logos: { args: { workspaceId: "ID!", first: "Int = 50", after: "String" }, returns: "LogoConnection" },
  fonts: { args: { workspaceId: "ID!", first: "Int = 50", after: "String" }, returns: "FontConnection" },
  assetTags: {
    args: { workspaceId: "ID!", assetId: "ID!", assetType: "TaggableAssetType!" },
    returns: "[AssetTag!]",
  },
  assetTagFacets: { args: { workspaceId: "ID!", assetType: "TaggableAssetType" }, returns: "[AssetTagFacet!]" },
  availableGenerationModels: { args: {}, returns: "GenerationModelCatalog" },
  studioPresetsPage: {
    // surface: "fixed to the composer surface", type not shown: String (a gap).
    args: { q: "String", category: "String", limit: "Int = 40", offset: "Int = 0", surface: "String" },
    returns: "StudioPresetsPage",
  },
  backgroundJob: { args: { id: "ID!", workspaceId: "ID!" }, returns: "BackgroundJob" },
  audioStatus: { args: { audioId: "ID!", workspaceId: "ID!" }, returns: "AudioStatus" },
};

const REFERENCE = "ReferenceImageInput";

export const specMutations: Record<string, RootFieldSpec> = {
  // Boards and cards: each takes a single `input` object.
  createStudioSession: {
    args: { input: { workspaceId: "ID!", title: "String", visibility: "StudioSessionVisibility" } },
    returns: ["success", "session"],
  },
  createCanvasCard: {
    args: {
      input: {
        id: "ID!",
        conversationId: "ID!",
        workspaceId: "ID!",
        assetType: "String!",
        assetId: "String!",
        origin: "CanvasCardOrigin!",
        positionX: "Float",
        positionY: "Float",
        width: "Float",
        height: "Float",
      },
    },
    returns: ["success", "card"],
  },
  createCanvasCards: {
    args: { input: { conversationId: "ID!", workspaceId: "ID!", cards: "[CreateCanvasCardsEntryInput!]!" } },
    returns: ["success", "ids"],
  },
  updateCanvasCardPosition: {
    args: {
      input: {
        conversationId: "ID!",
        assetType: "String!",
        assetId: "String!",
        positionX: "Float!",
        positionY: "Float!",
        width: "Float!",
        height: "Float!",
      },
    },
    returns: SUCCESS,
  },
  batchUpdateCanvasCardPositions: {
    args: { input: { conversationId: "ID!", cards: "[CanvasCardPositionEntry!]!" } },
    returns: SUCCESS,
  },
  batchUpdateCanvasCardZOrder: {
    args: { input: { conversationId: "ID!", entries: "[CanvasCardZOrderEntry!]!" } },
    returns: SUCCESS,
  },
  deleteCanvasCard: {
    args: { input: { conversationId: "ID!", assetType: "String!", assetId: "String!" } },
    returns: SUCCESS,
  },
  deleteCanvasCards: {
    args: { input: { conversationId: "ID!", entries: "[CanvasCardGroupEntry!]!" } },
    returns: SUCCESS,
  },
  updateCanvasCardText: {
    args: { input: { conversationId: "ID!", assetType: "String!", assetId: "String!", text: "String!" } },
    returns: SUCCESS,
  },
  updateCanvasCardStyle: {
    // assetType: fixed to sticky_note, type not shown: String! like its siblings.
    args: {
      input: { conversationId: "ID!", assetType: "String!", assetId: "String!", style: "CanvasCardStyleInput!" },
    },
    returns: SUCCESS,
  },
  updateCanvasCardElement: {
    // assetType: fixed to element, type not shown: String! like its siblings.
    args: {
      input: { conversationId: "ID!", assetType: "String!", assetId: "String!", shape: "CanvasCardShapeInput!" },
    },
    returns: SUCCESS,
  },

  // Tags and assets.
  addAssetTag: {
    args: {
      workspaceId: "ID!",
      assetId: "ID!",
      assetType: "TaggableAssetType!",
      value: "String!",
      dimension: "String",
    },
    returns: "AssetTag",
  },
  removeAssetTag: { args: { workspaceId: "ID!", tagId: "ID!" }, returns: "Boolean" },
  requestAssetAutoTag: { args: { workspaceId: "ID!", imageIds: "[ID!]" }, returns: "Boolean" },
  createSignedUploadUrl: {
    args: {
      category: "UploadCategory!",
      filename: "String!",
      contentType: "String!",
      workspaceId: "ID",
      entityId: "ID",
    },
    returns: "SignedUpload",
  },
  uploadImage: {
    // displayName: "also accepted", type not shown: String like name.
    args: {
      workspaceId: "ID!",
      input: { fileId: "ID!", id: "ID", name: "String", displayName: "String", aspectRatio: "String" },
    },
    returns: ["success", "image"],
  },
  uploadVideo: {
    args: {
      workspaceId: "ID!",
      input: {
        fileId: "ID!",
        id: "ID",
        name: "String",
        displayName: "String",
        duration: "Float",
        aspectRatio: "String",
        thumbnailFileId: "ID",
      },
    },
    returns: ["success", "video"],
  },
  uploadAudio: {
    args: {
      workspaceId: "ID!",
      input: {
        fileId: "ID!",
        id: "ID",
        name: "String",
        displayName: "String",
        durationMs: "Int",
        contentType: "String",
      },
    },
    returns: ["success", "audio"],
  },
  confirmFileUpload: { args: { fileId: "ID!" }, returns: "Boolean" },
  updateImage: {
    args: { id: "ID!", input: { upscaleScale: "String", removeBackground: "Boolean", fileId: "String" } },
    returns: ["success", "image"],
  },
  updateVideo: {
    args: { id: "ID!", input: { upscaleScale: "String", removeBackground: "Boolean" } },
    returns: VIDEO_RESULT,
  },

  // Generation: workspaceId at top level and an `input` object, unless the row says otherwise.
  generateImage: {
    args: {
      workspaceId: "ID!",
      input: {
        prompt: "String!",
        aspectRatio: "String!",
        count: "Int = 1",
        model: "String",
        quality: "String",
        resolution: "String",
        referenceImages: `[${REFERENCE}!]`,
        parentImageId: "ID",
        sessionId: "ID",
        presetSlugs: "[String!]",
      },
    },
    returns: ["success", "images"],
  },
  generateVideo: {
    args: {
      workspaceId: "ID!",
      input: {
        prompt: "String!",
        aspectRatio: "String!",
        model: "String",
        duration: "Float",
        resolution: "String",
        addMusic: "Boolean",
        generateAudio: "Boolean",
        firstFrame: REFERENCE,
        endImage: REFERENCE,
        referenceImages: `[${REFERENCE}!]`,
        referenceVideos: `[${REFERENCE}!]`,
        referenceAudios: `[${REFERENCE}!]`,
        sourceVideo: REFERENCE,
        presetSlugs: "[String!]",
        sessionId: "ID",
      },
    },
    returns: VIDEO_RESULT,
  },
  generateVideoFormatVariant: {
    args: { input: { videoId: "ID!", targetAspectRatio: "String!", mode: "VideoFormatVariantMode!" } },
    returns: VIDEO_RESULT,
  },
  applyVideoColorAdjustments: {
    args: {
      id: "ID!",
      input: {
        exposure: "Int!",
        contrast: "Int!",
        saturation: "Int!",
        temperature: "Int!",
        tint: "Int!",
        highlights: "Int!",
        shadows: "Int!",
      },
    },
    returns: VIDEO_RESULT,
  },
  addSubtitles: {
    args: {
      workspaceId: "ID!",
      input: {
        videoId: "ID",
        videoUrl: "String",
        language: "String",
        fontName: "String",
        fontSize: "Int",
        fontWeight: "String",
        fontColor: "String",
        highlightColor: "String",
        strokeWidth: "Int",
        strokeColor: "String",
        backgroundColor: "String",
        backgroundOpacity: "Float",
        position: "String",
        yOffset: "Int",
        wordsPerSubtitle: "Int",
        enableAnimation: "String",
      },
    },
    returns: VIDEO_RESULT,
  },
  generateLipsync: {
    args: {
      workspaceId: "ID!",
      input: {
        videoId: "ID",
        videoUrl: "String",
        audioId: "ID",
        audioUrl: "String",
        audioDurationSeconds: "Float",
        model: "String",
        emotion: "LipsyncEmotion",
        syncMode: "LipsyncSyncMode",
        faceMode: "LipsyncFaceMode",
        enableCaption: "Boolean",
      },
    },
    returns: VIDEO_RESULT,
  },
  generateSpeakingCharacter: {
    args: {
      workspaceId: "ID!",
      input: {
        imageId: "ID",
        imageUrl: "String",
        audioId: "ID",
        audioUrl: "String",
        audioDurationSeconds: "Float",
        model: "String",
        resolution: "String",
      },
    },
    returns: VIDEO_RESULT,
  },
  generateMusicTrack: {
    args: {
      workspaceId: "ID!",
      input: {
        provider: "String!",
        prompt: "String!",
        tags: "[String!]",
        lyrics: "String",
        instrumental: "Boolean",
        minDurationSeconds: "Int",
        maxDurationSeconds: "Int",
      },
    },
    returns: ["success", "audioId", "jobId", "estimatedCredits"],
  },
  generateVoiceover: {
    args: {
      workspaceId: "ID!",
      input: {
        script: "String!",
        voiceId: "String",
        emotion: "String",
        language: "String",
        speed: "Float",
        stability: "Float",
        similarityBoost: "Float",
        style: "Float",
        useSpeakerBoost: "Boolean",
        name: "String",
      },
    },
    returns: ["success", "audioId", "jobId"],
  },
  generateVideoSfx: {
    args: {
      workspaceId: "ID!",
      input: {
        videoId: "ID",
        videoUrl: "String",
        prompt: "String",
        videoDurationSeconds: "Float",
        aspectRatio: "String",
      },
    },
    returns: ["success", "audioId", "jobId"],
  },
};
