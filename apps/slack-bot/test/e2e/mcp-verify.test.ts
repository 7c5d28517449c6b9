// Slack identity auth's checks on their own (src/mcp/verify.ts, identity.ts, replays.ts): Slack's published signing
// example (https://docs.slack.dev/authentication/verifying-requests-from-slack) verifies; a changed byte, a timestamp
// six minutes either way, or a missing header does not; the person is read from a tool call's params._meta.slack only.
import { describe, expect, it } from "vitest";
import { readConfig } from "../../src/config.js";
import { readIdentity } from "../../src/mcp/identity.js";
import { mayAct } from "../../src/mcp/replays.js";
import { verifySignedRequest } from "../../src/mcp/verify.js";

const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const TIMESTAMP = 1531420618;
const BODY =
  "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
const SIGNATURE = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";
const headers = { "x-slack-request-timestamp": String(TIMESTAMP), "x-slack-signature": SIGNATURE };
const at = (seconds: number) => (TIMESTAMP + seconds) * 1000;

describe("verifySignedRequest", () => {
  it("accepts Slack's published example within five minutes either way", () => {
    for (const now of [at(0), at(299), at(-299)]) {
      expect(verifySignedRequest({ signingSecret: SECRET, headers, rawBody: BODY, now })).toEqual({
        ok: true,
        signature: SIGNATURE,
      });
    }
  });

  it("refuses a changed body, another secret, a stale or a future timestamp, and missing or malformed headers", () => {
    const check = (change: Partial<Parameters<typeof verifySignedRequest>[0]>) =>
      verifySignedRequest({ signingSecret: SECRET, headers, rawBody: BODY, now: at(0), ...change });
    expect(check({ rawBody: `${BODY} ` })).toEqual({ ok: false, refusal: "bad-signature" });
    expect(check({ signingSecret: "another" })).toEqual({ ok: false, refusal: "bad-signature" });
    expect(check({ now: at(360) })).toEqual({ ok: false, refusal: "stale" });
    expect(check({ now: at(-360) })).toEqual({ ok: false, refusal: "stale" });
    expect(check({ headers: { "x-slack-signature": SIGNATURE } })).toEqual({ ok: false, refusal: "unsigned" });
    expect(check({ headers: { ...headers, "x-slack-signature": "v1=abc" } })).toEqual({
      ok: false,
      refusal: "malformed",
    });
    expect(check({ headers: { ...headers, "x-slack-request-timestamp": "soon" } })).toEqual({
      ok: false,
      refusal: "malformed",
    });
  });
});

describe("who a body is for, and whether it may act", () => {
  const call = (slack: unknown) => ({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "x", _meta: { slack } },
  });

  it("reads the person from each tool call's params._meta.slack, and nobody from a listing", () => {
    expect(readIdentity(call({ user_id: "U0ALICE", team_id: "T0SIM0001" }))).toEqual({
      kind: "one",
      identity: { user: "U0ALICE", team: "T0SIM0001" },
    });
    expect(readIdentity(call({ user_id: "W0GRID", team_id: "T0A", enterprise_id: "E0ORG" }))).toEqual({
      kind: "one",
      identity: { user: "W0GRID", team: "T0A", enterprise: "E0ORG" },
    });
    expect(readIdentity({ jsonrpc: "2.0", id: 1, method: "tools/list" })).toEqual({ kind: "none" });
    expect(readIdentity(call({ user_id: "alice", team_id: "T0SIM0001" }))).toEqual({ kind: "missing" });
    expect(readIdentity(call(undefined))).toEqual({ kind: "missing" });
    expect(
      readIdentity([call({ user_id: "U0ALICE", team_id: "T0A" }), call({ user_id: "U0BOB", team_id: "T0A" })]),
    ).toEqual({ kind: "mixed" });
  });

  it("counts a tool call (or a method it does not know) as acting, and the protocol's own messages as not", () => {
    expect(mayAct(call({}))).toBe(true);
    expect(mayAct({ method: "resources/subscribe" })).toBe(true);
    expect(mayAct({ method: "initialize" })).toBe(false);
    expect(mayAct([{ method: "notifications/initialized" }, { method: "tools/list" }])).toBe(false);
  });
});

describe("STUDIO_MCP", () => {
  const base = { SLACK_BOT_TOKEN: "xoxb-1", SLACK_SIGNING_SECRET: "s", STUDIO_BOT_DB: ":memory:" };

  it("is off unless on, and on serves /mcp", () => {
    expect(readConfig(base).mcp).toBeUndefined();
    expect(readConfig({ ...base, STUDIO_MCP: "off" }).mcp).toBeUndefined();
    expect(readConfig({ ...base, STUDIO_MCP: "ON" }).mcp).toEqual({ enabled: true, path: "/mcp" });
  });

  it("refuses another value, and on without a signing secret to verify Slackbot's requests with", () => {
    expect(() => readConfig({ ...base, STUDIO_MCP: "yes" })).toThrow(/STUDIO_MCP must be on or off/);
    const socket = { SLACK_BOT_TOKEN: "xoxb-1", SLACK_APP_TOKEN: "xapp-1", STUDIO_BOT_DB: ":memory:" };
    expect(() => readConfig({ ...socket, STUDIO_MCP: "on" })).toThrow(/STUDIO_MCP=on needs SLACK_SIGNING_SECRET/);
  });
});
