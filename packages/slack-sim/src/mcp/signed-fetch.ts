// How Slackbot's MCP client signs what it sends an app's MCP server with Slack identity auth. The docs page
// (https://docs.slack.dev/ai/slackbot-mcp-client) says "Slack identifies them via signed requests containing their
// user and team IDs" and no more; Slack's own sample for it (slack-samples/bolt-js-examples,
// ai/slackbot-mcp-client/slack-identity: src/app.js verifies with Bolt's isValidSlackRequest, tests/app.test.js signs
// the same way) shows the scheme: Slack's request signing v0 over the raw body, with X-Slack-Request-Timestamp and
// X-Slack-Signature (https://docs.slack.dev/authentication/verifying-requests-from-slack), on every request. So the
// sim signs every request exactly so, on its clock, and keeps what it sent so a test can send it again (a replay).

import { SlackSimError } from "../errors.js";
import { signSlackRequest } from "../signing.js";

/** How a request is signed: as Slack does, not at all, or with another secret (a forgery). */
export type SlackbotSigning = "slack" | "unsigned" | { secret: string };

/** A request the sim sent to the app's MCP endpoint, byte for byte: what a replay sends again. */
export interface SentMcpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A fetch for the SDK's transport that signs each request (as `signingFor` its body says, else `signing`) with the
 * sim's clock, and reports it to `sent`. A body that is not a string is refused: the signature is over its bytes.
 */
export function signedFetch(options: {
  secret: string;
  signing: SlackbotSigning;
  signingFor?: (body: string) => SlackbotSigning;
  now: () => number;
  fetch: typeof fetch;
  sent: (request: SentMcpRequest) => void;
}): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? "GET";
    const body = init?.body ?? "";
    if (typeof body !== "string") {
      throw new SlackSimError("invalid_options", "slackbot: an MCP request body must be a string to be signed");
    }
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const signing = options.signingFor?.(body) ?? options.signing;
    if (signing !== "unsigned") {
      const secret = signing === "slack" ? options.secret : signing.secret;
      const timestamp = Math.floor(options.now() / 1000);
      headers["x-slack-request-timestamp"] = String(timestamp);
      headers["x-slack-signature"] = signSlackRequest(secret, timestamp, body);
    }
    options.sent({ url, method, headers: { ...headers }, body });
    return options.fetch(url, { ...init, method, headers, ...(method === "GET" ? {} : { body }) });
  };
}
