// The sandbox's in-memory records. Field names follow the SDL so that resolvers
// can return records as they are; `__typename` picks a union member, and the
// fields starting with an underscore are the sandbox's own bookkeeping, never
// served.

export type WorkspaceId = string;

export interface Workspace {
  id: WorkspaceId;
  name: string;
}

export interface Brand {
  id: string;
  workspaceId: WorkspaceId;
  name: string;
  websiteUrl: string | null;
  tagline: string | null;
  companyDescription: string | null;
  industry: string | null;
  subindustry: string | null;
  isConfigured: boolean;
  defaultLogoId: string | null;
  defaultFontId: string | null;
  markets: string[];
  playbookBrand: string | null;
  playbookCreative: string | null;
  playbookPerformance: string | null;
  playbookAnalyst: string | null;
  playbookLocalization: string | null;
  toneOfVoiceSections: { title: string; description: string; kind: string; values: string[] }[];
}

export interface BrandBook {
  id: string;
  workspaceId: WorkspaceId;
  name: string;
  isConfigured: boolean;
}

export interface BrandColor {
  id: string;
  workspaceId: WorkspaceId;
  brandId: string;
  name: string;
  hex: string;
  groupName: string | null;
  usage: string | null;
  role: string | null;
}

export interface Credits {
  workspaceId: WorkspaceId;
  /** Paid credits left. */
  balance: number;
  bonusBalance: number;
  monthlyBalance: number;
  monthlyAllocation: number;
  isPaidPlan: boolean;
  dailyFreeLimit: number;
  /** Daily free credits spent since the last reset (virtual clock, UTC midnight). */
  dailyFreeUsed: number;
  dailyFreeDay: string;
  monthlyFreeLimit: number;
  monthlyFreeUsed: number;
}

