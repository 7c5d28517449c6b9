import type { GenerationCommands, GenerationKind } from "@studio-kit/commands";

// The split between the tools and who acts: the tools (tools/*.ts) own the schemas, annotations, the credits rule
// and how results read; a backend owns how each action is done and as whom. createClientBackend acts with a
// workspace API key (the CLI's way); the Slack bot supplies one that acts as a Slack user, under its access rules,
// quotas, budget, durable jobs and history.

/** A generation a tool asks for: the typed command of the shared grammar (`@studio-kit/commands`), already read. */
export type GenerationRequest = GenerationCommands[GenerationKind];

/** How a record is polled: the API's three kinds (spec, Generation rules 1). */
export type RecordKind = "image" | "video" | "audio";

/** A progress step a backend reports while it waits; the server sends it as `notifications/progress`. */
export interface ToolProgress {
  /** Grows with each report (percent done over every record, 0-100). */
  progress: number;
  /** 100 when known. */
  total?: number;
  /** A short line for the person: "image img_1 running 40%". */
  message?: string;
}

/** What each backend action gets besides its input. */
export interface ToolContext {
  /** Aborted when the client cancels the request (`notifications/cancelled`) or the connection closes. */
  signal: AbortSignal;
  /** Reports progress; a no-op unless the client sent a progress token. Never throws. */
  progress(update: ToolProgress): Promise<void>;
  /** The tool being run, for a backend's history and logs: `generate_image`. */
  tool: string;
}

/** What a generation will cost, from the backend's checks, before anything is spent. */
export interface CostEstimate {
  /** Estimated credits (model's estimate × count), or null when the catalog gives none (the API decides). */
  cost: number | null;
  /** Every credit spendable now (daily free, bonus and balance), or null when the backend cannot say. */
  available: number | null;
  /** When more credits arrive, as an ISO time. */
  refillAt: string | null;
}

/**
 * A generation that passed the backend's checks (options against the catalog, access, quota, budget): what it will
 * cost, and whatever the backend needs to send it. Returned by `prepareGeneration`, handed back to
 * `startGeneration` unchanged.
 */
export interface PreparedGeneration {
  request: GenerationRequest;
  estimate: CostEstimate;
  /** The model that makes it, when the catalog names one. */
  model: { id: string; label: string | null } | null;
  /** The backend's own state (catalog, resolved board, ...): the tools never read it. */
  state?: unknown;
}

/** One record a generation makes, as an agent sees it. Never a signed download URL (a secret in logs). */
export interface GenerationRecord {
  id: string;
  kind: RecordKind;
  /** The API's status: QUEUED, RUNNING (or IN_PROGRESS), COMPLETED, FAILED, ... */
  status: string;
  progress: number | null;
  errorMessage: string | null;
}

/** A generation once sent: the handle `job_status` takes, and its records. */
export interface GenerationJob {
  /** What `job_status` takes to look this job up again. */
  jobId: string;
  kind: GenerationKind;
  records: GenerationRecord[];
  /** The estimate it was sent with. */
  estimatedCredits: number | null;
}

/** A finished (or failed) job with what came of it. */
export interface GenerationOutcome extends GenerationJob {
  /** True when every record is COMPLETED. */
  done: boolean;
  /** The board the results were put on (`board` in the request), when they were. */
  board?: BoardSummary & { created: boolean; added: number };
}

/** The credits a workspace (or a person, for a backend with a budget) can spend. */
export interface CreditsSummary {
  /** Every credit spendable now. */
  available: number;
  balance: number | null;
  bonus: number | null;
  dailyFreeRemaining: number | null;
  refillAt: string | null;
  /** What a backend with its own budget adds: "12 of 200 of today's budget left". */
  note?: string;
}

/** A model of the catalog, as `list_models` shows it. */
export interface ModelSummary {
  id: string;
  role: GenerationKind;
  label: string | null;
  estimatedCredits: number | null;
  isDefault: boolean;
  durations?: number[];
  resolutions?: string[];
  qualities?: string[];
  maxReferenceImages?: number | null;
}

/** A preset, as `list_presets` shows it. */
export interface PresetSummary {
  slug: string;
  name: string | null;
  outputFormat: string | null;
  stackable: boolean | null;
}

/** A library asset, as `search_library` shows it. */
export interface AssetSummary {
  id: string;
  /** The library's type, lower case: image, video, audio, prompt, logo, creative. */
  type: string;
  title: string | null;
  createdAt: string | null;
}

/** A board, as the board tools show it. */
export interface BoardSummary {
  id: string;
  title: string | null;
}

/** A card on a board. */
export interface CardSummary {
  id: string;
  /** What the card holds, as the API names it (IMAGE, VIDEO, AUDIO, ...). */
  assetType: string | null;
  assetId: string | null;
  x: number | null;
  y: number | null;
}

/** An asset to put on a board. */
export interface BoardAsset {
  assetType: "image" | "video" | "audio";
  assetId: string;
}

/**
 * The actions the studio's tools perform. Each takes its parsed input and a {@link ToolContext}; a refusal is a
 * thrown {@link StudioToolRefusal} (its message is shown to the agent as it is, so it must carry no secret); any
 * other error is reported as `internal` without its message. A generation is two calls: `prepareGeneration`
 * checks and prices it (sends no mutation), `startGeneration` sends it, exactly once.
 */
export interface StudioToolBackend {
  /** Checks a generation (options, access, quota, budget) and estimates its cost. Sends no generation. */
  prepareGeneration(request: GenerationRequest, context: ToolContext): Promise<PreparedGeneration>;
  /**
   * Sends the one generation mutation. Never retried once it may have reached the server; a failure after that
   * point must say that nothing is sent again.
   */
  startGeneration(prepared: PreparedGeneration, context: ToolContext): Promise<GenerationJob>;
  /**
   * Waits for a started job, reporting progress; puts the results on the request's board when it names one.
   * Stops polling at once when `context.signal` aborts (and rejects), sending nothing more.
   */
  waitForJob(job: GenerationJob, request: GenerationRequest, context: ToolContext): Promise<GenerationOutcome>;
  /** One look at a job (no waiting). Refuses `not_found` for a job id it does not know. */
  jobStatus(input: { jobId: string }, context: ToolContext): Promise<GenerationJob>;
  credits(context: ToolContext): Promise<CreditsSummary>;
  models(input: { role?: GenerationKind | undefined }, context: ToolContext): Promise<ModelSummary[]>;
  presets(input: { query?: string | undefined }, context: ToolContext): Promise<PresetSummary[]>;
  searchLibrary(
    input: { query?: string | undefined; types?: string[] | undefined; limit: number },
    context: ToolContext,
  ): Promise<AssetSummary[]>;
  listBoards(context: ToolContext): Promise<BoardSummary[]>;
  /** A board's cards; `board` is a board's id or title. */
  boardCards(input: { board: string }, context: ToolContext): Promise<{ board: BoardSummary; cards: CardSummary[] }>;
  addToBoard(
    input: { board: string; assets: BoardAsset[] },
    context: ToolContext,
  ): Promise<{ board: BoardSummary; cardIds: string[] }>;
  createBoard(input: { title: string }, context: ToolContext): Promise<BoardSummary>;
}
