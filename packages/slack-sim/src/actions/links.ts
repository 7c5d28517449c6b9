// A person shares links, and clicks a Work Object: `link_shared` (https://docs.slack.dev/reference/events/link_shared)
// and `entity_details_requested` (https://docs.slack.dev/reference/events/entity_details_requested), with the
// documented payloads.
import { SlackSimError } from "../errors.js";
import { linkState } from "../link-state.js";
import { userOf } from "../state.js";
import type { SimMessage, SimUnfurl } from "../types.js";
import { anyChannel, type SendOptions } from "./common.js";
import type { DeliveryContext } from "./deliver.js";
import { type EventLog, type EventResult, sendEvent } from "./events.js";

/** A person posts a message with one or more links. */
export interface ShareLinkInput extends SendOptions {
  user: string;
  channel: string;
  /** One link, or several in one message. */
  url: string | string[];
  /** The message's text; default the links, as Slack writes them (`<url>`). */
  text?: string;
  threadTs?: string;
}

/** The event's ack, the message's ts and the share's `unfurl_id`; `delivered` false when no link matched a domain. */
export interface ShareLinkResult extends Partial<EventResult> {
  ts: string;
  unfurlId: string;
  delivered: boolean;
}

/** A person clicks a Work Object unfurl, opening its flexpane. */
export interface OpenEntityDetailsInput extends SendOptions {
  user: string;
  channel: string;
  /** The message the unfurl is on. */
  messageTs: string;
  /** The shared link (its `app_unfurl_url`). */
  url: string;
  /** Slack sends the person's locale; default `en-US`. */
  locale?: string;
}

/** The event's ack and the `trigger_id` the app answers with (read the answers with `entityDetails(triggerId)`). */
export interface OpenEntityDetailsResult extends EventResult {
  triggerId: string;
}

/**
 * The registered domain a URL matches: its host, or a domain its host is under (the event's example gives
 * `domain: "another-example.com"` for `https://yet.another-example.com/...`). Undefined when the app registered
 * domains and none matches; every host matches when it registered none (a sim built without `unfurlDomains`).
 */
function domainOf(url: string, domains: readonly string[] | undefined): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  if (!domains) return host;
  return domains.find((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * Posts the person's message with the links, then sends `link_shared` with the links of the app's domains (none:
 * no event, as Slack sends none). The source is `conversations_history`: the link was posted.
 */
export async function sendLinkShared(
  context: DeliveryContext,
  log: EventLog,
  input: ShareLinkInput,
): Promise<ShareLinkResult> {
  const { state } = context;
  const urls = Array.isArray(input.url) ? input.url : [input.url];
  if (urls.length === 0) throw new SlackSimError("invalid_options", "shareLink needs at least one url");
  const channel = anyChannel(state, input.channel);
  const user = userOf(state, input.user);
  const links = linkState(state);
  const unfurls: Record<string, SimUnfurl> = {};
  for (const url of urls) unfurls[url] = { url };
  const message: SimMessage = {
    channel: channel.id,
    ts: state.nextTs(),
    user: user.id,
    fromBot: false,
    text: input.text ?? urls.map((url) => `<${url}>`).join(" "),
    ephemeral: false,
    files: [],
    unfurls,
    ...(input.threadTs ? { threadTs: input.threadTs } : {}),
  };
  state.messages.push(message);
  // Slack's unfurl_id is `<channel>.<ts>.<hash>`; the sim's only has to be unique.
  const unfurlId = `${channel.id}.${message.ts}.${state.nextId("u")}`;
  links.shares.set(unfurlId, { channel: channel.id, ts: message.ts });
  const matched = urls
    .map((url) => ({ url, domain: domainOf(url, links.unfurlDomains) }))
    .filter((link): link is { url: string; domain: string } => link.domain !== undefined);
  if (matched.length === 0) return { ts: message.ts, unfurlId, delivered: false };
  const event = {
    type: "link_shared",
    channel: channel.id,
    is_bot_user_member: channel.member,
    user: user.id,
    message_ts: message.ts,
    unfurl_id: unfurlId,
    ...(input.threadTs ? { thread_ts: input.threadTs } : {}),
    source: "conversations_history",
    links: matched,
    event_ts: message.ts,
  };
  const result = await sendEvent(context, log, event, input);
  return { ...result, ts: message.ts, unfurlId, delivered: true };
}

/**
 * Sends `entity_details_requested` for the Work Object the app unfurled `url` with on that message: its
 * `external_ref`, `entity_url`, the link, and a fresh `trigger_id` the app answers with entity.presentDetails.
 * Throws when that link has no Work Object (there is nothing a person could click).
 */
export async function sendEntityDetailsRequested(
  context: DeliveryContext,
  log: EventLog,
  input: OpenEntityDetailsInput,
): Promise<OpenEntityDetailsResult> {
  const { state } = context;
  const channel = anyChannel(state, input.channel);
  const message = state.messages.find((m) => m.channel === channel.id && m.ts === input.messageTs);
  const entity = message?.unfurls?.[input.url]?.entity;
  if (!message || !entity) {
    throw new SlackSimError("message_not_found", `no Work Object unfurls ${input.url} on message ${input.messageTs}`);
  }
  const user = userOf(state, input.user);
  const triggerId = `${state.nextId("")}.${state.now()}.e7a3d9f1`;
  linkState(state).details.set(triggerId, {
    user: user.id,
    externalRef: { ...entity.external_ref },
    entityUrl: entity.url,
    createdAt: state.now(),
    answers: [],
  });
  let domain = "";
  try {
    domain = new URL(entity.url).hostname;
  } catch {
    // The entity's URL was checked when it was unfurled; an odd one still gets its event.
  }
  const event = {
    type: "entity_details_requested",
    user: user.id,
    external_ref: entity.external_ref,
    entity_url: entity.url,
    link: { url: entity.url, domain },
    app_unfurl_url: input.url,
    event_ts: state.nextTs(),
    trigger_id: triggerId,
    user_locale: input.locale ?? "en-US",
    channel: channel.id,
    message_ts: message.ts,
    ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
  };
  const result = await sendEvent(context, log, event, input);
  return { ...result, triggerId };
}
