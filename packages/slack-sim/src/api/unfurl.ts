// chat.unfurl (https://docs.slack.dev/reference/methods/chat.unfurl/): the app attaches previews to the links a
// person shared. The message is named by `channel` + `ts`, or by `unfurl_id` + `source` (both pairs documented:
// "Both channel and ts must be provided together, or unfurl_id and source must be provided together"). "Either
// unfurls or metadata must be provided": `unfurls` maps each URL to its attachment (or `blocks`), `metadata.entities`
// carries Work Objects (https://docs.slack.dev/messaging/work-objects-implementation), each naming its link by
// `app_unfurl_url`. A URL that is not in the message is `cannot_unfurl_message` ("the URL provided does not
// appear in the message"). An entity that fails its checks is not shown, and the call still answers ok with
// `warning: invalid_metadata_format` and the reasons in `response_metadata.messages` [reported: a developer's
// write-up of Slack's answer; the method page names no error for it].
import { linkState } from "../link-state.js";
import { channelOf, filesOf, type SimState } from "../state.js";
import type { SimEntity, SimMessage } from "../types.js";
import { type ApiResult, type Args, fail, json, missing, str } from "./args.js";
import { entityProblems } from "./entity-check.js";

const SOURCES = ["composer", "conversations_history"];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The message a call names, or the error Slack answers. */
function targetOf(state: SimState, args: Args): SimMessage | ApiResult {
  const unfurlId = str(args.unfurl_id);
  const source = str(args.source);
  if (unfurlId || source) {
    if (!unfurlId) return missing("unfurl_id");
    if (!source) return missing("source");
    if (!SOURCES.includes(source)) return fail("invalid_arguments");
    const share = linkState(state).shares.get(unfurlId);
    if (!share) return fail("invalid_unfurl_id");
    return findShared(state, share.channel, share.ts) ?? fail("cannot_find_message");
  }
  const channel = str(args.channel);
  const ts = str(args.ts);
  if (!channel) return missing("channel");
  if (!ts) return missing("ts");
  const known = channelOf(state, channel);
  if (!known) return fail("cannot_find_channel");
  return findShared(state, known.id, ts) ?? fail("cannot_find_message");
}

const findShared = (state: SimState, channel: string, ts: string): SimMessage | undefined =>
  state.messages.find((m) => m.channel === channel && m.ts === ts && !m.ephemeral);

/** `chat.unfurl`: attaches `unfurls` and `metadata.entities` to the links of the message. */
export function chatUnfurl(state: SimState, args: Args): ApiResult {
  const target = targetOf(state, args);
  if ("ok" in target) return target;
  const unfurls = json<unknown>(args.unfurls);
  const metadata = json<unknown>(args.metadata);
  if (unfurls === undefined && metadata === undefined) return missing("unfurls");
  if (unfurls !== undefined && (!isObject(unfurls) || !Object.values(unfurls).every(isObject))) {
    return fail("invalid_unfurls_format");
  }
  if (metadata !== undefined && (!isObject(metadata) || !Array.isArray(metadata.entities))) {
    return fail("invalid_metadata");
  }
  const shared = target.unfurls ?? {};
  const urls = [
    ...Object.keys(unfurls ?? {}),
    ...((metadata?.entities as unknown[] | undefined) ?? [])
      .map((entity) => (isObject(entity) ? str(entity.app_unfurl_url) : undefined))
      .filter((url): url is string => url !== undefined),
  ];
  if (urls.some((url) => !shared[url])) return fail("cannot_unfurl_message");

  const problems: string[] = [];
  const entities: SimEntity[] = [];
  ((metadata?.entities as unknown[] | undefined) ?? []).forEach((entity, i) => {
    const found = entityProblems(entity, `/metadata/entities/${i}`, true, filesOf(state));
    if (found.length > 0) problems.push(...found);
    else entities.push(entity as SimEntity);
  });
  // Calling again for the same message replaces what was attached to each link (the method page: "Subsequent
  // attempts with the same ts and channel values will modify the same attachments, rather than adding more").
  for (const [url, unfurl] of Object.entries(unfurls ?? {})) {
    const link = shared[url];
    if (link) link.unfurl = unfurl as Json;
  }
  for (const entity of entities) {
    const link = entity.app_unfurl_url ? shared[entity.app_unfurl_url] : undefined;
    if (link) link.entity = entity;
  }
  if (problems.length > 0) {
    return { ok: true, warning: "invalid_metadata_format", response_metadata: { messages: problems } };
  }
  return { ok: true };
}
