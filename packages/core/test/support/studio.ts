import { createSandbox, type Sandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createStudioClient, type StudioClient, type StudioClientOptions } from "../../src/index.js";

export const BASE_URL = "https://api.studio-kit.test";
export const GRAPHQL_URL = `${BASE_URL}/graphql`;

/** Every line a client logged, as its logger received it. */
export interface LogLine {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

export interface Harness {
  sandbox: Sandbox;
  client: StudioClient;
  /** Waits the client asked for between retries (nothing actually waits). */
  sleeps: number[];
  logs: LogLine[];
}

/**
 * The client against a fresh sandbox through msw: no ports, no real waiting
 * (the injected sleep records the back-off instead), jitter fixed at half.
 */
export function useStudio() {
  const server = setupServer();
  const sandboxes: Sandbox[] = [];
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(async () => {
    server.resetHandlers();
    await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
  });
  afterAll(() => server.close());

  return {
    server,
    create(options: Partial<StudioClientOptions> = {}): Harness {
      const sandbox = createSandbox({ jobMs: 1000 });
      sandboxes.push(sandbox);
      server.use(...sandboxHandlers(sandbox, BASE_URL));
      const sleeps: number[] = [];
      const logs: LogLine[] = [];
      const log = (level: string) => (fields: Record<string, unknown>, message: string) => {
        logs.push({ level, fields, message });
      };
      const client = createStudioClient({
        apiKey: sandbox.keys.readWrite,
        baseUrl: BASE_URL,
        sleep: async (ms, signal) => {
          if (signal?.aborted) throw signal.reason;
          sleeps.push(ms);
        },
        random: () => 0.5,
        logger: { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") },
        ...options,
      });
      return { sandbox, client, sleeps, logs };
    },
  };
}

/** How many times the sandbox executed an operation. */
export const executed = (sandbox: Sandbox, operationName: string) => sandbox.stats().operations[operationName] ?? 0;

/** Resolves with what a promise rejected with, failing if it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}
