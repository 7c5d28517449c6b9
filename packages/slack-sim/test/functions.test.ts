import { afterEach, describe, expect, it } from "vitest";
import type { ManifestFunction } from "../src/index.js";
import { eventually, type Harness, startHarness } from "./support/bolt.js";

// Custom steps (https://docs.slack.dev/tools/bolt-js/concepts/custom-steps): a real Bolt app's `app.function`
// against the sim's function_executed and functions.complete*.
const GREET: ManifestFunction = {
  title: "Greet",
  description: "Says hello",
  input_parameters: { name: { type: "string", title: "Name", is_required: true } },
  output_parameters: {
    greeting: { type: "string", title: "Greeting", is_required: true },
    ids: { type: "array", items: { type: "string" }, title: "Ids" },
  },
};

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe("custom steps", () => {
  it("delivers function_executed with the documented fields, and records the step's outputs once completed", async () => {
    const seen: Record<string, unknown>[] = [];
    harness = await startHarness((app) => {
      app.function("greet", async ({ event, inputs, complete }) => {
        seen.push(event as unknown as Record<string, unknown>);
        await complete({ outputs: { greeting: `hello ${inputs.name}`, ids: ["a", "b"] } });
      });
    });
    const { sim } = harness;
    // Workflow Builder does not save a step whose required input is empty: the sim refuses to run one.
    await expect(sim.runFunction({ callbackId: "greet", definition: GREET, inputs: {} })).rejects.toThrow(
      /required inputs missing: name/,
    );
    const run = await sim.runFunction({ callbackId: "greet", definition: GREET, inputs: { name: "Ada" } });
    expect(run.status).toBe(200);
    const [execution] = await eventually(() => {
      const all = sim.functionExecutions();
      expect(all[0]?.state).toBe("completed");
      return all;
    });
    expect(execution).toMatchObject({ id: run.executionId, outputs: { greeting: "hello Ada", ids: ["a", "b"] } });
    expect(seen[0]).toMatchObject({
      type: "function_executed",
      function_execution_id: run.executionId,
      inputs: { name: "Ada" },
      function: { callback_id: "greet", input_parameters: [{ name: "name", type: "string", is_required: true }] },
    });
    expect(seen[0]?.bot_access_token).toEqual(expect.any(String));
    expect(seen[0]?.workflow_execution_id).toEqual(expect.any(String));
  });

  it("refuses a second completion, an unknown execution and outputs that do not match, with Slack's errors", async () => {
    const answers: string[] = [];
    harness = await startHarness((app) => {
      app.function("greet", async ({ complete, fail, client, event }) => {
        const tryCall = async (call: () => Promise<unknown>) => {
          try {
            await call();
            answers.push("ok");
          } catch (error) {
            answers.push((error as { data?: { error?: string } }).data?.error ?? "thrown");
          }
        };
        await tryCall(() => complete({ outputs: { greeting: 3 } }));
        await tryCall(() => complete({ outputs: { greeting: "hi", extra: 1 } }));
        await tryCall(() => fail({ error: "the studio is out of credits" }));
        await tryCall(() => complete({ outputs: { greeting: "again" } }));
        await tryCall(() =>
          client.functions.completeSuccess({ function_execution_id: "Fx999", outputs: { greeting: "x" } }),
        );
        answers.push(`done:${event.function_execution_id}`);
      });
    });
    const { sim } = harness;
    await sim.runFunction({ callbackId: "greet", definition: GREET, inputs: { name: "Ada" } });
    await eventually(() => expect(answers.at(-1)).toMatch(/^done:/));
    expect(answers.slice(0, 5)).toEqual([
      "parameter_validation_failed",
      "parameter_validation_failed",
      "ok",
      "function_execution_not_found",
      "function_execution_not_found",
    ]);
    const [execution] = sim.functionExecutions();
    expect(execution).toMatchObject({ state: "failed", error: "the studio is out of credits" });
    expect(execution?.completions.map((c) => c.ok)).toEqual([false, false, true, false]);
  });
});
