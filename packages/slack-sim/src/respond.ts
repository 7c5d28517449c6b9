import { filesOf, findMessage, RESPONSE_URL_LIMITS, SIM_WORKSPACE, type SimState, stampBlocks } from "./state.js";
import type { Block, SimMessage } from "./types.js";
import { validateMessage } from "./validate.js";

interface ResponseBody {
  text?: string;
  blocks?: Block[];
  response_type?: "ephemeral" | "in_channel";
  replace_original?: boolean | string;
  delete_original?: boolean | string;
  thread_ts?: string;
}

const answer = (status: number, body: Record<string, unknown>): Response =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const truthy = (value: unknown): boolean => value === true || value === "true";

/**
 * Answers a POST to a `response_url`: at most 5 uses within 30 minutes on the sim's clock (Slack's documented
 * limits). Slack's own refusals here are HTTP 404 with `used_url`/`expired_url`; that is the sim's reading.
 */
export async function handleResponseUrl(state: SimState, id: string, request: Request): Promise<Response> {
  const record = state.responseUrls.get(id);
  if (!record) return answer(404, { ok: false, error: "invalid_url" });
  if (state.now() - record.createdAt > RESPONSE_URL_LIMITS.lifetimeMs)
    return answer(404, { ok: false, error: "expired_url" });
  if (record.uses >= RESPONSE_URL_LIMITS.uses) return answer(404, { ok: false, error: "used_url" });
  record.uses += 1;

  let body: ResponseBody;
  try {
    body = (await request.json()) as ResponseBody;
  } catch {
    return answer(400, { ok: false, error: "invalid_payload" });
  }
  // Only a click on a message has an original message to replace or delete
  // (https://docs.slack.dev/messaging/modifying-messages); a slash command's response_url has none documented, so
  // replace_original posts anew and delete_original deletes nothing there (test/no-membership.test.ts).
  const original = record.messageTs ? findMessage(state, record.channel, record.messageTs) : undefined;
  if (truthy(body.delete_original)) {
    if (original) state.messages.splice(state.messages.indexOf(original), 1);
    return answer(200, { ok: true });
  }
  const valid = validateMessage(body.blocks, body.text, filesOf(state));
  if (!valid.ok) return answer(400, { ok: false, error: valid.error, response_metadata: { messages: valid.problems } });

  if (truthy(body.replace_original) && original) {
    original.text = body.text ?? "";
    if (body.blocks) original.blocks = stampBlocks(state, body.blocks);
    else delete original.blocks;
    original.editedAt = state.nextTs();
    return answer(200, { ok: true });
  }
  // Slash command responses are ephemeral unless the app asks for in_channel.
  const ephemeral = body.response_type !== "in_channel";
  const threadTs = body.thread_ts ?? record.threadTs;
  const message: SimMessage = {
    channel: record.channel,
    ts: state.nextTs(),
    user: SIM_WORKSPACE.botUserId,
    fromBot: true,
    text: body.text ?? "",
    ephemeral,
    files: [],
    ...(ephemeral ? { visibleTo: record.user } : {}),
    ...(body.blocks ? { blocks: stampBlocks(state, body.blocks) } : {}),
    ...(threadTs ? { threadTs } : {}),
  };
  state.messages.push(message);
  return answer(200, { ok: true });
}
