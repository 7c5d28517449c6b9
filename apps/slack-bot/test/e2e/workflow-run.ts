// Running the bot's Workflow Builder steps as a workflow would (decision 0022): each step's definition as the
// manifest declares it, and a run through slack-sim that waits until the bot completed the step, either way.
import { readFileSync } from "node:fs";
import type { ManifestFunction, SlackSim } from "@studio-kit/slack-sim";
import { expect } from "vitest";
import { eventually } from "./harness.js";

const MANIFEST = JSON.parse(readFileSync(new URL("../../manifest.json", import.meta.url), "utf8")) as {
  functions: Record<string, ManifestFunction>;
};

/** The step `callbackId` as apps/slack-bot/manifest.json declares it. */
export function stepDefinition(callbackId: string): ManifestFunction {
  const definition = MANIFEST.functions[callbackId];
  if (!definition) throw new Error(`manifest.json declares no function ${callbackId}`);
  return definition;
}

/** Runs a step as a workflow would, and waits until the bot completed it (either way): its execution. */
export async function runStep(sim: SlackSim, callbackId: string, inputs: Record<string, unknown>) {
  const run = await sim.runFunction({ callbackId, definition: stepDefinition(callbackId), inputs });
  expect(run.status).toBe(200);
  return eventually(() => {
    const execution = sim.functionExecutions().find((e) => e.id === run.executionId);
    if (!execution || execution.state === "running") throw new Error("the step is still running");
    return execution;
  });
}
