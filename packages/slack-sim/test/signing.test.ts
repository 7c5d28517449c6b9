import { describe, expect, it } from "vitest";
import { signSlackRequest, slackHeaders } from "../src/index.js";

// Slack's worked example from https://api.slack.com/authentication/verifying-requests-from-slack
const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const TIMESTAMP = 1531420618;
const BODY =
  "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";

describe("request signing", () => {
  it("reproduces Slack's published signature example", () => {
    expect(signSlackRequest(SECRET, TIMESTAMP, BODY)).toBe(
      "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503",
    );
  });

  it("gives a different signature when one byte of the body changes", () => {
    expect(signSlackRequest(SECRET, TIMESTAMP, `${BODY}x`)).not.toBe(signSlackRequest(SECRET, TIMESTAMP, BODY));
  });

  it("adds the retry headers only to a redelivery", () => {
    expect(slackHeaders(SECRET, TIMESTAMP, BODY, "application/json")).not.toHaveProperty("x-slack-retry-num");
    expect(slackHeaders(SECRET, TIMESTAMP, BODY, "application/json", { num: 1, reason: "http_timeout" })).toMatchObject(
      {
        "x-slack-retry-num": "1",
        "x-slack-retry-reason": "http_timeout",
        "x-slack-request-timestamp": String(TIMESTAMP),
      },
    );
  });
});
