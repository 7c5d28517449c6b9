// entity.presentDetails (https://docs.slack.dev/reference/methods/entity.presentDetails): the app answers an
// `entity_details_requested` with the flexpane's entity for that person, or an error. `trigger_id` is required; an
// unknown one is `invalid_trigger_id`; `metadata` that does not parse or fails the entity checks is
// `invalid_metadata`; an entity other than the one clicked is `entity_metadata_does_not_match_trigger` (the
// method's errors). The flexpane's metadata is the unfurl's without `app_unfurl_url`
// (https://docs.slack.dev/messaging/work-objects-implementation#flexpane-implementation). `error.status` is one of
// the documented statuses. The trigger's lifetime is not documented for this method: the sim gives it the 3 s a
// modal's trigger has, and lets the app answer it more than once (a flexpane refresh answers the same click).
// The `trigger_id` of a click on one of the flexpane's actions answers that flexpane again, with the board as it is
// after the click [reported: a Work Objects reference built from docs.slack.dev's implementation page: acknowledge
// the action, do the work, then "refresh with chat.unfurl or entity.presentDetails as appropriate"; an edit's
// `view_submission` trigger is answered the same way]. The answer joins the flexpane's answers: its latest is what
// the person sees.
import { linkState } from "../link-state.js";
import { filesOf, type SimState, TRIGGER_LIFETIME_MS } from "../state.js";
import type { SimEntity, SimEntityDetails } from "../types.js";
import { type ApiResult, type Args, fail, flag, json, missing, str } from "./args.js";
import { DETAILS_ERROR_STATUSES, entityProblems } from "./entity-check.js";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `entity.presentDetails`: records the answer to the trigger's flexpane. */
export function presentDetails(state: SimState, args: Args): ApiResult {
  const triggerId = str(args.trigger_id);
  if (!triggerId) return missing("trigger_id");
  const links = linkState(state);
  const click = links.actionTriggers.get(triggerId);
  const trigger = links.details.get(click ? click.openedWith : triggerId);
  const createdAt = click ? click.createdAt : trigger?.createdAt;
  if (!trigger || createdAt === undefined || state.now() - createdAt > TRIGGER_LIFETIME_MS) {
    return fail("invalid_trigger_id");
  }
  let metadata: unknown;
  let error: unknown;
  try {
    metadata = json<unknown>(args.metadata);
  } catch {
    return fail("invalid_metadata");
  }
  try {
    error = json<unknown>(args.error);
  } catch {
    return fail("invalid_arguments");
  }
  if (metadata !== undefined) {
    const problems = entityProblems(metadata, "/metadata", false, filesOf(state));
    if (problems.length > 0) return fail("invalid_metadata", { response_metadata: { messages: problems } });
    const ref = (metadata as SimEntity).external_ref;
    if (ref.id !== trigger.externalRef.id || (ref.type ?? undefined) !== (trigger.externalRef.type ?? undefined)) {
      return fail("entity_metadata_does_not_match_trigger");
    }
  }
  if (error !== undefined) {
    if (!isObject(error) || !(DETAILS_ERROR_STATUSES as readonly string[]).includes(String(error.status))) {
      return fail("invalid_arguments", { response_metadata: { messages: ["[ERROR] invalid error.status"] } });
    }
  }
  const answer: SimEntityDetails = {
    triggerId,
    user: trigger.user,
    ...(metadata !== undefined ? { metadata: metadata as SimEntity } : {}),
    ...(error !== undefined ? { error: error as SimEntityDetails["error"] & Json } : {}),
    userAuthRequired: flag(args.user_auth_required),
    ...(str(args.user_auth_url) ? { userAuthUrl: str(args.user_auth_url) } : {}),
  };
  trigger.answers.push(answer);
  return { ok: true };
}
