import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Driver, eventually, startDriver } from "./support/playground.js";

// The in-process sandbox runs on today's date (createRealTimeClock), as `pnpm start` runs it: what a person reads
// about their credits is in the future, not in January 2026.

let driver: Driver;
beforeEach(async () => {
  driver = await startDriver();
});
afterEach(async () => {
  await driver.close();
});

describe("the playground's sandbox clock", () => {
  it("shows /studio credits with a next refill after now, within a month", async () => {
    const sent = await driver.api("/api/send", { user: "U0ALICE", channel: "C0GENERAL", text: "/studio credits" });
    expect(sent.status).toBe(200);
    const reply = await eventually(async () => {
      const { messages } = await driver.state("U0ALICE", "C0GENERAL");
      const found = messages.find(
        (message) => message.fromBot && JSON.stringify(message.blocks).includes("Next refill"),
      );
      expect(found).toBeDefined();
      return JSON.stringify(found?.blocks);
    });
    const seconds = Number(/Next refill\*\\n<!date\^(\d+)\^/.exec(reply)?.[1]);
    expect(seconds * 1000).toBeGreaterThan(Date.now());
    expect(seconds * 1000 - Date.now()).toBeLessThanOrEqual(31 * 24 * 3_600_000);
  });
});
