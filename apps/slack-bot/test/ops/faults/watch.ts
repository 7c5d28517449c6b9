// What the fault tests read from outside the bot processes: each replica's /readyz, polled as a load balancer
// would (every 100 ms here, to see a short outage), and the results people see in slack-sim.
import type { SlackSim } from "@studio-kit/slack-sim";
import { expect } from "vitest";

/** One /readyz answer: when, its status, the failing checks' names ("unreachable" when nothing answered). */
export interface ReadySample {
  at: number;
  status: number;
  failing: string[];
}

/** Polls `${origin}/readyz` until stopped. */
export function watchReadiness(origin: string, everyMs = 100): { samples: ReadySample[]; stop(): void } {
  const samples: ReadySample[] = [];
  let stopped = false;
  const poll = async () => {
    while (!stopped) {
      const at = Date.now();
      try {
        const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5_000) });
        const body = (await response.json()) as { failing?: string[] };
        samples.push({ at, status: response.status, failing: body.failing ?? [] });
      } catch {
        samples.push({ at, status: 0, failing: ["unreachable"] });
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  void poll();
  return {
    samples,
    stop: () => {
      stopped = true;
    },
  };
}

/** The readiness story after `since`: the distinct states in order ("200", "503:store", ...). */
export function story(samples: readonly ReadySample[], since: number): string[] {
  const states = samples
    .filter((sample) => sample.at >= since)
    .map((sample) => (sample.status === 200 ? "200" : `${sample.status}:${sample.failing.join(",")}`));
  return states.filter((state, index) => index === 0 || state !== states[index - 1]);
}

/**
 * Each prompt's result is in the channel exactly once (its progress replaced by the images, each its own file), and
 * no progress message was posted twice.
 */
export function expectOneResultEach(sim: SlackSim, channel: string, prompts: readonly string[]): void {
  const messages = sim.conversation(channel).filter((message) => message.fromBot && !message.ephemeral);
  for (const prompt of prompts) {
    const forPrompt = messages.filter((message) => JSON.stringify(message.blocks).includes(`${prompt}"`));
    expect(forPrompt, prompt).toHaveLength(1);
    expect(JSON.stringify(forPrompt[0]?.blocks), prompt).toContain('"type":"image"');
  }
  expect(messages, messages.map((message) => message.text.slice(0, 120)).join("\n")).toHaveLength(prompts.length);
  const progressPosts = sim
    .calls("chat.postMessage")
    .filter((call) => call.ok && call.args.channel === channel && String(call.args.text).includes(" so far"));
  expect(progressPosts).toHaveLength(prompts.length);
  const files = messages.flatMap((message) =>
    (message.blocks ?? []).flatMap((block) => ((block.slack_file as { id?: string })?.id ? [block.slack_file] : [])),
  );
  expect(new Set(files.map((file) => JSON.stringify(file))).size).toBe(prompts.length);
}
