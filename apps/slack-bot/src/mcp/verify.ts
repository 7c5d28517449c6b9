// Slack identity auth, as Slackbot's MCP client sends it (https://docs.slack.dev/ai/slackbot-mcp-client: "Slack
// identifies them via signed requests containing their user and team IDs"). The page does not spell out the scheme;
// Slack's own sample for it (slack-samples/bolt-js-examples, ai/slackbot-mcp-client/slack-identity/src/app.js and its
// tests/app.test.js) verifies every POST to /mcp with Bolt's `isValidSlackRequest`, that is Slack's request signing
// v0 (https://docs.slack.dev/authentication/verifying-requests-from-slack): `X-Slack-Signature` =
// `v0=` + hex HMAC-SHA256 of `v0:{X-Slack-Request-Timestamp}:{raw body}` with the app's signing secret, and the
// timestamp within five minutes of now. That is what is checked here, on every request, before anything runs.
// Not documented, and chosen here (decision 0030): a timestamp more than five minutes AHEAD is refused too (Slack's
// signing page says "more than five minutes from local time", either way; Bolt checks only the past), and the same
// signature seen twice inside the window is a replay (replays.ts).

import { verifySlackRequest } from "@slack/bolt";

/** How far a request's timestamp may be from now, either way: Slack's documented five minutes. */
export const IDENTITY_WINDOW_MS = 5 * 60_000;

/** Why a request was refused before anything ran. None of them repeats a header's value. */
export type IdentityRefusal = "unsigned" | "malformed" | "stale" | "bad-signature" | "replayed";

/** The outcome of {@link verifySignedRequest}: the signature (the replay check's key), or why it was refused. */
export type SignedRequestCheck = { ok: true; signature: string } | { ok: false; refusal: IdentityRefusal };

/** What a refusal says to the caller (an HTTP 401 body): what was wrong, never a value. */
export const REFUSAL_TEXT: Record<IdentityRefusal, string> = {
  unsigned: "This endpoint takes only requests signed by Slack (X-Slack-Signature and X-Slack-Request-Timestamp).",
  malformed: "X-Slack-Request-Timestamp must be whole seconds since the epoch, and X-Slack-Signature v0=<hex>.",
  stale: "The request's timestamp is more than five minutes from now: sign it again with the current time.",
  "bad-signature": "The signature does not match this app's signing secret.",
  replayed: "This signed request was already handled: a request is run once.",
};

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === "string" ? value : undefined;
};

/**
 * Checks a request's Slack signature over its raw body: present, well formed, within five minutes of `now` either
 * way, and matching `signingSecret` (compared in constant time by Bolt's `verifySlackRequest`). Never throws.
 *
 * @example verifySignedRequest({ signingSecret, headers: request.headers, rawBody, now: Date.now() })
 */
export function verifySignedRequest(input: {
  signingSecret: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  now: number;
}): SignedRequestCheck {
  const signature = header(input.headers, "x-slack-signature");
  const timestamp = header(input.headers, "x-slack-request-timestamp");
  if (!signature || !timestamp) return { ok: false, refusal: "unsigned" };
  if (!/^\d{1,12}$/.test(timestamp) || !/^v0=[0-9a-f]{64}$/.test(signature)) return { ok: false, refusal: "malformed" };
  if (Math.abs(Number(timestamp) * 1000 - input.now) > IDENTITY_WINDOW_MS) return { ok: false, refusal: "stale" };
  try {
    verifySlackRequest({
      signingSecret: input.signingSecret,
      body: input.rawBody,
      headers: { "x-slack-signature": signature, "x-slack-request-timestamp": Number(timestamp) },
      nowMilliseconds: input.now,
    });
  } catch {
    // Bolt's message names only the rule broken; the window was checked above, so this is the signature.
    return { ok: false, refusal: "bad-signature" };
  }
  return { ok: true, signature };
}
