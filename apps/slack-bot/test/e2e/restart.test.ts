// Exactly once across a crash, measured: the bot runs as its own process (dist/main.js, as `pnpm start` runs it),
// with its state in a SQLite file, against slack-sim and a sandbox in this process. Ten generations are put in
// flight, the process is killed with SIGKILL, the generations finish while it is down, and a new process on the
// same file must post all ten results exactly once without sending any generation again.
import type { SandboxServer } from "@studio-kit/sandbox";
import { deliveredEvent, type SlackSim } from "@studio-kit/slack-sim";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "./harness.js";
import { kill, type RestartRig, sqliteRows, startRestartRig } from "./processes.js";
import { findSentinels } from "./sentinel.js";

const CHANNEL = "C0GENERAL";
const GENERATIONS = 10;

/** The jobs as the bot's SQLite file counts them, by state and outcome. */
const jobStates = (path: string) =>
  sqliteRows<{ state: string; outcome: string | null; n: number }>(
    path,
    "SELECT state, outcome, COUNT(*) AS n FROM jobs GROUP BY state, outcome",
  );

describe("the bot killed with SIGKILL while generations are in flight", () => {
  let rig: RestartRig;
  let sandbox: SandboxServer;
  let sim: SlackSim;

  beforeAll(async () => {
    rig = await startRestartRig("restart");
    ({ sandbox, sim } = rig);
  });

  afterAll(async () => {
    await rig?.close();
  });

  it("posts all ten results exactly once after a restart, sends no generation again and ignores a redelivered mention", async () => {
    const first = await rig.start();
    const prompts = Array.from(
      { length: GENERATIONS },
      (_, index) => `a red fox on snow, number ${index + 1} of ${GENERATIONS}`,
    );
    // Nine slash commands and one mention, from three people.
    for (const [index, prompt] of prompts.slice(0, -1).entries()) {
      await sim.command({ user: `U0PERSON${index % 3}`, channel: CHANNEL, text: `image ${prompt}` });
    }
    const mention = deliveredEvent(
      await sim.mention({ user: "U0PERSON0", channel: CHANNEL, text: `<@U0SIMBOT1> ${prompts.at(-1)}` }),
    );

    // Midway: every generation was sent and is being polled, none has finished.
    await eventually(() => {
      expect(jobStates(rig.dbPath)).toEqual([{ state: "running", outcome: null, n: GENERATIONS }]);
    });
    expect(sandbox.sandbox.stats().operations.GenerateImage).toBe(GENERATIONS);

    await kill(first, "SIGKILL");
    sandbox.sandbox.advance(10 * 60_000); // every generation finishes while no bot runs

    const second = await rig.start();
    await eventually(() => {
      const states = jobStates(rig.dbPath);
      expect(states, second.output.join("\n")).toEqual([{ state: "done", outcome: "completed", n: GENERATIONS }]);
    });

    // Slack redelivers the mention to the new process: it was handled before the kill, so nothing runs again.
    await sim.redeliver(mention.eventId, { num: 1, reason: "http_timeout" });
    await new Promise((resolve) => setTimeout(resolve, 300));

    // No generation mutation was sent again.
    expect(sandbox.sandbox.stats().operations.GenerateImage).toBe(GENERATIONS);

    // Each request's result is posted exactly once: one message per prompt, its progress replaced by the results.
    const messages = [...sim.conversation(CHANNEL), ...sim.thread(CHANNEL, mention.ts ?? "").slice(1)].filter(
      (message) => message.fromBot && !message.ephemeral,
    );
    const results = messages;
    for (const prompt of prompts) {
      const forPrompt = results.filter((message) => JSON.stringify(message.blocks).includes(prompt));
      expect(forPrompt, prompt).toHaveLength(1);
      expect(JSON.stringify(forPrompt[0]?.blocks)).toContain('"type":"image"');
      expect(forPrompt[0]?.text).not.toMatch(/working on it|Generating/i);
    }
    expect(results).toHaveLength(GENERATIONS);
    // The progress messages (posted, or streamed in the mention's thread: decision 0019), none re-posted.
    expect(sim.calls("chat.postMessage").length + sim.calls("chat.startStream").length).toBe(GENERATIONS);
    // And each result shows its own image, hosted in Slack.
    const files = messages.flatMap((message) =>
      (message.blocks ?? []).flatMap((block) => ((block.slack_file as { id?: string })?.id ? [block.slack_file] : [])),
    );
    expect(files).toHaveLength(GENERATIONS);
    expect(new Set(files.map((file) => JSON.stringify(file))).size).toBe(GENERATIONS);
    expect(second.output.join("\n")).toContain("claimed unfinished jobs");
    // Neither process wrote its bot token or signing secret anywhere.
    expect(findSentinels([...first.output, ...second.output])).toEqual([]);
    // The built bot started twice as a child process: the first posts ten progress messages in one channel at
    // chat.postMessage's pace (a burst of 3, then one every 1.05 s), and the second claims the jobs only once the
    // first one's 3 s leases have run out, in real time.
  }, 90_000);
});
