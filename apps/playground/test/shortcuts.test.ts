// Shortcuts in the playground: it offers what the bot's manifest declares (features.shortcuts), as Slack's menus
// do, and slack-sim refuses anything else. The bot declares none, so nothing is offered and nothing can be run.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manifestShortcuts } from "../src/server/shortcuts.js";
import { type Driver, startDriver } from "./support/playground.js";

const MANIFEST = JSON.parse(readFileSync(new URL("../../slack-bot/manifest.json", import.meta.url), "utf8")) as {
  features?: { shortcuts?: unknown[] };
};

describe("manifestShortcuts", () => {
  it("reads features.shortcuts, none when the manifest has none, and refuses a section that is not a list", () => {
    const shortcut = { name: "New", type: "global", callback_id: "new", description: "Make one" };
    expect(manifestShortcuts({ features: { shortcuts: [shortcut] } })).toEqual([shortcut]);
    expect(manifestShortcuts({ features: {} })).toEqual([]);
    expect(() => manifestShortcuts({ features: { shortcuts: {} } })).toThrow(/not a list/);
  });
});

describe("the shortcut endpoints against the bot", () => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await startDriver();
  }, 30_000);
  afterAll(() => driver?.close());

  it("lists the bot manifest's shortcuts, and refuses running one it does not declare", async () => {
    const listed = await driver.api<unknown[]>("/api/shortcuts");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(MANIFEST.features?.shortcuts ?? []);
    const run = await driver.api<{ error?: string }>("/api/shortcut", { user: "U0ALICE", callbackId: "new_image" });
    expect(run.status).toBe(404);
    expect(run.body.error).toBe("shortcut_not_found");
  });
});
