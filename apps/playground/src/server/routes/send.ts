import type { Delivery } from "@studio-kit/slack-sim";
import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { json, optionalString, readJson } from "../http/responses.js";
import type { Router } from "../http/router.js";
import { classifyOutgoing, linksIn } from "../outgoing.js";
import { requireAck, requireMessageAck, simAction } from "../sim-errors.js";
import { checkedWho } from "./state.js";

/** Slack refuses messages over 40,000 characters (chat.postMessage `msg_too_long`); the composer follows suit. */
export const MAX_TEXT = 40_000;

/**
 * POST /api/send `{ user, channel, text, threadTs? }`: a slash command, a mention, a plain message, or a message with
 * links (shared, so the bot may unfurl them), as Slack's client would send it; answers once the bot acked (its work
 * goes on, and shows in /api/state).
 */
export function register(router: Router, context: RouteContext): void {
  router.add("POST", "/api/send", async (request) => {
    const body = await readJson(request);
    const { user, channel } = checkedWho(context, body);
    const text = typeof body.text === "string" ? body.text : "";
    if (text.trim() === "") throw new HttpError(400, "empty_text", "Type something to send.");
    if (text.length > MAX_TEXT) throw new HttpError(400, "msg_too_long", "Messages are at most 40,000 characters.");
    const threadTs = optionalString(body, "threadTs");
    const outgoing = classifyOutgoing(text);
    const { sim } = context;
    await simAction(async () => {
      const thread = threadTs ? { threadTs } : {};
      if (outgoing.kind === "command") {
        // Slack sends no thread with a slash command, even one typed in a thread's composer.
        requireAck(await sim.command({ user, channel, text: outgoing.text, command: outgoing.command }));
      } else if (outgoing.kind === "mention") {
        requireMessageAck(await sim.mention({ user, channel, text: outgoing.text, ...thread }));
      } else if (!channel.startsWith("D") && linksIn(outgoing.text).urls.length > 0) {
        // A link in a channel: the message, then link_shared for the links on the app's unfurl domains (the bot
        // unfurls the platform's boards and assets, decision 0021). A DM's text stays a message to the bot.
        const links = linksIn(outgoing.text);
        const shared = await sim.shareLink({ user, channel, url: links.urls, text: links.text, ...thread });
        // No link on the app's domains: Slack sends the app nothing, so there is no ack to wait for.
        if (shared.delivered) requireAck(shared as Delivery);
      } else {
        requireMessageAck(await sim.message({ user, channel, text: outgoing.text, ...thread }));
      }
    });
    return json({ ok: true });
  });
}
