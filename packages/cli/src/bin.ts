#!/usr/bin/env node
import { createInterface } from "node:readline/promises";
import type { CliIo } from "./io.js";
import { runStudio } from "./run.js";
import { startTelemetry } from "./telemetry.js";
import { VERSION } from "./version.js";

// Ctrl-C aborts what is waiting (polls, downloads, uploads) and the run ends with 130; a second Ctrl-C kills at once.
const interrupt = new AbortController();
process.once("SIGINT", () => {
  interrupt.abort(new Error("interrupted"));
  process.once("SIGINT", () => process.exit(130));
});

// Traces only when an OTLP endpoint variable is set (src/telemetry.ts): otherwise nothing more is loaded.
const telemetry = await startTelemetry(process.env, process.stderr, VERSION);

const io: CliIo = {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: interrupt.signal,
  ask: process.stdin.isTTY
    ? async (question) => {
        const prompt = createInterface({ input: process.stdin, output: process.stderr });
        try {
          return await prompt.question(question, { signal: interrupt.signal });
        } finally {
          prompt.close();
        }
      }
    : undefined,
};
const argv = process.argv.slice(2);
process.exitCode = telemetry
  ? await telemetry.trace((onCommand) => runStudio(argv, { ...io, onCommand }))
  : await runStudio(argv, io);
// The run's spans go to the collector before the process ends. One that does not answer would hold the process for
// as long as the exporter retries (10 s by default): after 3 s the run ends anyway, its output written first. One that
// refuses them is named by its answer (an HTTP 500 is an answer, not silence).
const shutdown = await telemetry?.shutdown();
if (shutdown && !shutdown.sent) {
  process.stderr.write(`studio: the trace collector ${shutdown.answer}; this run's traces were not all sent.\n`);
  await Promise.all([process.stdout, process.stderr].map((out) => new Promise((done) => out.write("", done))));
  process.exit();
}
