// How the bot's Web API client retries. @slack/web-api's default retries a failed call up to 10 times over about
// 30 minutes, network errors and 5xx included: a chat.postMessage that timed out may have been posted, and would be
// posted again. Only one failure proves a call did nothing: HTTP 429, which Slack answers before doing anything.
// On a 429 the client itself waits the Retry-After seconds and then throws "A rate limit was exceeded (...)", which
// its own catch wraps as a WebAPIRequestError ("A request error occurred: A rate limit was exceeded ...") for p-retry
// to try again (WebClient.makeRequest, @slack/web-api 8.2). The library gives that case no type of its own, so this
// policy recognises its message, lets exactly that error through and stops every other one at once.

/** What @slack/web-api 8 says after it waited out a 429's Retry-After, asking for another attempt. */
const RATE_LIMITED = /\bA rate limit was exceeded \(/;

/** How many times a rate-limited call is tried again (each after at least its Retry-After). */
export const RATE_LIMIT_RETRIES = 3;

/**
 * p-retry options for `clientOptions.retryConfig`: a 429 is retried (after its Retry-After, which the client waits;
 * no extra back-off here), nothing else is. The error of a failed call reaches the flow, which tells the user.
 */
export const SLACK_RETRY_CONFIG = {
  retries: RATE_LIMIT_RETRIES,
  minTimeout: 0,
  maxTimeout: 0,
  onFailedAttempt(error: Error) {
    if (!RATE_LIMITED.test(error.message)) throw error;
  },
};
