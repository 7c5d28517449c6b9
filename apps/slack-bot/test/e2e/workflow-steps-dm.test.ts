// Issue 42, point 4: "Generate an image" with its Channel set to Carol's direct message with the bot and Run as
// Alice posted Alice's result, with its buttons, in Carol's DM. A DM is only ever the Run-as person's own: whose it
// is comes from Slack (conversations.info's `user` for an im, https://docs.slack.dev/reference/methods/conversations.info).
import { afterEach, describe, expect, it } from "vitest";
import { type Bot, blocksOf, startBot } from "./harness.js";
import { runStep } from "./workflow-run.js";

const ALICE = "U0ALICE";
const CAROL = "U0CAROL";

let bot: Bot;
afterEach(async () => {
  await bot.close();
});

const operations = (name: string) => bot.sandbox.sandbox.stats().operations[name] ?? 0;
const fromBot = (channel: string) => bot.sim.conversation(channel).filter((m) => m.fromBot);

describe("Generate an image into a direct message", () => {
  it("refuses someone else's DM with an error naming Channel and Run as, posting and spending nothing", async () => {
    bot = await startBot();
    const carolsDm = bot.sim.dm(CAROL);
    const execution = await runStep(bot.sim, "generate_image", { prompt: "a fox", channel: carolsDm, user: ALICE });
    expect(execution.state).toBe("failed");
    expect(execution.error).toBe(
      `Studio: Channel is someone else's direct message with Studio, and the step runs as <@${ALICE}>: a result goes ` +
        "to a channel or to Run as's own direct message. Pick one of those and run the step again; nothing was spent.",
    );
    expect(fromBot(carolsDm)).toEqual([]);
    expect(operations("GenerateImage")).toBe(0);
  });

  it("posts in the Run-as person's own DM", async () => {
    bot = await startBot();
    const alicesDm = bot.sim.dm(ALICE);
    const execution = await runStep(bot.sim, "generate_image", { prompt: "a fox", channel: alicesDm, user: ALICE });
    expect(execution.state).toBe("completed");
    const posted = fromBot(alicesDm);
    expect(posted).toHaveLength(1);
    expect(blocksOf(posted[0], "image")).toHaveLength(1);
    expect(operations("GenerateImage")).toBe(1);
  });
});
