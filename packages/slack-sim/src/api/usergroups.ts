import type { SimState } from "../state.js";
import { type ApiResult, type Args, fail, str } from "./args.js";

/**
 * The members of a user group (`S...`), as `sim.setUserGroup` defined them: `{ ok, users: [ids] }`, Slack's
 * `no_such_subteam` for a group that does not exist (https://api.slack.com/methods/usergroups.users.list).
 */
export function usersList(state: SimState, args: Args): ApiResult {
  const id = str(args.usergroup);
  if (!id) return fail("invalid_arguments");
  const users = state.userGroups.get(id);
  if (!users) return fail("no_such_subteam");
  return { ok: true, users: [...users] };
}
