// Who a signed request is for. Slack's sample for Slack identity auth (slack-samples/bolt-js-examples,
// ai/slackbot-mcp-client/slack-identity: src/app.js reads it, tests/app.test.js sends it) carries the person in each
// tool call's `params._meta.slack`: `user_id`, `team_id` and, on Enterprise Grid, `enterprise_id`. The docs page
// (https://docs.slack.dev/ai/slackbot-mcp-client) says only "signed requests containing their user and team IDs";
// whether initialize and tools/list carry it too is not documented, so only a tool call needs it here (listing the
// tools is the same for everyone). It is trusted only because the body it is in was verified (verify.ts).

import { messagesOf } from "./replays.js";

/** The Slack person a tool call acts as. */
export interface SlackIdentity {
  user: string;
  team: string;
  enterprise?: string;
}

/** What a body says about who it is for. */
export type IdentityRead =
  /** No tool call in it: nothing acts, nobody is needed. */
  | { kind: "none" }
  | { kind: "one"; identity: SlackIdentity }
  /** A tool call without `_meta.slack.user_id` and `team_id`, or calls naming different people. */
  | { kind: "missing" | "mixed" };

// Slack ids: a one-letter kind, then upper-case letters and digits (config/access.ts says why lower case is refused).
const USER = /^[UW][A-Z0-9]{2,}$/;
const TEAM = /^T[A-Z0-9]{2,}$/;
const ENTERPRISE = /^E[A-Z0-9]{2,}$/;

function identityOf(params: unknown): SlackIdentity | undefined {
  const slack = (params as { _meta?: { slack?: Record<string, unknown> } } | undefined)?._meta?.slack;
  const user = slack?.user_id;
  const team = slack?.team_id;
  const enterprise = slack?.enterprise_id;
  if (typeof user !== "string" || !USER.test(user) || typeof team !== "string" || !TEAM.test(team)) return undefined;
  return { user, team, ...(typeof enterprise === "string" && ENTERPRISE.test(enterprise) ? { enterprise } : {}) };
}

/** The person the body's tool calls are for (every call of a batch must name the same one). */
export function readIdentity(body: unknown): IdentityRead {
  const calls = messagesOf(body).filter((message) => message.method === "tools/call");
  if (!calls.length) return { kind: "none" };
  const people = calls.map((call) => identityOf(call.params));
  const first = people[0];
  if (!first || people.some((person) => !person)) return { kind: "missing" };
  const same = people.every((person) => person?.user === first.user && person.team === first.team);
  return same ? { kind: "one", identity: first } : { kind: "mixed" };
}
