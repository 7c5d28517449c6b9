// The studio API the bot and the board view share: ONE client, so the board view reads exactly what the bot
// wrote. The real API when STUDIO_API_KEY (+ STUDIO_BASE_URL) is set, else a sandbox: one already running at
// STUDIO_BASE_URL, or one started in this process on real time (as apps/slack-bot's main does).
import { createStudioClient, type StudioClient } from "@studio-kit/core";
import { createPoller, type Poller } from "@studio-kit/poller";
import { createRealTimeClock, SANDBOX_KEYS, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import type { BotAppOptions, Config } from "@studio-kit/slack-bot";

/** The studio side of the playground. */
export interface StudioSetup {
  studio: StudioClient;
  poller: Poller;
  /** The in-process sandbox, when one was started. */
  sandbox?: SandboxServer;
  kind: "sandbox" | "real";
  /** For the start-up lines; names variables, never values. */
  description: string;
  /** Ends the poller's waits and stops the in-process sandbox. */
  close(): Promise<void>;
}

/** How the studio side is built. */
export interface StudioSetupOptions {
  /** Mean generation time of the in-process sandbox, ms. */
  jobMs: number;
  /** Poll interval against a sandbox, ms (the real API gets the documented 5/10/15/20 s schedule). */
  pollMs: number;
  logger: BotAppOptions["logger"];
  /** The fetch the client sends with. Default the global one. */
  fetch?: typeof fetch;
}

/** How far the poller's clock jumps at close: past any deadline a wait started before could have. */
const CLOSE_JUMP_MS = 1e12;

/**
 * A poller clock on real time whose waits all end when the playground closes: `now()` jumps past every deadline
 * and the pending sleep returns, so the poller fails its waits at once instead of polling a stopped API for the
 * 15 minutes of its deadline (and keeping the process alive). Time keeps moving after the jump, so the poller's
 * loop never spins on a clock that stands still.
 */
function closableClock() {
  let closed = false;
  const sleepers = new Set<() => void>();
  return {
    now: () => Date.now() + (closed ? CLOSE_JUMP_MS : 0),
    sleep: (ms: number, signal?: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const done = () => {
          clearTimeout(timer);
          sleepers.delete(done);
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        const onAbort = () => {
          clearTimeout(timer);
          sleepers.delete(done);
          reject(signal?.reason);
        };
        const timer = setTimeout(done, ms);
        sleepers.add(done);
        signal?.addEventListener("abort", onAbort, { once: true });
      }),
    close() {
      closed = true;
      for (const wake of [...sleepers]) wake();
    },
  };
}

/** Builds the client (and the sandbox when needed) from the bot's configuration. */
export async function startStudio(config: Config, options: StudioSetupOptions): Promise<StudioSetup> {
  let apiKey: string;
  let baseUrl: string;
  let sandbox: SandboxServer | undefined;
  let description: string;
  if (config.studio.kind === "real") {
    ({ apiKey, baseUrl } = config.studio);
    description = "the real studio API (STUDIO_API_KEY, STUDIO_BASE_URL)";
  } else if (config.studio.baseUrl) {
    baseUrl = config.studio.baseUrl;
    apiKey = SANDBOX_KEYS.readWrite;
    description = "the sandbox at STUDIO_BASE_URL (no STUDIO_API_KEY)";
  } else {
    // Today's date on real time: generations finish while a person watches (about jobMs each), and credits show
    // a next refill in the future, not in January 2026.
    sandbox = await startSandboxServer({ port: 0, jobMs: options.jobMs, clock: createRealTimeClock() });
    baseUrl = sandbox.url;
    apiKey = SANDBOX_KEYS.readWrite;
    description = `an in-process sandbox, images in about ${(options.jobMs / 1000).toFixed(1)} s (no STUDIO_API_KEY)`;
  }
  const studio = createStudioClient({
    apiKey,
    baseUrl,
    logger: options.logger,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const clock = closableClock();
  // The sandbox has no rate limits and finishes in seconds: a short interval shows results as they land. The real
  // API gets the poller's default, the schedule the API documents.
  const poller = createPoller(studio, {
    clock,
    ...(config.studio.kind === "real" ? {} : { schedule: [options.pollMs], windowMs: 0 }),
  });
  return {
    studio,
    poller,
    ...(sandbox ? { sandbox } : {}),
    kind: config.studio.kind,
    description,
    close: async () => {
      clock.close();
      await sandbox?.close();
    },
  };
}
