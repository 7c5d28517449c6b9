// A span for each HTTP request of Slack's Web API client, named by its method: `slack chat.postMessage`.
//
// Where: the fetch Bolt's WebClient sends with (`clientOptions.fetch`, app.ts), under the 429 handling of
// services/rate-limited-fetch.ts, so that each physical request is one CLIENT span, as OpenTelemetry's HTTP client
// conventions ask (https://opentelemetry.io/docs/specs/semconv/http/http-spans/#http-client-span): a call Slack
// answered 429 and that was sent again shows as two spans with the wait between them. The fetch is the one place every
// call passes: Bolt builds a WebClient per workspace from `clientOptions` (its WebClientPool), so a subclass cannot be
// given to it and patching `app.client.apiCall` would miss the clients listeners get. The client runs the request
// in the caller's async context (its queue starts a call at once below 100 in flight), so the span is the caller's
// child: a job's chat.update sits in the job's trace.
//
// What a span carries: the method (the last segment of the URL: Web API URLs are `https://slack.com/api/METHOD`,
// https://docs.slack.dev/apis/web-api/), the server's host and port, the HTTP status, and Slack's `error` code when
// it answered `"ok": false` (a short machine-readable word, same page). Never the body (a message's text, blocks,
// the token when sent in the form) nor the headers (the bearer token).

import type { StudioSpanAttributes, StudioTracer } from "@studio-kit/core";
import { methodOf } from "../../services/rate-limited-fetch.js";

/** A Web API method's name: `chat.postMessage`, `files.getUploadURLExternal`, `assistant.threads.setStatus`. */
const WEB_API_METHOD = /^[a-z]+(\.[a-zA-Z]+)+$/;

/** Slack's error codes: `channel_not_found`, `ratelimited`, `invalid_blocks`. */
const SLACK_ERROR = /^[a-z0-9_]{1,64}$/;

const urlOf = (input: Parameters<typeof fetch>[0]): string =>
  typeof input === "string" ? input : input instanceof URL ? input.href : input.url;

/** The request's attributes, known before it is sent; `url.full` only for a Web API method's URL (no query). */
function requestAttributes(
  url: string,
  method: string | undefined,
  init: RequestInit | undefined,
): StudioSpanAttributes {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const port = parsed?.port ? Number(parsed.port) : parsed?.protocol === "http:" ? 80 : 443;
  return {
    "slack.method": method,
    "http.request.method": init?.method ?? "POST",
    "server.address": parsed?.hostname,
    "server.port": parsed ? port : undefined,
    "url.full": parsed && method ? `${parsed.origin}${parsed.pathname}` : undefined,
  };
}

/** Slack's `error` from a JSON answer, read from a copy (the client reads the original); undefined if none. */
async function slackErrorOf(response: Response): Promise<string | undefined> {
  if (!response.headers.get("content-type")?.includes("json")) return undefined;
  try {
    const body = (await response.clone().json()) as { ok?: unknown; error?: unknown };
    return body.ok === false && typeof body.error === "string" && SLACK_ERROR.test(body.error) ? body.error : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fetch for the Web API client that makes a span of each request. With tracing off (no provider registered) the
 * span records nothing and no answer is read twice.
 *
 * @example rateLimitedFetch({ pacer, fetch: traceSlackCalls(tracer, countSlackCalls(metrics)) })
 */
export function traceSlackCalls(tracer: StudioTracer, send: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const url = urlOf(input);
    const found = methodOf(url);
    // Anything else through this client (a file's bytes to an upload URL, whose path is a secret) is named generally.
    const method = WEB_API_METHOD.test(found) ? found : undefined;
    return tracer.span(
      method ? `slack ${method}` : "slack request",
      { kind: "client", attributes: requestAttributes(url, method, init) },
      async (span) => {
        const response = await send(input, init);
        if (span.isRecording()) {
          span.setAttribute("http.response.status_code", response.status);
          const error = await slackErrorOf(response);
          // error.type as the HTTP conventions have it: Slack's code when it refused, else the status of a 4xx/5xx.
          if (error) span.setAttributes({ "slack.error": error, "error.type": error });
          else if (response.status >= 400) span.setAttribute("error.type", String(response.status));
        }
        return response;
      },
    );
  };
}
