#!/usr/bin/env node
import { createInterface } from "node:readline/promises";
import { runStudio } from "./run.js";

// Ctrl-C aborts what is waiting (polls, downloads, uploads) and the run ends with 130; a second Ctrl-C kills at once.
const interrupt = new AbortController();
process.once("SIGINT", () => {
  interrupt.abort(new Error("interrupted"));
  process.once("SIGINT", () => process.exit(130));
});

process.exitCode = await runStudio(process.argv.slice(2), {
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
});
