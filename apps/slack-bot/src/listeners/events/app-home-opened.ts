import type { AllMiddlewareArgs, SlackEventMiddlewareArgs, webApi } from "@slack/bolt";
import { getCredits, listBoards } from "@studio-kit/core";
import type { BotDeps } from "../../deps.js";
import { HOME_JOBS, type HomeInput, homeView } from "../../messages/home.js";
import { jobLinks } from "../../services/permalinks.js";
import { studioWebBase } from "../../services/studio-links.js";
import { agentDmOpened } from "../assistant/agent-dm.js";

type Args = SlackEventMiddlewareArgs<"app_home_opened"> & AllMiddlewareArgs;

/** The part of Bolt's `client` the Home tab is published with (and its jobs' messages linked with). */
export type HomeClient = Pick<webApi.WebClient, "views" | "chat">;

/**
 * One part of the Home: its value, or null (logged) when reading it failed. `read` is called inside the promise
 * chain, so a part that throws synchronously is a failed read too, never a failed Home.
 */
async function part<T>(deps: BotDeps, user: string, name: string, read: () => Promise<T> | T): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    deps.logger.warn({ err: error, user, part: name }, "home: could not read");
    return null;
  }
}

/**
 * Reads everything the Home tab shows for `user`, all at once: the studio API (credits, boards), the store (recent
 * jobs, quota usage, channel defaults, and for an admin the week's ratings by model) and the access rules. Each part
 * that fails is null; this never rejects.
 */
export async function readHome(deps: BotDeps, user: string): Promise<HomeInput> {
  const now = deps.now();
  const { limits } = deps.config;
  // The usage is only shown next to a configured limit: with none, it is not read at all.
  const limited = limits.userOutputsPerHour !== undefined || limits.dailyCredits !== undefined;
  // The week's ratings are the admins' (STUDIO_ADMIN_USERS; none listed: nobody's), read for them only.
  const admin = deps.config.admins.includes(user);
  const [credits, boards, jobs, usage, access, channelDefaults, ratings] = await Promise.all([
    part(deps, user, "credits", () => getCredits(deps.studio)),
    part(deps, user, "boards", () => listBoards(deps.studio)),
    part(deps, user, "jobs", () => deps.store.jobs.recent(user, HOME_JOBS)),
    limited ? part(deps, user, "usage", () => deps.store.jobs.usage(user, now)) : null,
    part(deps, user, "access", () => deps.access.check(user)),
    part(deps, user, "channel defaults", () => deps.store.channelDefaults.list()),
    admin ? part(deps, user, "ratings", () => deps.store.feedback.weekByModel(now)) : undefined,
  ]);
  return {
    credits,
    boards,
    jobs,
    limits,
    usage,
    access,
    allowedChannels: deps.config.access.channels,
    readOnly: deps.keyMode.isReadOnly(),
    channelDefaults,
    now,
    ...(ratings === undefined ? {} : { ratings }),
  };
}

/**
 * Reads the Home for `user` and `views.publish`es it: what the `app_home_opened` event and the Refresh button both
 * do. Resolves true once published; a failure (Slack refused the view, or anything else) is logged, never thrown.
 */
export async function publishHome(deps: BotDeps, client: HomeClient, user: string): Promise<boolean> {
  try {
    const input = await readHome(deps, user);
    // Each listed job links to its message, as `/studio history` does (services/permalinks.ts remembers the links).
    const links = await jobLinks(client, input.jobs ?? [], { studioBase: studioWebBase(deps.studio) });
    const view = homeView({ ...input, links });
    await client.views.publish({
      user_id: user,
      view: view as unknown as Parameters<HomeClient["views"]["publish"]>[0]["view"],
    });
    return true;
  } catch (error) {
    deps.logger.error({ err: error, user }, "could not publish the Home tab");
    return false;
  }
}

/**
 * `app_home_opened`: on the Home tab, publishes the person's Home. On the Messages tab (the bot's DM), in the agent
 * view, greets and sets the suggested prompts (listeners/assistant/agent-dm.ts: Slack sends this "instead of
 * assistant_thread_started", https://docs.slack.dev/ai/migrating-to-agent-messaging/); in the assistant view the
 * Messages tab needs nothing (its threads start with assistant_thread_started). Bolt acks the event first.
 */
export function appHomeOpened(deps: BotDeps) {
  return async function onAppHomeOpened({ event, client }: Args): Promise<void> {
    if (event.tab === "messages") {
      if (deps.config.slackSurface === "agent") await agentDmOpened(deps, client, event.user, event.channel);
      return;
    }
    if (event.tab !== "home") return;
    await publishHome(deps, client, event.user);
  };
}
