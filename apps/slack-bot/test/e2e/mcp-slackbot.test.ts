// The studio's tools for Slackbot (issue 40): slack-sim calls the bot's /mcp as Slackbot's MCP client does with Slack
// identity auth (every request signed, the person in each tool call's params._meta.slack), and the bot acts as that
// person: their access rules, quota, durable job and App Home history, the result in their DM. A request that is not
// signed as Slack signs, is stale, or is a replay is refused over HTTP with nothing run, which the sandbox's count of
// generation mutations shows.
import { readFileSync } from "node:fs";
import { signSlackRequest } from "@studio-kit/slack-sim";
import { afterEach, describe, expect, it } from "vitest";
import { type Bot, blocksOf, eventually, SIGNING_SECRET, startBot } from "./harness.js";

let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

const started = async (env: Record<string, string>) => {
  bot = await startBot({ STUDIO_MCP: "on", ...env });
  return bot;
};
const generations = (b: Bot) => b.sandbox.sandbox.stats().operations.GenerateImage ?? 0;
const structured = (outcome: Awaited<ReturnType<Bot["sim"]["slackbot"]["callTool"]>>) => {
  if (!outcome.ok) throw new Error(`refused over HTTP ${outcome.status}: ${outcome.error}`);
  return outcome.result.structuredContent as Record<string, unknown> & { error?: { code: string; message: string } };
};
const makeFox = (b: Bot, user: string, extra: Record<string, unknown> = {}) =>
  b.sim.slackbot.callTool({
    user,
    name: "generate_image",
    arguments: { prompt: "a red fox on snow", wait: true, ...extra },
  });