export interface Board {
  id: string;
  workspaceId: WorkspaceId;
  conversationId: string;
  title: string | null;
  coverUrl: string | null;
  visibility: string | null;
  viewerLevel: string;
  starred: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface CardStyle {
  fill: string;
  textAlign: string;
  textSize: number;
}

export interface CanvasCard {
  id: string;
  conversationId: string;
  assetType: string;
  assetId: string;
  origin: string | null;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  zIndex: number;
  rotation: number;
  text: string | null;
  groupId: string | null;
  sectionId: string | null;
  removedAt: string | null;
  style: CardStyle | null;
  /** A typed shape, for `element` cards. */
  shape: { type: string; text: string | null; fill: string | null } | null;
}

export interface CanvasSection {
  id: string;
  conversationId: string;
  title: string;
  positionX: number;
  positionY: number;
  width: number;
  height: number;
  color: string;
  opacity: number;
  shadow: boolean;
  locked: boolean;
  zOrdinal: number;
  removedAt: string | null;
}

/**
 * The timing of a generation, on the virtual clock. The record's status and
 * progress are derived from it when read, so advancing the clock is all it takes
 * for jobs to move.
 */
export interface Job {
  startedAt: number;
  durationMs: number;
  /** Set when the job will fail (or failed at once): the record's errorMessage. */
  failure: string | null;
}

/** Changes to a record that take effect when `job` completes (and are dropped if it fails or is replaced). */
export interface PendingEdit<T> {
  job: Job;
  changes: Partial<T>;
}

interface LibraryRecord {
  id: string;
  workspaceId: WorkspaceId;
  createdAt: string;
}

export interface ImageRecord extends LibraryRecord {
  __typename: "Image";
  displayName: string | null;
  url: string | null;
  imageType: string;
  prompt: string | null;
  width: number | null;
  height: number | null;
  aspectRatio: string | null;
  sessionId: string | null;
  model: string | null;
  fileId: string | null;
  isBackgroundRemoved: boolean;
  isUpscaled: boolean;
  /** The stored file served at downloadUrl once the image exists. */
  _fileId: string | null;
  /** Present for generated (and edited) images. */
  _job: Job | null;
  /** An edit (updateImage) that shows once its job is COMPLETED. */
  _pendingEdit?: PendingEdit<ImageRecord> | null;
}

export interface VideoRecord extends LibraryRecord {
  __typename: "Video";
  displayName: string | null;
  name: string | null;
  videoType: string;
  prompt: string | null;
  aspectRatio: string | null;
  duration: number | null;
  sessionId: string | null;
  model: string | null;
  _fileId: string | null;
  _thumbnailFileId: string | null;
  _job: Job | null;
  /** An edit (updateVideo) that shows once its job is COMPLETED. */
  _pendingEdit?: PendingEdit<VideoRecord> | null;
}

export interface AudioRecord extends LibraryRecord {
  __typename: "Audio";
  name: string | null;
  displayName: string | null;
  source: string;
  durationMs: number | null;
  model: string | null;
  musicProvider: string | null;
  _fileId: string | null;
  _job: Job | null;
  /** The background job that tracks a generated audio. */
  _jobId: string | null;
}

export interface LogoRecord extends LibraryRecord {
  __typename: "Logo";
  name: string;
  fileId: string | null;
  isBackgroundRemoved: boolean;
  _fileId: string | null;
}

export interface PromptAssetRecord extends LibraryRecord {
  __typename: "PromptAsset";
  displayName: string;
  text: string;
}

export interface CreativeRecord extends LibraryRecord {
  __typename: "Creative";
  name: string;
  thumbnailUrl: string | null;
  generationStatus: string;
}

export interface ProductRecord {
  __typename: "Product";
  id: string;
  workspaceId: WorkspaceId;
  name: string;
  description: string | null;
  category: string | null;
  price: number | null;
  currency: string | null;
  websiteUrl: string | null;
  createdAt: string;
  updatedAt: string;
  images: {
    id: string;
    url: string;
    fileId: string | null;
    sortOrder: number;
    isBackgroundRemoved: boolean;
    bgRemovalStatus: string | null;
    createdAt: string;
  }[];
  referencedImages: {
    id: string;
    url: string;
    status: string;
    aspectRatio: string | null;
    prompt: string | null;
    createdAt: string;
  }[];
}

export interface VideoSequenceRecord {
  __typename: "VideoSequence";
  id: string;
  workspaceId: WorkspaceId;
  name: string;
}

export type AssetRecord = ImageRecord | VideoRecord | AudioRecord | LogoRecord | PromptAssetRecord | CreativeRecord;

export interface Font {
  id: string;
  workspaceId: WorkspaceId;
  name: string;
  url: string;
  format: string;
  isCustom: boolean;
  isDefault: boolean;
  tag: string | null;
  note: string | null;
  createdAt: string;
}

export interface AssetTag {
  id: string;
  workspaceId: WorkspaceId;
  assetId: string;
  assetType: string;
  dimension: string | null;
  value: string;
  source: string;
  confidence: number | null;
}

export interface BackgroundJob {
  id: string;
  workspaceId: WorkspaceId;
  type: string;
  source: string | null;
  sourceId: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  _job: Job;
  children: { id: string; type: string; _job: Job; createdAt: string }[];
}

/** A stored file: uploaded bytes, or media the sandbox generated. */
export interface StoredFile {
  id: string;
  workspaceId: WorkspaceId;
  filename: string;
  contentType: string;
  category: string | null;
  /** Virtual-clock time of createSignedUploadUrl (or of generation). */
  requestedAt: number;
  /** When the signed form and URL stop working. */
  expiresAt: number;
  /** When an upload neither registered nor confirmed is deleted (1 to 2 hours after the request). */
  deleteAt: number;
  /** Path on disk once uploaded bytes arrived. */
  path: string | null;
  /** Media the sandbox renders on download instead of storing (generated and seeded files). */
  media: GeneratedMedia | null;
  size: number | null;
  /** Registered through uploadImage/Video/Audio, or confirmed, or generated: kept. */
  kept: "registered" | "confirmed" | "generated" | null;
}

/** A file the sandbox renders when downloaded: real bytes of its kind, stored nowhere. */
export type GeneratedMedia =
  | { kind: "png"; width: number; height: number; seed: number }
  | { kind: "wav"; durationMs: number; seed: number }
  | { kind: "mp4" };
