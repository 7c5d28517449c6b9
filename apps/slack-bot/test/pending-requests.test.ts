import { describe, expect, it } from "vitest";
import type { ImageCommand } from "../src/commands/types.js";
import { createMemoryPendingRequests, PENDING_TTL_MS } from "../src/services/pending-requests.js";

const command = { kind: "image", prompt: "a lighthouse", presets: [] } as unknown as ImageCommand;

describe("createMemoryPendingRequests", () => {
  it("hands a request out once; later takes read as used", async () => {
    const store = createMemoryPendingRequests();
    const id = await store.add({ user: "U1", channel: "C1", command });
    const [first, second] = await Promise.all([store.take(id, "U1"), store.take(id, "U1")]);
    expect(first).toEqual({ status: "taken", request: { user: "U1", channel: "C1", command } });
    expect(second).toEqual({ status: "used" });
    expect(await store.take(id, "U1")).toEqual({ status: "used" });
  });

  it("keeps the request for its asker when someone else clicks", async () => {
    const store = createMemoryPendingRequests();
    const id = await store.add({ user: "U1", channel: "C1", threadTs: "1.2", command });
    expect(await store.take(id, "U2")).toEqual({ status: "not-yours", user: "U1" });
    expect((await store.take(id, "U1")).status).toBe("taken");
  });

  it("expires after 10 minutes by default, and unknown ids are missing", async () => {
    let now = 1_000;
    const store = createMemoryPendingRequests({ now: () => now });
    const id = await store.add({ user: "U1", channel: "C1", command });
    const kept = await store.add({ user: "U1", channel: "C1", command });
    now += PENDING_TTL_MS - 1;
    expect((await store.take(kept, "U1")).status).toBe("taken");
    now += 1;
    expect(await store.take(id, "U1")).toEqual({ status: "missing" });
    expect(await store.take("pr_unknown", "U1")).toEqual({ status: "missing" });
    // A used id is forgotten once it would have expired.
    expect(await store.take(kept, "U1")).toEqual({ status: "missing" });
  });
});
