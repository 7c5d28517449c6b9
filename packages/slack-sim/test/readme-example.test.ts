import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { App, LogLevel } from "@slack/bolt";
import { afterEach, expect, it, vi } from "vitest";
import { createSlackSim } from "../src/index.js";

// Your app, as you run it in production: a global shortcut that opens a modal, and what it does on submit.
function registerHelpdesk(app: App): void {
  app.shortcut("file_ticket", async ({ ack, shortcut, client }) => {
    await ack();
    await client.views.open({
      trigger_id: shortcut.trigger_id,
      view: {
        type: "modal",
        callback_id: "ticket",
        title: { type: "plain_text", text: "File a ticket" },
        submit: { type: "plain_text", text: "File" },
        blocks: [
          {
            type: "input",
            block_id: "summary",
            label: { type: "plain_text", text: "What is wrong?" },
            element: { type: "plain_text_input", action_id: "text" },
          },
        ],
      },
    });
  });
  app.view("ticket", async ({ ack, view, body, client }) => {
    const summary = view.state.values.summary?.text?.value ?? "";
    if (summary.length < 10) {
      await ack({ response_action: "errors", errors: { summary: "Say a bit more (10 characters at least)" } });
      return;
    }
    await ack();
    await client.chat.postMessage({ channel: body.user.id, text: `Ticket filed: ${summary}` });
  });
}

const signingSecret = "test-signing-secret";
const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

it("files a ticket from the shortcut menu, and asks for more when the summary is too short", async () => {
  // The sim stands in for Slack; it sends only the shortcuts your manifest declares (features.shortcuts).
  let appUrl = "";
  const sim = createSlackSim({
    signingSecret,
    botToken: "xoxb-test",
    appUrl: () => appUrl,
    shortcuts: [{ name: "File a ticket", type: "global", callback_id: "file_ticket", description: "Tell IT" }],
  });
  await sim.start();
  stops.push(() => sim.close());
  const app = new App({
    signingSecret,
    token: "xoxb-test",
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } },
  });
  registerHelpdesk(app);
  const server = (await app.start({ port: 0, host: "127.0.0.1" })) as Server;
  stops.push(() => app.stop());
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;

  // Alice picks "File a ticket" from the shortcut menu: the modal opens.
  await sim.shortcut({ user: "U0ALICE", callbackId: "file_ticket" });
  const modal = await vi.waitFor(() => {
    const [open] = sim.views("U0ALICE");
    if (!open) throw new Error("no modal yet");
    return open;
  });
  expect(modal.view.title).toEqual({ type: "plain_text", text: "File a ticket" });

  // Too short: the modal stays open and shows the app's error under the input.
  const refused = await sim.submitView({
    user: "U0ALICE",
    viewId: modal.id,
    values: { summary: { text: { type: "plain_text_input", value: "vpn" } } },
  });
  expect(refused.errors).toEqual({ summary: "Say a bit more (10 characters at least)" });
  expect(sim.views("U0ALICE")).toHaveLength(1);

  // Enough: the modal closes and Alice gets the confirmation in her DM with the app.
  const filed = await sim.submitView({
    user: "U0ALICE",
    viewId: modal.id,
    values: { summary: { text: { type: "plain_text_input", value: "The VPN drops every hour" } } },
  });
  expect(filed.responseAction).toBe("close");
  expect(sim.views("U0ALICE")).toEqual([]);
  await vi.waitFor(() =>
    expect(sim.conversation(sim.dm("U0ALICE")).map((m) => m.text)).toEqual(["Ticket filed: The VPN drops every hour"]),
  );
});
