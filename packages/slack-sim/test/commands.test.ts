import { afterEach, describe, expect, it } from "vitest";
import { SIM_WORKSPACE } from "../src/index.js";
import { BOT_TOKEN, eventually, type Harness, startHarness } from "./support/bolt.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe("slash commands through a real Bolt app", () => {
  it("arrives signed and acked, and the reply lands in the conversation", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, command, client }) => {
        await ack();
        await client.chat.postMessage({ channel: command.channel_id, text: `Generating: ${command.text}` });
      });
    });
    const { sim } = harness;
    const result = await sim.command({ user: "U0ALICE", channel: "C0GENERAL", text: "a lighthouse" });

    expect(result.status).toBe(200);
    expect(result.body).toBe("");
    expect(result.latencyMs).toBeLessThan(3000);
    const [reply] = await eventually(() => {
      const messages = sim.conversation("C0GENERAL");
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(reply).toMatchObject({ text: "Generating: a lighthouse", user: SIM_WORKSPACE.botUserId, ephemeral: false });
    expect(sim.calls("chat.postMessage")[0]?.args).toMatchObject({ channel: "C0GENERAL" });
    expect(JSON.stringify(sim.calls())).not.toContain(BOT_TOKEN);
  });

  it("shows a respond() reply to the user who ran the command only", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, respond }) => {
        await ack();
        await respond({ text: "Only you can see this" });
      });
    });
    const { sim } = harness;
    await sim.command({ user: "U0ALICE", channel: "C0GENERAL", text: "" });

    const [reply] = await eventually(() => {
      const messages = sim.conversation("C0GENERAL", { as: "U0ALICE" });
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(reply).toMatchObject({ text: "Only you can see this", ephemeral: true, visibleTo: "U0ALICE" });
    expect(sim.conversation("C0GENERAL", { as: "U0BOB" })).toEqual([]);
  });

  it("shows a text ack as an ephemeral message, as Slack does", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack }) => {
        await ack("Working on it");
      });
    });
    const result = await harness.sim.command({ user: "U0BOB", channel: "C0GENERAL", text: "x" });
    expect(result.status).toBe(200);
    expect(harness.sim.conversation("C0GENERAL")).toMatchObject([{ text: "Working on it", visibleTo: "U0BOB" }]);
  });

  it("is refused by Bolt with 401 when the signature is wrong", async () => {
    let handled = false;
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack }) => {
        handled = true;
        await ack();
      });
    });
    const result = await harness.sim.command({
      user: "U0ALICE",
      channel: "C0GENERAL",
      signature: `v0=${"0".repeat(64)}`,
    });
    expect(result.status).toBe(401);
    expect(handled).toBe(false);
  });
});
