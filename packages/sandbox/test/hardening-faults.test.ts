import { describe, expect, it } from "vitest";
import { MAX_ADMIN_BODY_BYTES, MAX_FAULTS } from "../src/http/limits.js";
import { createSandbox, FaultError } from "../src/index.js";
import { useServers } from "./support/hardening.js";

// Issue 27, point 2: 40,000 faults in one POST took 92 s and 2 million froze the process, because each one was
// checked against every other for a duplicate id. Ids are now kept in a Set, at most MAX_FAULTS faults are in place,
// a list that could not fit is refused before any of it is parsed, and admin bodies are capped.
const start = useServers();
const status = () => ({ kind: "status" as const, status: 503 as const, operation: "Nothing" });

describe("the fault admin under a flood", () => {
  it("refuses 40,000 faults at once (2 MB) with a 413, and adds nothing", async () => {
    const server = await start();
    const flood = Array.from({ length: 40_000 }, () => status());
    const answer = await fetch(`${server.url}/__sandbox/faults`, { method: "POST", body: JSON.stringify(flood) });
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(server.sandbox.faults.list()).toEqual([]);
  });

  it(`refuses a list that would pass ${MAX_FAULTS} faults with a 400 naming the limit, before parsing it`, async () => {
    const server = await start();
    // Not one of them is a valid fault: the count is refused before any is parsed.
    const list = Array.from({ length: MAX_FAULTS + 1 }, () => ({ kind: "nonsense" }));
    const answer = await fetch(`${server.url}/__sandbox/faults`, { method: "POST", body: JSON.stringify(list) });
    expect(answer.status).toBe(400);
    const { error } = (await answer.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("BAD_FAULT");
    expect(error.message).toContain(`at most ${MAX_FAULTS} faults can be in place at once; 0 are, and this adds 1001`);
  });

  it(`takes ${MAX_FAULTS} at once, each with its own id, and refuses one more`, async () => {
    const server = await start();
    const list = Array.from({ length: MAX_FAULTS }, (_, index) => ({ ...status(), id: `f${index}` }));
    const added = await fetch(`${server.url}/__sandbox/faults`, { method: "POST", body: JSON.stringify(list) });
    expect(added.status).toBe(201);
    expect(new Set(server.sandbox.faults.list().map((fault) => fault.id)).size).toBe(MAX_FAULTS);
    const more = await fetch(`${server.url}/__sandbox/faults`, { method: "POST", body: JSON.stringify(status()) });
    expect(more.status).toBe(400);
    expect(() => server.sandbox.faults.add(status())).toThrow(FaultError);
    // Cleared, the room is back; a cleared id can be used again.
    expect(await (await fetch(`${server.url}/__sandbox/faults/f7`, { method: "DELETE" })).json()).toEqual({
      removed: 1,
    });
    expect(server.sandbox.faults.add({ ...status(), id: "f7" }).id).toBe("f7");
  });

  it("still refuses a duplicate id, and a list with one adds none of it", async () => {
    const sandbox = createSandbox();
    sandbox.faults.add({ ...status(), id: "taken" });
    const answer = await sandbox.handle(
      new Request("http://sandbox.test/__sandbox/faults", {
        method: "POST",
        body: JSON.stringify([status(), { ...status(), id: "taken" }]),
      }),
    );
    expect(answer.status).toBe(400);
    expect(sandbox.faults.list().map((fault) => fault.id)).toEqual(["taken"]);
    await sandbox.close();
  });

  it("names generated ids past the ones taken by hand", () => {
    const sandbox = createSandbox();
    sandbox.faults.add({ ...status(), id: "flt_1" });
    sandbox.faults.add({ ...status(), id: "flt_2" });
    expect(sandbox.faults.add(status()).id).toBe("flt_3");
  });

  it.each(["/__sandbox/faults", "/__sandbox/advance"])(
    "refuses a body over the admin limit at %s with 413",
    async (path) => {
      const server = await start();
      const body = JSON.stringify({ kind: "status", status: 503, operation: "x".repeat(MAX_ADMIN_BODY_BYTES) });
      const answer = await fetch(`${server.url}${path}`, { method: "POST", body });
      expect(answer.status).toBe(413);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
      expect(server.sandbox.faults.list()).toEqual([]);
    },
  );
});
