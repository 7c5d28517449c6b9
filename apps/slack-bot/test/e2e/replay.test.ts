import { signSlackRequest } from "@studio-kit/slack-sim";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Bot, eventually, SIGNING_SECRET, startBot } from "./harness.js";

// Issue 27, point 11: Slack asks apps to refuse a request whose timestamp is more than five minutes from now, to
// protect against replays (https://docs.slack.dev/authentication/verifying-requests-from-slack). A signed slash
// command sent again with the same body, timestamp and signature must not run (and spend) twice, and one dated ten
// minutes ahead must not run at all.

let bot: Bot;
beforeEach(async () => {
  bot = await startBot();
});
afterEach(async () => {
  await bot.close();
});

const generations = () => bot.sandbox.sandbox.stats().operations.GenerateImage ?? 0;

/** A `/studio` command as Slack sends it: form-encoded, signed with `timestamp` (seconds). */
function signedCommand(text: string, timestamp: number) {
  const body = new URLSearchParams({
    token: "sim-verification-token",
    team_id: "T0SIM0001",
    team_domain: "studio-sim",
    channel_id: "C0GENERAL",
    channel_name: "general",
    user_id: "U0ALICE",
    user_name: "alice",
    command: "/studio",
    text,
    api_app_id: "A0SIM0001",
    response_url: `${bot.sim.apiUrl.replace(/\/api\/?$/, "")}/response/none`,
    trigger_id: "1.2.replay",
  }).toString();
  const headers = {
    "content-type": "application/x-www-form-urlencoded",
    "x-slack-request-timestamp": String(timestamp),
    "x-slack-signature": signSlackRequest(SIGNING_SECRET, timestamp, body),
  };
  return () => fetch(bot.url ?? "", { method: "POST", headers, body });
}

describe("a signed request sent again", () => {
  it("runs once: the replay of the same signed slash command is acked and runs nothing", async () => {
    const send = signedCommand("image a lighthouse in fog", Math.floor(Date.now() / 1000));
    expect((await send()).status).toBe(200);
    await eventually(() => expect(generations()).toBe(1));
    expect((await send()).status).toBe(200);
    await eventually(() =>
      expect(bot.logs.some((line) => line.includes("the same signed request was already handled"))).toBe(true),
    );
    expect(generations()).toBe(1);
  });

  it("refuses a timestamp ten minutes ahead, and runs nothing", async () => {
    const send = signedCommand("image a lighthouse in fog", Math.floor(Date.now() / 1000) + 600);
    await send();
    await eventually(() => expect(bot.logs.some((line) => line.includes("more than five minutes ahead"))).toBe(true));
    expect(generations()).toBe(0);
    expect(bot.order).not.toContain("studio:GenerateImage");
  });
});
