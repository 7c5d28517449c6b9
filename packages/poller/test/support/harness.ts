import { createStudioClient, generateImages, type StudioClientOptions } from "@studio-kit/core";
import { GenerateMusicTrackDocument, GenerateVideoDocument } from "@studio-kit/operations";
import { createSandbox, type Sandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createPoller, type PollerOptions } from "../../src/index.js";
import { advanceBy, createManualClock, quiesce, runUntilSettled, trackRequests } from "../../src/testing/index.js";

export const BASE_URL = "https://api.studio-kit.test";
export const GRAPHQL_URL = `${BASE_URL}/graphql`;

export interface HarnessOptions {
  /** Mean generation time on the sandbox's clock. Default 20000 (images 15-25 s). */
  jobMs?: number;
  poller?: Omit<PollerOptions, "clock">;
  client?: Partial<StudioClientOptions>;
}

/**
 * A poller over the sandbox through msw, on a manual clock that also moves the
 * sandbox's virtual clock: generation time and poll time move together, and no
 * test waits for real time. Core's retries do not wait either.
 */
export function usePoller() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  return {
    server,
    create(options: HarnessOptions = {}) {
      const sandbox = createSandbox({ jobMs: options.jobMs ?? 20_000 });
      server.use(...sandboxHandlers(sandbox, BASE_URL));
      const clock = createManualClock({ start: sandbox.clock.now(), onAdvance: (ms) => sandbox.advance(ms) });
      const start = clock.now();
      const raw = createStudioClient({
        apiKey: sandbox.keys.readWrite,
        baseUrl: BASE_URL,
        sleep: async (_ms, signal) => {
          if (signal?.aborted) throw signal.reason;
        },
        ...options.client,
      });
      const tracker = trackRequests(raw, clock);
      const client = tracker.client;
      const poller = createPoller(client, { clock, ...options.poller });
      const polls = () => tracker.requests.filter((request) => request.operationName === "PollStatuses");

      return {
        sandbox,
        clock,
        tracker,
        client,
        poller,
        polls,
        /** Seconds since the harness started, of every coalesced request. */
        pollTimes: () => polls().map((request) => (request.at - start) / 1000),
        /** Seconds since the harness started, of every coalesced request that read `id`. */
        timesOf: (id: string) =>
          polls().flatMap((request) =>
            Object.values(request.variables).includes(id) ? [(request.at - start) / 1000] : [],
          ),
        /** Seconds since the harness started. */
        elapsed: () => (clock.now() - start) / 1000,
        /** Moves the clock to the next sleep and returns as soon as the request it sets off is in flight. */
        sendNext: async () => {
          await quiesce(tracker);
          clock.runNext();
          for (let turn = 0; turn < 1_000 && tracker.inFlight() === 0; turn += 1) await Promise.resolve();
          if (tracker.inFlight() === 0) throw new Error("no request went out");
        },
        /** Moves time forward by `ms`, letting every poll on the way be answered. */
        advance: (ms: number) => advanceBy(ms, { clock, tracker }),
        run: <T>(promise: Promise<T>, until?: number) =>
          runUntilSettled(promise, { clock, tracker, ...(until === undefined ? {} : { until: start + until }) }),
        image: async (prompt = "a lighthouse at dusk") =>
          (await generateImages(client, { prompt, aspectRatio: "16:9" }))[0]?.id ?? "",
        video: async (prompt = "waves on a pier") => {
          const workspaceId = await client.workspaceId();
          const { generateVideo } = await client.request(GenerateVideoDocument, {
            workspaceId,
            prompt,
            aspectRatio: "16:9",
          });
          return generateVideo?.video?.id ?? "";
        },
        music: async (prompt = "calm piano") => {
          const workspaceId = await client.workspaceId();
          const { generateMusicTrack } = await client.request(GenerateMusicTrackDocument, {
            workspaceId,
            provider: "ember",
            prompt,
          });
          return { audioId: generateMusicTrack?.audioId ?? "", jobId: generateMusicTrack?.jobId ?? "" };
        },
      };
    },
  };
}

export type Harness = ReturnType<ReturnType<typeof usePoller>["create"]>;

/**
 * An msw handler in front of the sandbox for the coalesced request: `rewrite`
 * may change the sandbox's JSON answer (statuses, nulls) before the client sees it.
 */
export interface PollBody {
  data?: Record<string, Record<string, unknown> | null>;
  errors?: unknown[];
}

export function rewritePolls(sandbox: Sandbox, rewrite: (body: PollBody) => void) {
  return http.post(GRAPHQL_URL, async ({ request }) => {
    const { operationName } = (await request.clone().json()) as { operationName?: string };
    const response = await sandbox.handle(request);
    if (operationName !== "PollStatuses") return response;
    const body = (await response.json()) as PollBody;
    rewrite(body);
    return HttpResponse.json(body as Record<string, unknown>, { status: response.status });
  });
}

/** Seconds between consecutive polls (rounded to the millisecond). */
export const gaps = (times: readonly number[]): number[] =>
  times.slice(1).map((time, index) => Math.round((time - (times[index] ?? 0)) * 1000) / 1000);

/** Resolves with what a promise rejected with, failing if it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

/** When the sandbox's job behind a record ends, on its clock. */
export function completesAt(sandbox: Sandbox, id: string): number {
  const record = sandbox.state.assets.get(id) as
    | { _job?: { startedAt: number; durationMs: number } | null }
    | undefined;
  const job = record?._job;
  if (!job) throw new Error(`no job behind ${id}`);
  return job.startedAt + job.durationMs;
}
