import { describe, expect, it, vi } from "vitest";
import type { BotDeps } from "../src/deps.js";
import { dedupeEvents } from "../src/listeners/middleware/dedupe-events.js";
import { openSqliteStore } from "../src/store/sqlite/open.js";

function deps(store = openSqliteStore({ path: ":memory:" })) {
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return { store, now: () => 1, logger } as unknown as BotDeps;
}

async function deliver(middleware: ReturnType<typeof dedupeEvents>, body: Record<string, unknown>) {
  const next = vi.fn(async () => {});
  await middleware({ body, next } as never);
  return next.mock.calls.length;
}

describe("dedupeEvents", () => {
  it("handles an event id once, however often it is delivered", async () => {
    const middleware = dedupeEvents(deps());
    const body = { type: "event_callback", event_id: "Ev1", event: { type: "app_mention" } };
    expect(await deliver(middleware, body)).toBe(1);
    expect(await deliver(middleware, body)).toBe(0);
    expect(await deliver(middleware, { ...body, event_id: "Ev2" })).toBe(1);
  });

  it("handles a retry whose first delivery never reached the bot", async () => {
    // Slack marks it X-Slack-Retry-Num: 1, but this process (or its store) never saw the id: it must be answered.
    const middleware = dedupeEvents(deps());
    expect(await deliver(middleware, { type: "event_callback", event_id: "Ev9", event: {} })).toBe(1);
  });

  it("passes commands and interactions through untouched", async () => {
    const middleware = dedupeEvents(deps());
    expect(await deliver(middleware, { command: "/studio", text: "help" })).toBe(1);
    expect(await deliver(middleware, { command: "/studio", text: "help" })).toBe(1);
    expect(await deliver(middleware, { type: "block_actions" })).toBe(1);
  });

  it("handles the event when the store cannot be read, rather than lose it", async () => {
    const store = openSqliteStore({ path: ":memory:" });
    await store.close();
    const d = deps(store);
    expect(await deliver(dedupeEvents(d), { type: "event_callback", event_id: "Ev1", event: {} })).toBe(1);
    expect(d.logger.error).toHaveBeenCalled();
  });
});
