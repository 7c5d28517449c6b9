// Socket Mode has no HTTP receiver, so /healthz, /readyz and /metrics are served on STUDIO_HEALTH_PORT (Bolt's
// SocketModeReceiver custom routes); 0 lets it pick a free port, which the harness reads back.
import { afterEach, describe, expect, it } from "vitest";
import { type Bot, eventually, startBot } from "../e2e/harness.js";
import { sampleOf, scrape } from "../ops/scrape.js";

let bot: Bot | undefined;
afterEach(async () => {
  await bot?.close();
  bot = undefined;
});

describe("health and metrics on STUDIO_HEALTH_PORT in Socket Mode", () => {
  it("serves /healthz, /readyz (ready once connected) and /metrics, which count the socket's own Slack call", async () => {
    const live = await startBot({ STUDIO_HEALTH_PORT: "0" }, { socketMode: true });
    bot = live;
    const origin = live.healthUrl ?? "";
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(origin).port).not.toBe("0");

    const live200 = await fetch(`${origin}/healthz`);
    expect(live200.status).toBe(200);
    await live200.body?.cancel();

    const ready = await eventually(async () => {
      const response = await fetch(`${origin}/readyz`);
      const body = (await response.json()) as { ready: boolean; failing: string[] };
      expect([response.status, body.failing]).toEqual([200, []]);
      return body;
    });
    expect(ready.ready).toBe(true);

    await live.sim.command({ user: "U0ALICE", channel: "C0GENERAL", text: "image a lighthouse" });
    const scraped = await eventually(async () => {
      const metrics = await scrape(`${origin}/metrics`);
      expect(sampleOf(metrics, "studio_bot_jobs_finished_total", { kind: "image" })).toBe(1);
      return metrics;
    });
    expect(scraped.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sampleOf(scraped, "studio_bot_jobs_created_total", { kind: "image" })).toBe(1);
    // The socket client's apps.connections.open goes through the bot's own measured fetch.
    expect(
      sampleOf(scraped, "studio_bot_slack_api_calls_total", { method: "apps.connections.open", status: "2xx" }),
    ).toBe(1);
    expect(sampleOf(scraped, "studio_bot_slack_api_calls_total", { method: "chat.postMessage", status: "2xx" })).toBe(
      1,
    );
  });
});
