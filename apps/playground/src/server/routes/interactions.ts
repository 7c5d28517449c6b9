import { INVITE_PROMPT_ACTIONS, type SlackSim } from "@studio-kit/slack-sim";
import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { json, optionalString, readJson, requireString } from "../http/responses.js";
import type { Router } from "../http/router.js";
import { requireAck, simAction } from "../sim-errors.js";
import { personOf } from "../workspace.js";

function checkedUser(body: Record<string, unknown>): string {
  const user = requireString(body, "user");
  if (!personOf(user))
    throw new HttpError(400, "unknown_user", "Pick one of the workspace's people (GET /api/workspace).");
  return user;
}

function selectedOption(body: Record<string, unknown>): { text: string; value: string } | undefined {
  const option = body.selectedOption;
  if (option === undefined || option === null) return undefined;
  const { text, value } = option as { text?: unknown; value?: unknown };
  if (typeof text !== "string" || typeof value !== "string") {
    throw new HttpError(400, "invalid_request", '"selectedOption" must be { text, value }, both strings.');
  }
  return { text, value };
}

type ViewValues = Record<string, Record<string, Record<string, unknown>>>;

function viewValues(body: Record<string, unknown>): ViewValues {
  const values = body.values ?? {};
  const isObject = (item: unknown) => typeof item === "object" && item !== null && !Array.isArray(item);
  const valid =
    isObject(values) &&
    Object.values(values as object).every(
      (block) => isObject(block) && Object.values(block as object).every((element) => isObject(element)),
    );
  if (!valid) {
    throw new HttpError(
      400,
      "invalid_request",
      '"values" must be Slack\'s view.state.values: { [blockId]: { [actionId]: {...} } }.',
    );
  }
  return values as ViewValues;
}

/**
 * A click on Slackbot's invite prompt (a mention of the bot where it is not a member): Slack's own buttons, which
 * slack-sim answers (`answerInvite`) instead of sending the bot a click. Invite Them adds the bot and sends it the
 * mention; both acks must be 200, as any event's.
 */
async function answerInvite(sim: SlackSim, user: string, actionId: string, channel?: string, ts?: string) {
  if (!channel || !ts) throw new HttpError(400, "invalid_request", 'Give the prompt\'s "channel" and "messageTs".');
  const invite = actionId === INVITE_PROMPT_ACTIONS.invite;
  const answered = await simAction(() => sim.answerInvite({ user, channel, ts, invite }));
  if (answered.invited) {
    requireAck(answered.joined);
    requireAck(answered.mention);
  }
}

const INVITE_ACTIONS = new Set<string>(Object.values(INVITE_PROMPT_ACTIONS));

/** The Home tab's view id in the sim (a click in the Home names it): `VH<user>`. */
const homeViewId = (user: string) => `VH${user}`;

/** POST /api/click, /api/submit, /api/close, /api/suggest and /api/home: what a person does in Block Kit. */
export function register(router: Router, context: RouteContext): void {
  const { sim } = context;

  router.add("POST", "/api/click", async (request) => {
    const body = await readJson(request);
    const user = checkedUser(body);
    const actionId = requireString(body, "actionId");
    const value = optionalString(body, "value");
    const channel = optionalString(body, "channel");
    const messageTs = optionalString(body, "messageTs");
    const viewId = optionalString(body, "viewId");
    const picked = selectedOption(body);
    if (!viewId && !messageTs)
      throw new HttpError(400, "invalid_request", 'Give "messageTs" (and "channel") or "viewId".');
    if (!viewId && INVITE_ACTIONS.has(actionId)) {
      await answerInvite(sim, user, actionId, channel, messageTs);
      return json({ ok: true });
    }
    const result = await simAction(() =>
      sim.click({
        user,
        actionId,
        ...(value !== undefined ? { value } : {}),
        ...(channel ? { channel } : {}),
        ...(messageTs ? { messageTs } : {}),
        ...(viewId ? { viewId } : {}),
        ...(picked ? { selectedOption: picked } : {}),
      }),
    );
    requireAck(result);
    return json({ ok: true });
  });

  router.add("POST", "/api/submit", async (request) => {
    const body = await readJson(request);
    const user = checkedUser(body);
    const viewId = requireString(body, "viewId");
    const values = viewValues(body);
    const result = await simAction(() => sim.submitView({ user, viewId, values }));
    // A submit Slack's client refused (a required input left empty) reached no one: its errors show in the view.
    if (result.sent !== false) requireAck(result);
    return json({ responseAction: result.responseAction, ...(result.errors ? { errors: result.errors } : {}) });
  });

  router.add("POST", "/api/close", async (request) => {
    const body = await readJson(request);
    const user = checkedUser(body);
    const viewId = requireString(body, "viewId");
    const result = await simAction(() => sim.closeView({ user, viewId }));
    requireAck(result.delivery);
    return json({ ok: true });
  });

  router.add("POST", "/api/suggest", async (request) => {
    const body = await readJson(request);
    const user = checkedUser(body);
    const viewId = requireString(body, "viewId");
    const actionId = requireString(body, "actionId");
    const value = typeof body.value === "string" ? body.value : "";
    const result = await simAction(() => sim.suggest({ user, viewId, actionId, value }));
    requireAck(result.delivery);
    return json({ options: result.options });
  });

  router.add("POST", "/api/home", async (request) => {
    const body = await readJson(request);
    const user = checkedUser(body);
    const published = () => sim.calls("views.publish").filter((call) => call.args.user_id === user).length;
    const before = published();
    // Bolt acks app_home_opened before its listener runs: the view is published after the ack, after the bot has
    // read credits and boards from the API, so the answer waits for that publish (or gives up and shows the last).
    requireAck(await simAction(() => sim.openHome(user)));
    await context.tracker.waitUntil(() => published() > before, context.homeWaitMs, request.signal);
    const home = sim.home(user);
    // The id is the one a click in the Home names (`viewId`).
    return json({ view: home ? { ...home, id: homeViewId(user) } : null });
  });
}
