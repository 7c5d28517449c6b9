import { createStudioClient, type StudioClient } from "@studio-kit/core";
import { createPoller, type Poller } from "@studio-kit/poller";
import { createManualClock, type ManualClock } from "@studio-kit/poller/testing";
import { SANDBOX_KEYS, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { afterEach } from "vitest";

/** A key whose workspace has 3 credits: an image of the default model (4 credits) is more than it has. */
export const POOR_KEY = "sk_mcp_poor";

/** A sandbox for one test with a poller on a manual clock: the test moves time, nothing waits for 5 s polls. */
export interface TestApi {
  server: SandboxServer;
  clock: ManualClock;
  poller: Poller;
  client(key?: string): StudioClient;
  /** Executed operations by name so far (`GenerateImage`: 1, `PollStatuses`: 3). */
  operations(): Record<string, number>;
}

const open: SandboxServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

/** Starts a sandbox (virtual clock, jobs of 12 s) whose clock moves with the poller's manual clock. */
export async function startTestApi(): Promise<TestApi> {
  const server = await startSandboxServer({
    port: 0,
    jobMs: 12_000,
    config: {
      workspaces: [{ id: "ws_mcp_poor", seeded: true, credits: 3, keys: [{ key: POOR_KEY }] }],
    },
  });
  open.push(server);
  const clock = createManualClock({ start: server.sandbox.clock.now(), onAdvance: (ms) => server.sandbox.advance(ms) });
  const client = (key: string = SANDBOX_KEYS.readWrite) => createStudioClient({ apiKey: key, baseUrl: server.url });
  const main = client();
  return {
    server,
    clock,
    poller: createPoller(main, { clock }),
    client: (key) => (key === undefined ? main : client(key)),
    operations: () => server.sandbox.stats().operations,
  };
}

/**
 * Settles `promise` while moving the manual clock: whenever the poller sleeps, its next sleep is run (the sandbox's
 * clock moves with it), and between steps the event loop turns so requests in flight are answered.
 */
export async function drive<T>(clock: ManualClock, promise: Promise<T>): Promise<T> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  while (!settled) {
    if (clock.pending() > 0) clock.runNext();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return promise;
}
