import { describe, expect, it, vi } from "vitest";
import { createVirtualClock, LATEST_CLOCK_TIME } from "../src/index.js";
import { graphqlInit, STACK_TRACE, useServers } from "./support/hardening.js";

// Issue 27, point 1: an advance past the last valid date answered 500 and broke the sandbox for good (every later
// request a text/plain 500 with a RangeError stack). Now it is refused with 400, and whatever fails inside the sandbox
// is answered with a JSON 500 that carries no stack, the details going to the log.
const start = useServers();

describe("advancing the clock past the last date it can reach", () => {
  // Sent as the probe sent them: the JSON text as written.
  it.each(["1e308", "9007199254740993", "8640000000000000"])("refuses %s ms with a 400 that says why", async (ms) => {
    const server = await start();
    const answer = await fetch(`${server.url}/__sandbox/advance`, { method: "POST", body: `{"ms": ${ms}}` });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("content-type")).toBe("application/json");
    const { error } = (await answer.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain("would move the clock past 9999-12-31T23:59:59.999Z");

    // The sandbox goes on answering, its clock where it was.
    expect(await (await fetch(`${server.url}/__sandbox/clock`)).json()).toEqual({ now: "2026-01-05T09:00:00.000Z" });
    const query = await fetch(
      server.graphqlUrl,
      graphqlInit(server.sandbox.keys.readWrite, JSON.stringify({ query: "{ apiCredentialWorkspace { id } }" })),
    );
    expect(await query.json()).toEqual({ data: { apiCredentialWorkspace: { id: "ws_acme" } } });
  });

  it("moves to the very last millisecond, and not one further", async () => {
    const server = await start();
    const room = LATEST_CLOCK_TIME - server.sandbox.clock.now();
    const to = (ms: number) => fetch(`${server.url}/__sandbox/advance`, { method: "POST", body: `{"ms": ${ms}}` });
    expect((await to(room + 1)).status).toBe(400);
    expect(await (await to(room)).json()).toEqual({ now: "9999-12-31T23:59:59.999Z" });
    expect((await to(1)).status).toBe(400);
    // Dates derived from the last time (a signed upload's expiry) are still dates: the API keeps answering.
    const upload = await fetch(
      server.graphqlUrl,
      graphqlInit(
        server.sandbox.keys.readWrite,
        JSON.stringify({
          query:
            'mutation { createSignedUploadUrl(category: UGC_IMAGE, filename: "a.png", contentType: "image/png", workspaceId: "ws_acme") { fileId } }',
        }),
      ),
    );
    expect(upload.status).toBe(200);
    expect(((await upload.json()) as { errors?: unknown }).errors).toBeUndefined();
  });

  it("refuses the same in code: sandbox.advance throws a RangeError and the clock stays", () => {
    const clock = createVirtualClock();
    expect(() => clock.advance(1e308)).toThrow(/would move the clock past 9999-12-31T23:59:59.999Z/);
    expect(clock.iso()).toBe("2026-01-05T09:00:00.000Z");
  });
});

describe("a failure inside the sandbox", () => {
  it("is a JSON 500 without a stack, reported with the error in full, and the next request is answered", async () => {
    const onError = vi.fn();
    let broken = false;
    const base = createVirtualClock();
    // The journal stamps each request with the clock's time before anything else runs: a clock that throws there
    // is what the RangeError did.
    const clock = {
      ...base,
      iso: (at?: number) => {
        if (broken) throw new RangeError("Invalid time value");
        return base.iso(at);
      },
    };
    const server = await start({ clock, onError });
    broken = true;
    for (const path of ["/graphql", "/__storage/put/file_x", "/__files/file_x/a.png", "/nowhere"]) {
      const answer = await fetch(`${server.url}${path}`, { method: "POST", body: "{}" });
      const text = await answer.text();
      expect(answer.status).toBe(500);
      expect(answer.headers.get("content-type")).toBe("application/json");
      expect(text).not.toMatch(STACK_TRACE);
      expect(JSON.parse(text)).toEqual({
        error: {
          code: "SANDBOX_ERROR",
          message: `The sandbox failed on POST ${path} (RangeError); the details are in its log. Other requests are not affected.`,
        },
      });
    }
    expect(onError).toHaveBeenCalledWith(expect.any(RangeError), { method: "POST", path: "/nowhere" });
    broken = false;
    expect((await fetch(`${server.url}/__sandbox/clock`)).status).toBe(200);
  });

  it("inside the router too: the answer names the request, never the error's stack or message", async () => {
    const onError = vi.fn();
    const server = await start({ onError });
    // The upload sweep runs before every request: a state that throws there fails the request inside the router.
    Object.defineProperty(server.sandbox.state, "files", {
      get() {
        throw new Error("EACCES: permission denied, open '/home/someone/secret/path'");
      },
    });
    const answer = await fetch(`${server.url}/__files/x/y.png`);
    const text = await answer.text();
    expect(answer.status).toBe(500);
    expect(text).not.toMatch(STACK_TRACE);
    expect(text).not.toContain("/home/someone");
    expect(onError).toHaveBeenCalledOnce();
  });
});
