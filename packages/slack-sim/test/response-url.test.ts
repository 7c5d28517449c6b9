import { afterEach, describe, expect, it } from "vitest";
import { createSlackSim, RESPONSE_URL_LIMITS, type SlackSim } from "../src/index.js";
import { BOT_TOKEN, eventually, type Harness, SIGNING_SECRET, startHarness } from "./support/bolt.js";

let harness: Harness | undefined;
let sim: SlackSim | undefined;
afterEach(async () => {
  await harness?.close();
  await sim?.close();
  harness = undefined;
  sim = undefined;
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

// A slash command's response_url takes up to 5 replies within 30 minutes
// (https://docs.slack.dev/interactivity/implementing-slash-commands, "Sending delayed responses"); past either, the
// sim refuses as Slack's own refusals are reported (used_url, expired_url). test/no-membership.test.ts has what a
// reply may replace or delete, and where the bot is not a member.
describe("response_url", () => {
  it("takes five replies, then answers used_url", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack }) => {
        await ack();
      });
    });
    const { responseUrl } = await harness.sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
    for (let i = 0; i < RESPONSE_URL_LIMITS.uses; i += 1) {
      expect((await post(responseUrl, { text: `reply ${i}`, response_type: "in_channel" })).status).toBe(200);
    }
    const refused = await post(responseUrl, { text: "one too many" });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: "used_url" });
    expect(harness.sim.conversation("C0GENERAL")).toHaveLength(5);
  });

  it("expires 30 minutes later on the injected clock", async () => {
    let offset = 0;
    harness = await startHarness(
      (app) => {
        app.command("/studio", async ({ ack }) => {
          await ack();
        });
      },
      { clock: { now: () => Date.now() + offset } },
    );
    const { responseUrl } = await harness.sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
    offset = RESPONSE_URL_LIMITS.lifetimeMs + 1;
    expect(await (await post(responseUrl, { text: "late" })).json()).toMatchObject({ error: "expired_url" });
  });

  it("posts in channel when the reply asks for it", async () => {
    harness = await startHarness((app) => {
      app.command("/studio", async ({ ack, respond }) => {
        await ack();
        await respond({ response_type: "in_channel", text: "Everyone sees this" });
      });
    });
    await harness.sim.command({ user: "U0ALICE", channel: "C0GENERAL" });
    await eventually(() =>
      expect(harness?.sim.conversation("C0GENERAL", { as: "U0BOB" })).toMatchObject([{ text: "Everyone sees this" }]),
    );
  });

  it("cannot be used before the sim is started", () => {
    sim = createSlackSim({ signingSecret: SIGNING_SECRET, botToken: BOT_TOKEN, appUrl: "http://127.0.0.1:9/" });
    expect(() => sim?.apiUrl).toThrow(/call start\(\) first/);
  });
});
