import type {
  AssetRecord,
  AssetTag,
  BackgroundJob,
  Board,
  Brand,
  BrandBook,
  BrandColor,
  CanvasCard,
  CanvasSection,
  Credits,
  Font,
  ProductRecord,
  StoredFile,
  VideoSequenceRecord,
  Workspace,
} from "./types.js";

/** Everything the sandbox knows, in insertion order (oldest first). */
export interface SandboxState {
  workspaces: Map<string, Workspace>;
  brands: Map<string, Brand>;
  brandBooks: Map<string, BrandBook>;
  brandColors: Map<string, BrandColor>;
  credits: Map<string, Credits>;
  boards: Map<string, Board>;
  cards: Map<string, CanvasCard>;
  sections: Map<string, CanvasSection>;
  /** Images, videos, audio, logos, prompts and creatives: the library. */
  assets: Map<string, AssetRecord>;
  products: Map<string, ProductRecord>;
  videoSequences: Map<string, VideoSequenceRecord>;
  fonts: Map<string, Font>;
  tags: Map<string, AssetTag>;
  backgroundJobs: Map<string, BackgroundJob>;
  files: Map<string, StoredFile>;
}

export function createState(): SandboxState {
  return {
    workspaces: new Map(),
    brands: new Map(),
    brandBooks: new Map(),
    brandColors: new Map(),
    credits: new Map(),
    boards: new Map(),
    cards: new Map(),
    sections: new Map(),
    assets: new Map(),
    products: new Map(),
    videoSequences: new Map(),
    fonts: new Map(),
    tags: new Map(),
    backgroundJobs: new Map(),
    files: new Map(),
  };
}
