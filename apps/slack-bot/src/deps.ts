import type { StudioClient, StudioTracer } from "@studio-kit/core";
import type { Poller } from "@studio-kit/poller";
import type { Config } from "./config.js";
import type { BotLogger } from "./logger.js";
import type { StudioReach } from "./ops/studio-fetch.js";
import type { AccessPolicy } from "./services/access.js";
import type { ConversationKinds } from "./services/conversation-kinds.js";
import type { FunctionSteps } from "./services/function-steps.js";
import type { JobLeases } from "./services/job-leases.js";
import type { KeyMode } from "./services/key-mode.js";
import type { PreviewImages } from "./services/preview-images.js";
import type { SlackPacer } from "./services/slack-pacer.js";
import type { StudioDataCache } from "./services/studio-data.js";
import type { Throttle } from "./services/throttle.js";
import type { BotStore } from "./store/types.js";

export type { BotLogger } from "./logger.js";

/** What every listener gets: the configuration and the services, created once in `createBotApp`. */
export interface BotDeps {
  config: Config;
  studio: StudioClient;
  poller: Poller;
  logger: BotLogger;
  studioData: StudioDataCache;
  /** Limits progress updates per message (chat.update is rate limited). */
  throttle: Throttle;
  /**
   * Keeps Slack Web API calls within each method's limit (chat.update, chat.postMessage per channel, chat.delete,
   * the file uploads), counted in the store so replicas share it. Optional: without it the flows share one pacer
   * per deps object, in memory (`flows/updates.ts`).
   */
  pacer?: SlackPacer;
  /**
   * How results reach Slack: `spread` (default) over chat.update and chat.postMessage, finals first;
   * `update-only` is the design before it (every result through chat.update), kept as the benchmark's baseline.
   */
  delivery?: "spread" | "update-only";
  /** Waits `ms` (tests move their clock). Default a timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Everything kept across restarts: jobs, channel defaults, confirmations, handled events, claims. */
  store: BotStore;
  /** Milliseconds since the epoch: job times and quota windows read it. */
  now: () => number;
  /** Who may spend credits (STUDIO_ALLOWED_*). */
  access: AccessPolicy;
  /** Whether the studio key is known to be read-only (learned from a refused mutation). */
  keyMode: KeyMode;
  /** The jobs this replica works on, and its leases on them (several replicas share one store). */
  leases: JobLeases;
  /**
   * Aborted once the app stopped and handed its jobs on (`stop()`): every wait for a generation passes it, so a
   * stopped replica stops polling the jobs it no longer holds. Optional: without it waits run to their end.
   */
  stopped?: AbortSignal;
  /**
   * Whether the studio API answers, as the bot's requests found it (ops/studio-fetch.ts): a job's progress says
   * "the studio is not answering, still trying" while it does not. Optional: without it progress never says so.
   */
  studioReach?: StudioReach;
  /**
   * The bot's spans (ops/tracing/): over the provider the studio client uses, the global one unless it was given
   * another. Optional: without it, ops/tracing/spans.ts `tracerOf` makes one from `studio`.
   */
  tracer?: StudioTracer;
  /**
   * Completes Workflow Builder steps (functions.complete*: decision 0022). Optional: without it a job never completes
   * a step (a deps object built for a test that runs none).
   */
  functionSteps?: FunctionSteps;
  /**
   * Whether a conversation is a public channel (conversations.info). Optional: without it every conversation reads
   * as not public, and `/studio show` keeps someone else's result where it was made.
   */
  conversations?: ConversationKinds;
  /**
   * Where a Work Object's images are shown from: an unsigned URL, else a Slack file the bot uploads once (decision
   * 0027). Optional: without it only unsigned URLs are shown, and an image with a signed one has no preview.
   */
  previews?: PreviewImages;
  /**
   * Tells the board's Work Objects that the bot changed it (a card added): its unfurls the store knows are unfurled
   * again with the new count (flows/board-refresh.ts, decision 0027). Returns at once; the refresh runs on its own.
   * Optional: without it nothing is refreshed.
   */
  boardChanged?: (boardId: string) => void;
}
