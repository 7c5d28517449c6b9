// The page's plumbing without a browser: the long poll (web/poll.ts) with a fake API and a fake sleep (no network,
// no real waiting), the API client, and which conversation the sidebar opens for whom.
import { describe, expect, it } from "vitest";
import type { ConversationState } from "../src/shared/api.js";
import type { StateQuery } from "../web/api.js";
import { ApiError, createApi } from "../web/api.js";
import { backoff, watchConversation } from "../web/poll.js";
import { channelFor, dmsFor } from "../web/ui/sidebar.js";
import { WORKSPACE } from "./support/workspace.js";

const state = (version: number): ConversationState => ({ version, messages: [], modals: [] });
const abortError = () => Object.assign(new Error("aborted"), { name: "AbortError" });

describe("watching a conversation", () => {
  it("asks with the last version, reports only new versions, and stops quietly mid-request", async () => {
    const asked: (number | undefined)[] = [];
    const answers = [state(1), state(1), state(2)];
    const seen: number[] = [];
    const errors: unknown[] = [];
    let clock = 0;
    const watch = watchConversation({
      api: {
        state: (query: StateQuery, signal?: AbortSignal) => {
          asked.push(query.since);
          clock += 10_000; // as if the server held each request until its 10 s timeout
          const next = answers.shift();
          if (next) return Promise.resolve(next);
          // The last request hangs until the watch is stopped, as a held long poll does.
          return new Promise((_, reject) => signal?.addEventListener("abort", () => reject(abortError())));
        },
      },
      query: { user: "U0ALICE", channel: "C0GENERAL" },
      onState: (s) => {
        seen.push(s.version);
        if (s.version === 2) setTimeout(() => watch.stop(), 0);
      },
      onError: (error) => errors.push(error),
      sleep: async () => undefined,
      now: () => clock,
    });
    await watch.done;
    expect(asked).toEqual([undefined, 1, 1, 2]);
    expect(seen).toEqual([1, 2]);
    expect(errors).toEqual([]);
  });

  it("backs off after failures (0.5 s, 1 s, 2 s … 5 s) and recovers", async () => {
    const waits: number[] = [];
    let calls = 0;
    const watch = watchConversation({
      api: {
        state: async () => {
          calls += 1;
          if (calls <= 4) throw new ApiError("network", 0, "down");
          watch.stop();
          return state(7);
        },
      },
      query: { user: "U0ALICE", channel: "C0GENERAL" },
      onState: () => undefined,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await watch.done;
    expect(waits).toEqual([500, 1000, 2000, 4000]);
    expect(backoff(10)).toBe(5000);
  });

  it("waits between requests when a server answers at once with nothing new (no long poll)", async () => {
    const waits: number[] = [];
    let calls = 0;
    const watch = watchConversation({
      api: {
        state: async () => {
          calls += 1;
          if (calls === 3) watch.stop();
          return state(1);
        },
      },
      query: { user: "U0ALICE", channel: "C0GENERAL" },
      onState: () => undefined,
      sleep: async (ms) => {
        waits.push(ms);
      },
      now: () => 0,
    });
    await watch.done;
    expect(waits).toEqual([1000]);
  });
});

describe("the API client", () => {
  it("throws the server's code and message as an ApiError", async () => {
    const api = createApi({
      fetch: async () =>
        new Response(JSON.stringify({ error: "empty_text", message: "Type something first." }), { status: 400 }),
    });
    await expect(api.send({ user: "U0ALICE", channel: "C0GENERAL", text: "" })).rejects.toMatchObject({
      code: "empty_text",
      status: 400,
      detail: "Type something first.",
    });
  });

  it("builds the state query with thread and since", async () => {
    const urls: string[] = [];
    const api = createApi({
      fetch: async (input) => {
        urls.push(String(input));
        return new Response(JSON.stringify(state(3)));
      },
    });
    await api.state({ user: "U0ALICE", channel: "DU0ALICE", thread: "1.2", since: 2 });
    expect(urls).toEqual(["/api/state?user=U0ALICE&channel=DU0ALICE&thread=1.2&since=2"]);
  });
});

describe("choosing the conversation", () => {
  const workspace = WORKSPACE;

  it("lists only the person's own direct message with the bot", () => {
    expect(dmsFor(workspace, "U0BOB").map((c) => c.id)).toEqual(["DU0BOB"]);
  });

  it("keeps a channel across a user switch, and moves a DM to the new person's DM", () => {
    expect(channelFor(workspace, "U0BOB", "C0RANDOM")).toBe("C0RANDOM");
    expect(channelFor(workspace, "U0BOB", "DU0ALICE")).toBe("DU0BOB");
    expect(channelFor(workspace, "U0BOB", undefined)).toBe("C0GENERAL");
  });
});
