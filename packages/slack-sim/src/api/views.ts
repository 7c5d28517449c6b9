import { filesOf, SIM_WORKSPACE, type SimState, stampBlocks, TRIGGER_LIFETIME_MS } from "../state.js";
import type { SimView, View } from "../types.js";
import { validateView } from "../validate.js";
import { type ApiResult, type Args, fail, isResult, missing, str, viewArg } from "./args.js";

/** The view object Slack returns: the given view plus the ids and state Slack adds. */
export function viewJson(sim: SimView): Record<string, unknown> {
  return {
    id: sim.id,
    team_id: SIM_WORKSPACE.teamId,
    app_id: SIM_WORKSPACE.appId,
    bot_id: SIM_WORKSPACE.botId,
    hash: sim.hash,
    previous_view_id: sim.previousViewId ?? null,
    root_view_id: sim.previousViewId ?? sim.id,
    external_id: sim.externalId ?? "",
    state: { values: {} },
    ...sim.view,
  };
}

/** The view as Slack keeps it: with a generated `block_id` on each block the app gave none (block-ids.ts). */
export function storedView(state: SimState, view: View): View {
  return Array.isArray(view.blocks) ? { ...view, blocks: stampBlocks(state, view.blocks) } : view;
}

function checkedView(state: SimState, args: Args, type: "modal" | "home"): View | ApiResult {
  const view = viewArg(args);
  if (!view) return missing("view");
  const valid = validateView(view, filesOf(state));
  if (!valid.ok)
    return fail(valid.error, { response_metadata: { messages: valid.problems.map((p) => `[ERROR] ${p}`) } });
  if (view.type !== type)
    return fail("invalid_arguments", { response_metadata: { messages: [`view.type must be ${type}`] } });
  return storedView(state, view);
}

/** A trigger is single use and lives 3 s on the sim's clock (Slack: `expired_trigger_id`, `invalid_trigger_id`). */
function useTrigger(state: SimState, args: Args): { user: string } | ApiResult {
  const id = str(args.trigger_id);
  const trigger = id ? state.triggers.get(id) : undefined;
  if (!id || !trigger) return fail("invalid_trigger_id");
  state.triggers.delete(id);
  if (state.now() - trigger.createdAt > TRIGGER_LIFETIME_MS) return fail("expired_trigger_id");
  return trigger;
}

function store(state: SimState, user: string, view: View, previousViewId?: string): SimView {
  const sim: SimView = { id: state.nextId("V0"), user, view, hash: state.nextId("h."), open: true };
  if (previousViewId) sim.previousViewId = previousViewId;
  if (typeof view.external_id === "string") sim.externalId = view.external_id;
  state.views.set(sim.id, sim);
  return sim;
}

export function open(state: SimState, args: Args): ApiResult {
  const view = checkedView(state, args, "modal");
  if (isResult(view)) return view;
  const trigger = useTrigger(state, args);
  if (isResult(trigger)) return trigger;
  return { ok: true, view: viewJson(store(state, trigger.user, view)) };
}

export function push(state: SimState, args: Args): ApiResult {
  const view = checkedView(state, args, "modal");
  if (isResult(view)) return view;
  const trigger = useTrigger(state, args);
  if (isResult(trigger)) return trigger;
  const top = [...state.views.values()].reverse().find((v) => v.open && v.user === trigger.user);
  if (!top) return fail("push_limit_reached");
  return { ok: true, view: viewJson(store(state, trigger.user, view, top.id)) };
}

export function update(state: SimState, args: Args): ApiResult {
  const view = checkedView(state, args, "modal");
  if (isResult(view)) return view;
  const id = str(args.view_id);
  const externalId = str(args.external_id);
  const sim = [...state.views.values()].find((v) => (id ? v.id === id : v.externalId === externalId));
  if (!sim || (!id && !externalId)) return fail("not_found");
  const hash = str(args.hash);
  // Slack refuses an update made from a stale copy of the view (`hash_conflict`).
  if (hash && hash !== sim.hash) return fail("hash_conflict");
  sim.view = view;
  sim.hash = state.nextId("h.");
  return { ok: true, view: viewJson(sim) };
}

/**
 * views.publish: the person's Home tab, with a new `hash` each time. A Home view carries its hash like a modal does,
 * in the answer and in the `view` of a `block_actions` from it (actions/target.ts); a publish given a `hash` that is
 * not the current one is refused with `hash_conflict` ("Error returned when the provided hash doesn't match the
 * current stored value": https://docs.slack.dev/reference/methods/views.publish).
 */
export function publish(state: SimState, args: Args): ApiResult {
  const view = checkedView(state, args, "home");
  if (isResult(view)) return view;
  const user = str(args.user_id);
  if (!user) return fail("invalid_arguments");
  const hash = str(args.hash);
  if (hash && hash !== state.homeHashes.get(user)) return fail("hash_conflict");
  state.homes.set(user, view);
  const next = state.nextId("h.");
  state.homeHashes.set(user, next);
  return { ok: true, view: { id: `VH${user}`, team_id: SIM_WORKSPACE.teamId, hash: next, ...view } };
}