describe("Slackbot's tools over /mcp (STUDIO_MCP=on)", () => {
  it("generates as Alice: her job, her quota, her App Home history, the result in her DM", async () => {
    const b = await started({ STUDIO_USER_HOURLY_LIMIT: "2" });
    const progress: number[] = [];
    const made = await b.sim.slackbot.callTool({
      user: "U0ALICE",
      name: "generate_image",
      arguments: { prompt: "a red fox on snow", wait: true },
      onProgress: (update) => progress.push(update.progress),
    });
    const result = structured(made);
    expect(made.ok && made.result.isError).toBeFalsy();
    expect(result).toMatchObject({ waited: true, done: true });
    const job = result.job as { jobId: string; records: { status: string }[] };
    expect(job.records.map((record) => record.status)).toEqual(["COMPLETED"]);
    expect(generations(b)).toBe(1);

    // The bot's own job, Alice's: in the store, in her App Home history, its one message in her DM with the bot.
    const stored = await b.app.store.jobs.get(job.jobId);
    expect(stored).toMatchObject({
      user: "U0ALICE",
      state: "done",
      outcome: "completed",
      channel: b.sim.dm("U0ALICE"),
    });
    await b.sim.openHome("U0ALICE");
    await eventually(() => expect(JSON.stringify(b.sim.home("U0ALICE"))).toMatch(/red fox on snow/));
    const dm = b.sim.conversation(b.sim.dm("U0ALICE")).filter((message) => message.fromBot);
    expect(dm.some((message) => blocksOf(message, "image").length > 0)).toBe(true);
    expect(progress.length).toBeGreaterThan(0);

    // Her quota counts it: 1 of 2 this hour, so 2 more images are refused as a tool error, and nothing is sent.
    const over = structured(await makeFox(b, "U0ALICE", { count: 2 }));
    expect(over.error?.code).toBe("quota_reached");
    expect(over.error?.message).toMatch(/hour/i);
    expect(generations(b)).toBe(1);
    // Bob's quota is his own.
    expect(structured(await makeFox(b, "U0BOB")).done).toBe(true);
    expect(generations(b)).toBe(2);
  });

  it("refuses an unsigned, a forged, a stale and a replayed tool call over HTTP, and spends nothing for any", async () => {
    const b = await started({});
    const unsigned = await b.sim.slackbot.callTool({
      user: "U0ALICE",
      name: "generate_image",
      arguments: { prompt: "a fox", wait: true },
      signing: "unsigned",
    });
    expect(unsigned).toMatchObject({ ok: false, status: 401, error: expect.stringMatching(/signed by Slack/) });
    const forged = await b.sim.slackbot.callTool({
      user: "U0ALICE",
      name: "generate_image",
      arguments: { prompt: "a fox", wait: true },
      signing: { secret: "not-the-signing-secret" },
    });
    expect(forged).toMatchObject({ ok: false, status: 401, error: expect.stringMatching(/does not match/) });

    // Signed with the right secret, six minutes ago: stale.
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "generate_image",
        arguments: { prompt: "a fox" },
        _meta: { slack: { user_id: "U0ALICE", team_id: "T0SIM0001" } },
      },
    });
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    const stale = await fetch(b.sim.slackbot.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "x-slack-request-timestamp": String(old),
        "x-slack-signature": signSlackRequest(SIGNING_SECRET, old, body),
      },
      body,
    });
    expect(stale.status).toBe(401);
    expect(await stale.text()).toMatch(/more than five minutes/);
    expect(generations(b)).toBe(0);

    // A good call, then the same request again byte for byte: the replay is refused and spends nothing more.
    expect(structured(await makeFox(b, "U0ALICE")).done).toBe(true);
    expect(generations(b)).toBe(1);
    const replay = await b.sim.slackbot.replayLastCall();
    expect(replay.status).toBe(401);
    expect(replay.body).toMatch(/already handled/);
    expect(generations(b)).toBe(1);
    expect(await b.app.store.jobs.recent("U0ALICE", 10)).toHaveLength(1);
  });

  it("refuses a person the access rules leave out as a tool error, and still lists the tools for them", async () => {
    const b = await started({ STUDIO_ALLOWED_USERS: "U0ALICE" });
    const tools = await b.sim.slackbot.listTools({ user: "U0BOB" });
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["generate_image", "get_credits"]));
    const refused = await makeFox(b, "U0BOB");
    expect(refused.ok && refused.result.isError).toBe(true);
    const error = structured(refused).error;
    expect(error?.code).toBe("access_denied");
    expect(error?.message).toMatch(/limited to listed people/);
    expect(error?.message).toMatch(/Nothing was generated/);
    expect(generations(b)).toBe(0);
    expect(await b.app.store.jobs.recent("U0BOB", 10)).toEqual([]);
    // Reading still works for Bob, as `/studio credits` does.
    const credits = await b.sim.slackbot.callTool({ user: "U0BOB", name: "get_credits" });
    expect(credits.ok && credits.result.isError).toBeFalsy();
  });

  it("holds a call to the bot's confirmation threshold and daily budget, and spends once when confirmed", async () => {
    // The sandbox's image costs 4 credits: above a threshold of 2, the person confirms first. Slackbot's requests are
    // stateless (no elicitation can be answered), so the tool refuses with the cost and how to confirm.
    const b = await started({ CREDITS_CONFIRM_THRESHOLD: "2", STUDIO_DAILY_CREDIT_BUDGET: "6" });
    const asked = structured(await makeFox(b, "U0ALICE"));
    expect(asked.error).toMatchObject({ code: "confirmation_required", cost: 4 });
    expect(generations(b)).toBe(0);
    const confirmed = structured(await makeFox(b, "U0ALICE", { confirmCredits: 4 }));
    expect(confirmed.done).toBe(true);
    expect(generations(b)).toBe(1);
    // 4 of today's 6 credits spent through the bot: another 4 is over the workspace's daily budget, for anyone.
    const over = structured(await makeFox(b, "U0BOB", { confirmCredits: 4 }));
    expect(over.error?.code).toBe("budget_reached");
    expect(generations(b)).toBe(1);
  });

  it("is not served unless STUDIO_MCP=on", async () => {
    bot = await startBot({});
    const answer = await bot.sim.slackbot.callTool({ user: "U0ALICE", name: "get_credits" });
    expect(answer).toMatchObject({ ok: false, status: 404 });
  });

  it("is declared in the app manifest with Slack identity auth and the mcp:connect scope", () => {
    for (const file of ["../../manifest.json", "../../manifest.assistant-view.json"]) {
      const manifest = JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8")) as {
        mcp_servers?: Record<string, { url: string; auth_type: string }>;
        oauth_config: { scopes: { bot: string[] } };
      };
      expect(Object.values(manifest.mcp_servers ?? {})).toEqual([
        { url: "https://example.com/mcp", auth_type: "slack_identity_auth" },
      ]);
      expect(manifest.oauth_config.scopes.bot).toContain("mcp:connect");
    }
  });
});
