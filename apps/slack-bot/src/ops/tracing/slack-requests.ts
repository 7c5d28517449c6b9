// The root of each trace: one span per request Slack sends the bot (a slash command, an event, a click, a modal's
// submission), around everything Bolt runs for it. A global middleware, registered first (app.ts), so the span
// holds the other middleware and the listener; Bolt awaits the listener inside `next()` (App.processEvent, Bolt 5.1),
// so the span lasts until the listener's work is done, a job included, and what it starts is parented here.
//
// Slack's requests carry no trace context, so each one starts a trace. The span is INTERNAL rather than an HTTP
// SERVER span: it is not the HTTP request (Bolt's receiver answers Slack at the ack, long before a job ends; in Socket
// Mode there is no HTTP request at all), it is the work Slack asked for.
//
// Named by what Slack sent, from fields Slack documents, never by what a person wrote (a command's `text`, a
// message's words, a modal's values):
// - a slash command: `slack command /studio` (`command`:
//   https://docs.slack.dev/interactivity/implementing-slash-commands);
// - an Events API delivery: `slack event app_mention` (the inner event's `type`:
//   https://docs.slack.dev/apis/events-api/#callback-field);
// - an interaction: `slack block_actions` with the button's `action_id`, `slack view_submission` with the view's
//   `callback_id` (the payload's `type`: https://docs.slack.dev/reference/interaction-payloads/block_actions-payload,
//   https://docs.slack.dev/reference/interaction-payloads/view-interactions-payload). Both ids are the bot's own
//   (messages/ids.ts).

import type { AnyMiddlewareArgs, Middleware } from "@slack/bolt";
import type { StudioSpanAttributes, StudioTracer } from "@studio-kit/core";

type Body = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === "string" && value ? value : undefined);

/** An id the bot chose or a type Slack names: short words, nothing a person typed. */
const word = (value: unknown): string | undefined => {
  const found = text(value);
  return found && /^[\w./:-]{1,100}$/.test(found) ? found : undefined;
};

/** The span's name and attributes for a request body, as Bolt hands it to middleware. */
export function describeRequest(body: Body): { name: string; attributes: StudioSpanAttributes } {
  const command = word(body.command);
  if (command) return { name: `slack command ${command}`, attributes: { "slack.request.type": "command" } };
  const type = word(body.type) ?? "unknown";
  if (type === "event_callback") {
    const event = (body.event ?? {}) as Body;
    const eventType = word(event.type) ?? "unknown";
    return {
      name: `slack event ${eventType}`,
      attributes: {
        "slack.request.type": "event",
        "slack.event.type": eventType,
        "slack.event.subtype": word(event.subtype),
      },
    };
  }
  const [action] = Array.isArray(body.actions) ? (body.actions as Body[]) : [];
  const view = (body.view ?? {}) as Body;
  return {
    name: `slack ${type}`,
    attributes: {
      "slack.request.type": type,
      "slack.action_id": word(action?.action_id),
      "slack.callback_id": word(view.callback_id) ?? word(body.callback_id),
    },
  };
}

/**
 * A global middleware that runs each request from Slack inside its own span (the root of its trace).
 *
 * @example app.use(traceSlackRequests(tracer)); // first, before every other middleware
 */
export function traceSlackRequests(tracer: StudioTracer): Middleware<AnyMiddlewareArgs> {
  return async ({ body, context, next }) => {
    const { name, attributes } = describeRequest(body as Body);
    // A redelivery Slack made because the first took too long (X-Slack-Retry-Num, Events API only).
    const retry = typeof context.retryNum === "number" ? { "slack.retry_num": context.retryNum } : {};
    await tracer.span(name, { attributes: { ...attributes, ...retry } }, () => next());
  };
}
