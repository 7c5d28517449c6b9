// Issue 39: a Workflow Builder step's error names the step's fields as the person who set it up sees them in
// Workflow Builder ("Count"), never the command's flags ("--count"): slack-sim runs the step with the manifest's
// definition and records the error the bot completed it with (functions.completeError).
import { afterEach, describe, expect, it } from "vitest";
import { type Bot, startBot } from "./harness.js";
import { runStep, stepDefinition } from "./workflow-run.js";

const USER = "U0ALICE";
const CHANNEL = "C0GENERAL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;

/** A field's title in Workflow Builder: the manifest's `input_parameters.<name>.title`. */
function fieldTitle(name: string): string {
  const parameter = (stepDefinition("generate_image").input_parameters as Record<string, { title?: string }>)[name];
  if (!parameter?.title) throw new Error(`generate_image has no titled input ${name}`);
  return parameter.title;
}

/** Runs Generate an image with these inputs besides a prompt, a channel and a person; its error. */
async function stepError(inputs: Record<string, unknown>): Promise<string> {
  const execution = await runStep(bot.sim, "generate_image", {
    prompt: "a fox",
    channel: CHANNEL,
    user: USER,
    ...inputs,
  });
  expect(execution.state).toBe("failed");
  return String(execution.error);
}

describe("Generate an image's errors", () => {
  it("name the field that is wrong, as Workflow Builder titles it, and no command flag", async () => {
    bot = await startBot();
    const count = await stepError({ count: 9 });
    expect(count).toBe(
      `Studio: ${fieldTitle("count")} is from 1 to 4 images per request (got 9). Valid: \`1\`, \`2\`, \`3\`, \`4\`.`,
    );

    const ratio = await stepError({ ratio: "wide" });
    expect(ratio).toMatch(
      new RegExp(
        `^Studio: ${fieldTitle("ratio")} \`wide\` is not width:height .* ${fieldTitle("ratio")} takes width:height, e\\.g\\. \`1:1\``,
      ),
    );

    const model = await stepError({ model: "no-such-model" });
    expect(model).toMatch(
      new RegExp(`^Studio: ${fieldTitle("model")}: there is no image model \`no-such-model\`\\. Valid: \``),
    );

    const both = await stepError({ count: 0, ratio: "7:1" });
    expect(both).toContain(`${fieldTitle("ratio")} \`7:1\` is too wide`);
    expect(both).toContain(`${fieldTitle("count")} is from 1 to 4`);

    for (const error of [count, ratio, model, both]) expect(error).not.toMatch(/--[a-z]/);
    expect(operations("GenerateImage")).toBe(0);
    expect(bot.sim.conversation(CHANNEL).filter((m) => m.fromBot)).toEqual([]);
  });
});
