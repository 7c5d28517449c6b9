// A "Generate an image" step is a durable job (decision 0022): the built bot (dist/main.js) is killed with SIGKILL
// while the step's image is being made; a new process on the same SQLite file follows the job and completes the step
// exactly once (slack-sim records every functions.complete* call), with the one result message in the channel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "./harness.js";
import { kill, type RestartRig, sqliteRows, startRestartRig } from "./processes.js";
import { findSentinels } from "./sentinel.js";
import { stepDefinition } from "./workflow-run.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";
const jobsIn = (path: string) =>
  sqliteRows<{ state: string; outcome: string | null }>(path, "SELECT state, outcome FROM jobs");

describe("a workflow step interrupted by SIGKILL", () => {
  let rig: RestartRig;
  beforeAll(async () => {
    rig = await startRestartRig("workflow-step-restart");
  });
  afterAll(async () => {
    await rig?.close();
  });

  it("completes once after the restart, with the asset ids and the permalink of the one result message", async () => {
    const { sim, sandbox, dbPath } = rig;
    const first = await rig.start();
    const run = await sim.runFunction({
      callbackId: "generate_image",
      definition: stepDefinition("generate_image"),
      inputs: { prompt: "a lighthouse at dusk", channel: CHANNEL, user: USER, count: 2 },
    });
    // Sent and being made (the sandbox's clock does not move until the test moves it).
    await eventually(() => expect(jobsIn(dbPath)).toEqual([{ state: "running", outcome: null }]));
    await kill(first, "SIGKILL");
    sandbox.sandbox.advance(10 * 60_000); // the images finish while no bot runs
    expect(sim.functionExecutions()[0]?.state).toBe("running");

    const second = await rig.start();
    await eventually(() => expect(jobsIn(dbPath)).toEqual([{ state: "done", outcome: "completed" }]));
    const [execution] = sim.functionExecutions();
    expect(execution).toMatchObject({ id: run.executionId, state: "completed" });
    // Completed once: one call, accepted; none refused as a second completion.
    expect(execution?.completions.map((c) => [c.method, c.ok])).toEqual([["functions.completeSuccess", true]]);
    const outputs = execution?.outputs as { asset_ids: string[]; permalink: string };
    expect(outputs.asset_ids).toHaveLength(2);
    const messages = sim.conversation(CHANNEL).filter((m) => m.fromBot && !m.ephemeral);
    expect(messages).toHaveLength(1);
    expect(outputs.permalink).toContain(`p${messages[0]?.ts.replace(".", "")}`);
    expect(sandbox.sandbox.stats().operations.GenerateImage).toBe(1);
    expect(findSentinels([...first.output, ...second.output])).toEqual([]);
  }, 90_000);
});
