// The bot as `pnpm start` runs it (dist/main.js, a child process) with OTEL_EXPORTER_OTLP_ENDPOINT set: main.ts
// starts OpenTelemetry's SDK, says where traces go, and on SIGTERM sends the spans still batched before it exits
// (decision 0023). The collector is an HTTP server in this test taking OTLP/JSON.
import { createRealTimeClock, type SandboxServer, startSandboxServer } from "@studio-kit/sandbox";
import { createSlackSim, type SlackSim } from "@studio-kit/slack-sim";
import { afterEach, describe, expect, it } from "vitest";
import { startOtlpCollector } from "../../../../scripts/vitest/otlp-collector.js";
import { BOT_TOKEN, eventually, SIGNING_SECRET } from "./harness.js";
import { type BotProcess, botProcessEnv, kill, startBotProcess } from "./processes.js";
import { findSentinels } from "./sentinel.js";

const CHANNEL = "C0GENERAL";

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string };
}
interface OtlpBody {
  resourceSpans: {
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: { spans: { name: string; traceId: string; parentSpanId?: string }[] }[];
  }[];
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe("the bot process with an OTLP endpoint", () => {
  it("sends its traces to the collector, service studio-slack-bot, and flushes them when stopped", async () => {
    const collector = await startOtlpCollector();
    cleanup.push(collector.close);
    const { url: collectorUrl, bodies } = collector;

    const sandbox: SandboxServer = await startSandboxServer({ port: 0, jobMs: 300, clock: createRealTimeClock() });
    cleanup.push(() => sandbox.close());
    let bot: BotProcess | undefined;
    const sim: SlackSim = createSlackSim({
      signingSecret: SIGNING_SECRET,
      botToken: BOT_TOKEN,
      appUrl: () => `http://127.0.0.1:${bot?.port}/slack/events`,
    });
    await sim.start();
    cleanup.push(() => sim.close());
    bot = await startBotProcess(
      botProcessEnv(sim.apiUrl, sandbox.url, {
        STUDIO_BOT_DB: ":memory:",
        OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
        OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      }),
    );
    const running = bot;
    cleanup.push(() => kill(running, "SIGKILL"));
    expect(running.output.find((line) => line.includes("Studio bot running"))).toContain(`traces to ${collectorUrl}`);

    await sim.command({ user: "U0ALICE", channel: CHANNEL, text: "image a lighthouse Zyxwordprompt" });
    await eventually(() => {
      const result = sim.conversation(CHANNEL).find((m) => m.metadata?.event_type === "studio_job_finished");
      expect(result).toBeDefined();
    });
    // The SDK batches spans for 5 s: the stop must send them (main.ts shuts the SDK down before it exits).
    await kill(running, "SIGTERM");
    expect(running.child.exitCode).toBe(0);

    const sent = bodies.map((body) => JSON.parse(body) as OtlpBody).flatMap((body) => body.resourceSpans);
    const services = new Set(
      sent.map((r) => r.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue),
    );
    expect([...services]).toEqual(["studio-slack-bot"]);
    const spans = sent.flatMap((r) => r.scopeSpans.flatMap((scope) => scope.spans));
    const root = spans.find((span) => span.name === "slack command /studio");
    expect(root?.parentSpanId ?? "").toBe("");
    const inTrace = spans.filter((span) => span.traceId === root?.traceId).map((span) => span.name);
    expect(inTrace).toEqual(
      expect.arrayContaining(["studio.job", "mutation GenerateImage", "studio.poll.wait", "studio.job.deliver"]),
    );
    // What went to the collector holds no secret of the bot's and not the prompt, nor the command line.
    expect(findSentinels(bodies)).toEqual([]);
    expect(bodies.join("\n")).not.toContain("Zyxwordprompt");
    expect(bodies.join("\n")).not.toContain("process.command");
  }, 30_000);
});
