// The service's test over the sandbox's msw handlers (no port, no network) on a manual clock: the poller sleeps on
// it, the sandbox's generations move with it, and the upload's transfer goes through the tracker's fetch so that
// runUntilSettled waits for it like a request. Three 30-second generations take no real time.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createStudioClient, listCards } from "@studio-kit/core";
import { createManualClock, runUntilSettled, trackRequests } from "@studio-kit/poller/testing";
import { createSandbox } from "@studio-kit/sandbox";
import { SANDBOX_MSW_BASE_URL, sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";
import { createPosterService } from "./service.mjs";

// A 2×2 RGB PNG (79 bytes).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4AWN+Zum2StKE5dDCaVcUhAAnrAVj8vjkBAAAAABJRU5ErkJggg==",
  "base64",
);

test("puts three generated images and the uploaded PNG on a new board", async () => {
  const sandbox = createSandbox({ jobMs: 30_000 });
  const server = setupServer(...sandboxHandlers(sandbox));
  server.listen({ onUnhandledRequest: "error" });
  try {
    // baseUrl is the API root: the client adds /graphql.
    const client = createStudioClient({ apiKey: sandbox.keys.readWrite, baseUrl: SANDBOX_MSW_BASE_URL });
    const clock = createManualClock({ start: sandbox.clock.now(), onAdvance: (ms) => sandbox.advance(ms) });
    const tracker = trackRequests(client, clock);
    const service = createPosterService(tracker.client, {
      poller: { clock },
      upload: { fetch: tracker.fetch },
    });

    const start = clock.now();
    const made = await runUntilSettled(
      service.makeBoard({
        prompt: "a lighthouse at dusk",
        aspectRatio: "16:9",
        png: new Blob([PNG]),
        title: "Posters",
      }),
      { clock, tracker },
    );

    assert.deepEqual(
      made.images.map((image) => image.status),
      ["COMPLETED", "COMPLETED", "COMPLETED"],
    );
    const cards = await listCards(client, made.board);
    assert.deepEqual(
      cards.map((card) => card.assetId).sort(),
      [...made.images.map((image) => image.id), made.poster.id].sort(),
    );
    // The generations took virtual time (polls at 5, 15, 30 s ...), none of it real.
    assert.ok(clock.now() - start >= 30_000, `the clock moved ${clock.now() - start} ms`);
    assert.ok(tracker.requests.some((request) => request.operationName === "PollStatuses"));
  } finally {
    server.close();
    await sandbox.close();
  }
});
