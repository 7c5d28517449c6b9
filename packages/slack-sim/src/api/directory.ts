import { channelOf, SIM_WORKSPACE, type SimState, userOf } from "../state.js";
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

export function conversationsInfo(state: SimState, args: Args): ApiResult {
  const id = str(args.channel);
  const channel = id ? channelOf(state, id) : undefined;
  if (!channel) return fail("channel_not_found");
  const im = channel.id.startsWith("D");
  return {
    ok: true,
    channel: { id: channel.id, name: channel.name, is_channel: !im, is_im: im, is_member: channel.member },
  };
}

/** The bot joins a public channel; DMs and unknown channels answer as Slack does. */
export function conversationsJoin(state: SimState, args: Args): ApiResult {
  const id = str(args.channel);
  const channel = id ? channelOf(state, id) : undefined;
  if (!channel) return fail("channel_not_found");
  if (channel.id.startsWith("D")) return fail("method_not_supported_for_channel_type");
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
