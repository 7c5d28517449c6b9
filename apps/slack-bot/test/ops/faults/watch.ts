// What the fault tests read from outside the bot processes: each replica's /readyz, polled as a load balancer
// would (every 100 ms here, to see a short outage), and the results people see in slack-sim.
import type { SimMessage, SlackSim } from "@studio-kit/slack-sim";
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

/** Where one result message's images come from: a Slack file (and the title it was uploaded with) or a URL. */
function imageSources(sim: SlackSim, message: SimMessage): string[] {
  return (message.blocks ?? []).flatMap((block) => {
    if (block.type !== "image") return [];
    const id = (block.slack_file as { id?: string } | undefined)?.id;
    if (id) return [`slack_file ${id} (uploaded as “${sim.file(id)?.title ?? "no such file"}”)`];
    return [`URL ${String(block.image_url ?? (block.slack_file as { url?: string } | undefined)?.url)}`];
  });
}

/** What the run's result messages show, one line each: their prompt and their images' sources (a failure prints it). */
export function describeResults(sim: SlackSim, channel: string, prompts: readonly string[]): string {
  const messages = sim.conversation(channel).filter((message) => message.fromBot && !message.ephemeral);
  return messages
    .map((message) => {
      const prompt = prompts.find((candidate) => JSON.stringify(message.blocks).includes(`${candidate}"`));
      return `${prompt ?? message.text.slice(0, 80)}: ${imageSources(sim, message).join(", ") || "no image"}`;
    })
    .join("\n");
}

/**
 * Each prompt's result is in the channel exactly once (its progress replaced by the images, each a Slack file of its
 * own, uploaded for that prompt), and no progress message was posted twice. A mismatch prints what each result shows.
 */
export function expectOneResultEach(sim: SlackSim, channel: string, prompts: readonly string[]): void {
  const seen = () => describeResults(sim, channel, prompts);
  const messages = sim.conversation(channel).filter((message) => message.fromBot && !message.ephemeral);
  for (const prompt of prompts) {
    const forPrompt = messages.filter((message) => JSON.stringify(message.blocks).includes(`${prompt}"`));
    expect(forPrompt, `${prompt}\n${seen()}`).toHaveLength(1);
    const sources = imageSources(sim, forPrompt[0] as SimMessage);
    // Its own file: uploaded under a title that holds its prompt (a file is titled after its result).
    expect(sources, `${prompt}\n${seen()}`).toEqual([expect.stringMatching(/^slack_file /)]);
    expect(sources[0], `${prompt}\n${seen()}`).toContain(`${prompt}”`);
  }
  expect(messages, messages.map((message) => message.text.slice(0, 120)).join("\n")).toHaveLength(prompts.length);
  const progressPosts = sim
    .calls("chat.postMessage")
    .filter((call) => call.ok && call.args.channel === channel && String(call.args.text).includes(" so far"));
  expect(progressPosts).toHaveLength(prompts.length);
  const files = messages.flatMap((message) =>
    (message.blocks ?? []).flatMap((block) => ((block.slack_file as { id?: string })?.id ? [block.slack_file] : [])),
  );
  expect(new Set(files.map((file) => JSON.stringify(file))).size, seen()).toBe(prompts.length);
}
