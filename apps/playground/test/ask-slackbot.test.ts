// The "Ask Slackbot" endpoints against the real bot and slack-sim (no browser): the tools are the bot's MCP server's,
// listed and called through slack-sim's Slackbot (signed Slack identity auth for the person given), a refusal of the
// bot's is an answer the page can show (a tool error, or the endpoint's HTTP refusal), and the form's mistakes are
// refused before anything is called.
import { afterEach, describe, expect, it } from "vitest";
import type { SlackbotCallAnswer, SlackbotTools } from "../src/shared/slackbot.js";
import { type Driver, startDriver } from "./support/playground.js";

let driver: Driver | undefined;
afterEach(async () => {
  await driver?.close();
  driver = undefined;
});

describe("GET /api/slackbot/tools and POST /api/slackbot/call", () => {
  it("lists the tools with their schemas and calls one as the person given", async () => {
    driver = await startDriver();
    const listed = await driver.api<SlackbotTools>("/api/slackbot/tools?user=U0ALICE");
    expect(listed.status).toBe(200);
    const credits = listed.body.tools.find((tool) => tool.name === "get_credits");
    expect(credits).toMatchObject({ readOnly: true, inputSchema: { type: "object" } });
    expect(listed.body.tools.find((tool) => tool.name === "generate_image")?.readOnly).toBe(false);

    const answer = await driver.api<SlackbotCallAnswer>("/api/slackbot/call", {
      user: "U0ALICE",
      tool: "get_credits",
      arguments: {},
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, isError: false });
    // slack-sim signed every request it sent the bot's /mcp, and named Alice in the tool call.
    const call = driver.playground.sim.slackbot.requests().find((request) => request.body.includes('"tools/call"'));
    expect(call?.headers["x-slack-signature"]).toMatch(/^v0=[0-9a-f]{64}$/);
    expect(JSON.parse(call?.body ?? "{}").params._meta.slack.user_id).toBe("U0ALICE");
  });

  it("refuses an unknown person or a malformed call before calling anything", async () => {
    driver = await startDriver();
    expect((await driver.api("/api/slackbot/tools?user=U0NOBODY")).body).toMatchObject({ error: "unknown_user" });
    const bad = await driver.api("/api/slackbot/call", { user: "U0ALICE", tool: "get_credits", arguments: [1] });
    expect(bad).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    expect(driver.playground.sim.slackbot.requests()).toEqual([]);
  });

  it("says the bot serves no MCP endpoint when STUDIO_MCP is off", async () => {
    driver = await startDriver({ env: { STUDIO_MCP: "off" } });
    const listed = await driver.api("/api/slackbot/tools?user=U0ALICE");
    expect(listed).toMatchObject({ status: 503, body: { error: "mcp_off" } });
  });
});
