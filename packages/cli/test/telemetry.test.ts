// Traces of a run (issue 31): with an OTLP endpoint set, the built bin sends one trace per run to the collector, its
// root named by the command and the client's requests under it; without one, it loads no part of the SDK.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SANDBOX_KEYS } from "@studio-kit/sandbox";
import { afterEach, describe, expect, it } from "vitest";
import { type OtlpCollector, startOtlpCollector } from "../../../scripts/vitest/otlp-collector.js";
import { tracesWanted } from "../src/telemetry.js";
import { startTestSandbox, studio } from "./support/studio.js";

const RECORDER = fileURLToPath(new URL("./support/record-modules.mjs", import.meta.url));
const PROMPT = "Zyxwordprompt a lighthouse owned by Qorvath";

/** A collector for this test, closed after it. */
const collectors: OtlpCollector[] = [];
async function startCollector(options: { status?: number } = {}): Promise<OtlpCollector> {
  const collector = await startOtlpCollector(options);
  collectors.push(collector);
  return collector;
}
afterEach(async () => {
  for (const collector of collectors.splice(0)) await collector.close();
});

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

/** The spans of OTLP/JSON bodies, with their resource's service.name. */
function spansOf(bodies: readonly string[]) {
  return bodies.flatMap((body) =>
    (
      JSON.parse(body) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: OtlpSpan[] }[];
        }[];
      }
    ).resourceSpans.flatMap((resourceSpans) => {
      const service = resourceSpans.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue;
      return resourceSpans.scopeSpans.flatMap((scope) => scope.spans.map((span) => ({ ...span, service })));
    }),
  );
}

describe("traces of a studio run", () => {
  it("are wanted only when an OTLP endpoint is set and the SDK's traces are not turned off", () => {
    expect(tracesWanted({})).toBe(false);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: " " })).toBe(false);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_TRACES_EXPORTER: "none" })).toBe(false);
  });

  it("sends one trace per run to the collector: the command, then its requests, with no prompt or key", async () => {
    const sandbox = await startTestSandbox();
    const collector = await startCollector();
    const ran = await studio(["image", PROMPT, "--json"], {
      env: { ...sandbox.env, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" },
    });
    expect(ran.code, ran.stderr).toBe(0);
    // Sent before the process ended (the bin shuts the SDK down after the run).
    const spans = spansOf(collector.bodies);
    const root = spans.find((span) => span.name === "studio image");
    expect(root?.parentSpanId ?? "").toBe("");
    expect(root?.service).toBe("studio-cli");
    const generate = spans.find((span) => span.name === "mutation GenerateImage");
    expect(generate?.traceId).toBe(root?.traceId);
    expect(generate?.parentSpanId).toBe(root?.spanId);
    // Every request of the run is in the one trace (the client's spans, under the command).
    const client = spans.filter((span) => /^(query|mutation) /.test(span.name));
    expect(client.length).toBeGreaterThan(1);
    expect(client.every((span) => span.traceId === root?.traceId)).toBe(true);
    const sent = collector.bodies.join("\n");
    for (const secret of ["Zyxwordprompt", "Qorvath", SANDBOX_KEYS.readWrite]) expect(sent).not.toContain(secret);
  });

  it("ends a run whose collector does not answer after a short wait, its output whole and its exit code kept", async () => {
    const sandbox = await startTestSandbox();
    // A port nothing listens on any more: every export is refused, and the exporter would retry for 10 s.
    const gone = await startCollector();
    for (const collector of collectors.splice(0)) await collector.close();
    const started = performance.now();
    const ran = await studio(["credits", "--json"], {
      env: { ...sandbox.env, OTEL_EXPORTER_OTLP_ENDPOINT: gone.url, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" },
    });
    expect(performance.now() - started).toBeLessThan(8_000);
    expect(ran.code).toBe(0);
    expect(ran.json<{ credits: unknown }>().credits).toBeDefined();
    expect(ran.stderr).toContain("the trace collector did not answer");
  });

  it("says what a collector that refuses the traces answered (HTTP 500), not that it did not answer", async () => {
    const sandbox = await startTestSandbox();
    const refusing = await startCollector({ status: 500 });
    const ran = await studio(["credits", "--json"], {
      env: { ...sandbox.env, OTEL_EXPORTER_OTLP_ENDPOINT: refusing.url, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" },
    });
    expect(ran.code).toBe(0);
    expect(ran.json<{ credits: unknown }>().credits).toBeDefined();
    expect(refusing.bodies.length).toBeGreaterThan(0);
    expect(ran.stderr).toContain("studio: the trace collector answered HTTP 500; this run's traces were not all sent.");
    expect(ran.stderr).not.toContain("did not answer");
  });

  it("loads no part of the SDK when no endpoint is set", async () => {
    const sandbox = await startTestSandbox();
    const dir = await mkdtemp(join(tmpdir(), "studio-modules-"));
    const file = join(dir, "loaded.txt");
    const ran = await studio(["credits", "--json"], {
      node: ["--import", RECORDER],
      env: { ...sandbox.env, STUDIO_RECORD_MODULES: file },
    });
    const loaded = (await readFile(file, "utf8")).split("\n").filter(Boolean);
    await rm(dir, { recursive: true, force: true });
    expect(ran.code).toBe(0);
    expect(loaded.some((url) => url.endsWith("/dist/bin.js"))).toBe(true);
    expect(loaded.filter((url) => url.includes("/@opentelemetry/sdk"))).toEqual([]);
  });
});
