import { createStudioClient, type StudioClient } from "@studio-kit/core";
import { createPoller, type Poller } from "@studio-kit/poller";
import type { CliIo } from "./io.js";
import type { Printer } from "./printer.js";
import type { Target } from "./settings.js";
import { tracedFetch } from "./traced-fetch.js";

/** What a command works with: the client, a poller made on first use, and the fetch downloads go through. */
export interface Session {
  client: StudioClient;
  poller(): Poller;
  fetch: typeof fetch;
  /** Where the API is: the base URL given, or the in-process sandbox's. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Mean generation time of the `--sandbox` sandbox. Short, so `--wait` answers within the poller's first tick
 * (5 s, the spec's polling rule) instead of keeping a person waiting for a second one.
 */
const SANDBOX_JOB_MS = 2000;

/**
 * Opens the session a command needs, only when it needs one: usage errors are found before this, so they send
 * nothing. `--sandbox` starts a seeded sandbox server in this process, on a free loopback port, with a clock that
 * follows real time, and closes it when the command ends; its state lasts for that one command.
 */
export async function openSession(target: Target, io: CliIo, printer: Printer): Promise<Session> {
  const fetcher = tracedFetch(io.fetch ?? globalThis.fetch, printer);
  let closeSandbox = async () => {};
  let apiKey: string;
  let baseUrl: string;
  if (target.kind === "sandbox") {
    // Imported here, not at the top: the sandbox (graphql-yoga, its schema, resolvers and seed) and what it pulls in
    // are more than half of the modules `studio` would load, and only `--sandbox` needs them. `studio --help` and
    // every run against the API leave it unloaded (test/lazy-sandbox.test.ts).
    const { createRealTimeClock, SANDBOX_KEYS, startSandboxServer } = await import("@studio-kit/sandbox");
    const server = await startSandboxServer({ port: 0, clock: createRealTimeClock(), jobMs: SANDBOX_JOB_MS });
    closeSandbox = () => server.close();
    apiKey = SANDBOX_KEYS.readWrite;
    baseUrl = server.url;
    printer.trace(`sandbox started at ${server.url} (its state lasts for this command)`);
  } else {
    ({ apiKey, baseUrl } = target);
  }
  const client = createStudioClient({ apiKey, baseUrl, fetch: fetcher });
  let poller: Poller | undefined;
  return {
    client,
    fetch: fetcher,
    baseUrl,
    poller: () => {
      poller ??= createPoller(client);
      return poller;
    },
    close: async () => {
      await closeSandbox();
    },
  };
}
