import type { AnyMiddlewareArgs, Middleware } from "@slack/bolt";
import type { BotDeps } from "../../deps.js";

// Slack signs every request over HTTP with a timestamp, and asks apps to refuse one whose timestamp is more than
// five minutes from now, either way, "to protect against replay attacks"
// (https://docs.slack.dev/authentication/verifying-requests-from-slack). Bolt's HTTPReceiver checks the signature
// and refuses a timestamp more than five minutes old, but not one ahead, and a request sent again with the same
// signature within the five minutes passes: a replayed `/studio image` would generate (and spend) twice. Socket
// Mode requests are not signed and arrive on the app's own connection: nothing to check there.

/** How far a request's timestamp may be from now, either way: Slack's documented five minutes. */
export const SIGNED_REQUEST_WINDOW_MS = 5 * 60_000;

/** The signed headers of an HTTP request, put in Bolt's context by the receiver's `customPropertiesExtractor`. */
export interface SignedHeaders {
  slackSignature?: string;
  slackRequestTimestamp?: string;
}

/** The receiver's `customPropertiesExtractor`: the two headers the replay check needs, nothing else. */
export function signedHeaders(request: { headers: Record<string, string | string[] | undefined> }): SignedHeaders {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === "string" ? value : undefined;
  };
  const signature = header("x-slack-signature");
  const timestamp = header("x-slack-request-timestamp");
  return {
    ...(signature ? { slackSignature: signature } : {}),
    ...(timestamp ? { slackRequestTimestamp: timestamp } : {}),
  };
}

/**
 * A global middleware that runs each signed request once: a timestamp more than five minutes ahead is refused, and
 * a signature seen in the last five minutes (claimed in the store, so every replica shares it) stops here. A
 * refused request is acked with nothing, so that nothing runs and Bolt does not wait for an ack. If the store
 * cannot be read the request goes on: losing a person's request is worse than a rare replay.
 */
export function refuseReplays(deps: BotDeps): Middleware<AnyMiddlewareArgs> {
  return async (args) => {
    const { context, next } = args;
    const signature = (context as SignedHeaders).slackSignature;
    const timestamp = Number((context as SignedHeaders).slackRequestTimestamp);
    if (typeof signature !== "string") return next();
    const refuse = async (why: string) => {
      deps.logger.warn({ why }, "refused a signed request");
      const ack = (args as { ack?: () => Promise<void> }).ack;
      await ack?.().catch(() => {});
    };
    if (!Number.isFinite(timestamp) || timestamp * 1000 > deps.now() + SIGNED_REQUEST_WINDOW_MS) {
      return refuse("its timestamp is more than five minutes ahead");
    }
    let first = true;
    try {
      first = await deps.store.claims.claim(`signed:${signature}`, deps.now(), SIGNED_REQUEST_WINDOW_MS);
    } catch (error) {
      deps.logger.error({ err: error }, "could not check a request's signature for a replay; handling it");
    }
    if (!first) return refuse("the same signed request was already handled");
    await next();
  };
}
