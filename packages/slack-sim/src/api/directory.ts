import { channelOf, dmIdOf, SIM_WORKSPACE, type SimState, userOf } from "../state.js";
import { type ApiResult, type Args, fail, str } from "./args.js";

export function authTest(_state: SimState): ApiResult {
  return {
    ok: true,
    url: `https://${SIM_WORKSPACE.teamDomain}.slack.com/`,
    team: "Studio Sim",
    user: "studio-bot",
    team_id: SIM_WORKSPACE.teamId,
    user_id: SIM_WORKSPACE.botUserId,
    bot_id: SIM_WORKSPACE.botId,
    is_enterprise_install: false,
  };
}

/**
 * A conversation as Slack's conversation object describes it (https://docs.slack.dev/reference/objects/conversation-object):
 * `is_private` says whether a channel is private (its id starts with C either way: Slack says to read the booleans,
 * never the id's first letter, https://docs.slack.dev/changelog/2018/09/01/more-reasons-to-be-a-conversations-api-convert);
 * a DM is `is_im`. A private channel the bot is not in is one it cannot see: `channel_not_found`.
 */
export function conversationsInfo(state: SimState, args: Args): ApiResult {
  const id = str(args.channel);
  const channel = id ? channelOf(state, id) : undefined;
  if (!channel || (channel.private && !channel.member)) return fail("channel_not_found");
  const im = channel.id.startsWith("D");
  return {
    ok: true,
    channel: {
      id: channel.id,
      name: channel.name,
      is_channel: !im,
      is_group: false,
      is_im: im,
      is_mpim: false,
      // The im object documents no is_private (https://docs.slack.dev/reference/objects/im-object): a DM is is_im,
      // with `user`, the person on the other side of it (the bot's DM with a person is `D` + their id: state.ts).
      ...(im ? { user: channel.id.slice(1) } : { is_private: channel.private === true }),
      is_member: channel.member,
    },
  };
}

/** The bot joins a public channel; DMs, private channels and unknown channels answer as Slack does. */
export function conversationsJoin(state: SimState, args: Args): ApiResult {
  const id = str(args.channel);
  const channel = id ? channelOf(state, id) : undefined;
  if (!channel || (channel.private && !channel.member)) return fail("channel_not_found");
  if (channel.id.startsWith("D") || channel.private) return fail("method_not_supported_for_channel_type");
  channel.member = true;
  return { ok: true, channel: { id: channel.id, name: channel.name, is_channel: true, is_member: true } };
}

export function usersInfo(state: SimState, args: Args): ApiResult {
  const id = str(args.user);
  if (!id) return fail("user_not_found");
  if (id === SIM_WORKSPACE.botUserId) {
    return { ok: true, user: { id, name: "studio-bot", is_bot: true, team_id: SIM_WORKSPACE.teamId } };
  }
  if (!state.users.has(id) && !id.startsWith("U") && !id.startsWith("W")) return fail("user_not_found");
  const user = userOf(state, id);
  return {
    ok: true,
    user: {
      id: user.id,
      team_id: SIM_WORKSPACE.teamId,
      name: user.name,
      real_name: user.realName,
      is_bot: false,
      tz: "Europe/London",
      profile: { real_name: user.realName, display_name: user.name },
    },
  };
}

/**
 * Opens (or resumes) the bot's direct message with one person: `users` (one id; several would be a group DM, not
 * emulated: `invalid_arguments`) or `channel` (a `D...` id). Slack answers `{ channel: { id } }`, the whole IM with
 * `return_im`, and `no_op` + `already_open` when it was open (https://api.slack.com/methods/conversations.open).
 */
export function conversationsOpen(state: SimState, args: Args): ApiResult {
  const resume = str(args.channel);
  const users = (str(args.users) ?? "")
    .split(",")
    .map((user) => user.trim())
    .filter(Boolean);
  if (!resume && users.length === 0) return fail("users_list_not_supplied");
  if (users.length > 1) return fail("invalid_arguments");
  const userId = resume ? (resume.startsWith("D") ? resume.slice(1) : undefined) : users[0];
  if (!userId) return fail("channel_not_found");
  if (userId === SIM_WORKSPACE.botUserId) return fail("cannot_dm_bot");
  if (!state.users.has(userId) && !userId.startsWith("U") && !userId.startsWith("W")) return fail("user_not_found");
  userOf(state, userId);
  const alreadyOpen = state.channels.has(dmIdOf(userId));
  const channel = channelOf(state, dmIdOf(userId));
  if (!channel) return fail("channel_not_found");
  const full = args.return_im === true || str(args.return_im) === "true";
  return {
    ok: true,
    ...(alreadyOpen ? { no_op: true, already_open: true } : {}),
    channel: full
      ? { id: channel.id, created: Math.floor(state.now() / 1000), is_im: true, is_org_shared: false, user: userId }
      : { id: channel.id },
  };
}
