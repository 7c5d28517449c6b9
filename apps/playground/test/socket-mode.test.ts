// PLAYGROUND_SOCKET_MODE=1: the bot runs in Socket Mode against the stand-in (apps.connections.open and a WebSocket
// on slack-sim), and the page works as before: a command sent from it gets its reply, a button on it its answer.
import { afterEach, describe, expect, it } from "vitest";
import { standInConfig } from "../src/server/config.js";
import { standInSecrets } from "../src/server/secrets.js";
import type { MessageView } from "../src/shared/api.js";
import { blocksOf, buttonsOf, type Driver, eventually, startDriver } from "./support/playground.js";

const ALICE = "U0ALICE";
const GENERAL = "C0GENERAL";

let driver: Driver | undefined;
afterEach(async () => {
  if (!driver) return;
  await driver.close();
  // The stand-in's tokens are made at start and never leave the process: not in a log line either.
  expect(driver.logs.join("\n")).not.toMatch(/xoxb-|xapp-/);
  driver = undefined;
});

describe("PLAYGROUND_SOCKET_MODE", () => {
  it("is off unless set: the bot keeps its HTTP receiver", () => {
    const secrets = standInSecrets();
    expect(standInConfig({}, secrets).mode).toBe("http");
    expect(standInConfig({ PLAYGROUND_SOCKET_MODE: "0" }, secrets).mode).toBe("http");
    expect(standInConfig({ PLAYGROUND_SOCKET_MODE: "1" }, secrets)).toMatchObject({
      mode: "socket",
      slack: { appToken: secrets.appToken },
    });
  });

  it("answers the page's /studio image over Socket Mode, and a click on the result", async () => {
    const started = await startDriver({ env: { PLAYGROUND_SOCKET_MODE: "1" } });
    driver = started;
    const { sim } = started.playground;
    expect(started.playground.delivery).toBe("socket");
    expect(sim.socketMode.connections()).toMatchObject([{ open: true }]);

    const sent = await started.api("/api/send", { user: ALICE, channel: GENERAL, text: "/studio image a red fox" });
    expect(sent).toEqual({ status: 200, body: { ok: true } });
    const result = await eventually(async () => {
      const messages = (await started.state(ALICE, GENERAL)).messages.filter((message) => message.fromBot);
      const found = messages.find((message) => blocksOf(message, "image").length === 1);
      expect(found).toBeDefined();
      return found as MessageView;
    });
    const regenerate = buttonsOf(result).find((button) => button.actionId === "studio_regenerate");
    expect(regenerate).toBeDefined();
    const click = await started.api("/api/click", {
      user: ALICE,
      channel: GENERAL,
      messageTs: result.ts,
      actionId: regenerate?.actionId,
      value: regenerate?.value,
    });
    expect(click).toEqual({ status: 200, body: { ok: true } });
    await eventually(() =>
      expect(sim.socketMode.envelopes().map((envelope) => [envelope.type, envelope.status])).toEqual([
        ["slash_commands", "acked"],
        ["interactive", "acked"],
      ]),
    );
  });
});
