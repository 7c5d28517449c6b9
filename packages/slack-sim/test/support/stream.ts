import { webApi } from "@slack/bolt";
import { createSlackSim, SIM_WORKSPACE, type SlackSim, type SlackSimOptions } from "../../src/index.js";
import { BOT_TOKEN, SIGNING_SECRET } from "./bolt.js";

/** A started sim whose clock a test can move, a WebClient on it, and helpers for streams in #general. */
export interface StreamHarness {
  sim: SlackSim;
  client: webApi.WebClient;
  /** Moves the sim's clock forward (it stays near real time otherwise). */
  advance(ms: number): void;
  /** A person's message in #general: the request a stream answers in its thread. */
  ask(text?: string): Promise<string>;
  /** The arguments every channel stream needs: the thread and the recipient. */
  target(threadTs: string): {
    channel: string;
    thread_ts: string;
    recipient_user_id: string;
    recipient_team_id: string;
  };
  close(): Promise<void>;
}

export async function startStreamHarness(options: Partial<SlackSimOptions> = {}): Promise<StreamHarness> {
  let offset = 0;
  const sim = createSlackSim({
    signingSecret: SIGNING_SECRET,
    botToken: BOT_TOKEN,
    appUrl: "http://127.0.0.1:9/unused",
    // People's messages are posted before the event is sent; an app that acks everything is enough here.
    fetch: async () => new Response("", { status: 200 }),
    clock: { now: () => Date.now() + offset },
    ...options,
  });
  await sim.start();
  // No retries and no sleeping on 429: a refusal must reach the test as it is.
  const client = new webApi.WebClient(BOT_TOKEN, {
    slackApiUrl: sim.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    // The SDK logs a refusal's response_metadata messages; the tests read the refusals themselves.
    logger: silentLogger(),
  });
  return {
    sim,
    client,
    advance: (ms) => {
      offset += ms;
    },
    ask: async (text = "make a fox") => (await sim.message({ user: "U0ALICE", channel: "C0GENERAL", text })).ts ?? "",
    target: (threadTs) => ({
      channel: "C0GENERAL",
      thread_ts: threadTs,
      recipient_user_id: "U0ALICE",
      recipient_team_id: SIM_WORKSPACE.teamId,
    }),
    close: () => sim.close(),
  };
}

function silentLogger() {
  const nothing = () => undefined;
  return {
    debug: nothing,
    info: nothing,
    warn: nothing,
    error: nothing,
    setLevel: nothing,
    getLevel: () => "error" as never,
    setName: nothing,
  };
}

/** The Slack error code of a refused call (undefined when it succeeded). */
export const errorOf = (promise: Promise<unknown>): Promise<string | undefined> =>
  promise.then(
    () => undefined,
    (error: { data?: { error?: string } }) => error.data?.error ?? String(error),
  );

/** A `task_update` chunk. */
export const task = (id: string, title: string, status: string, details?: string) => ({
  type: "task_update" as const,
  id,
  title,
  status: status as "pending" | "in_progress" | "complete" | "error",
  ...(details ? { details } : {}),
});

/** `count` section blocks. */
export const sections = (count: number, prefix = "b") =>
  Array.from({ length: count }, (_, i) => ({
    type: "section" as const,
    text: { type: "mrkdwn" as const, text: `${prefix}${i}` },
  }));
