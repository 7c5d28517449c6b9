import type { AllMiddlewareArgs, SlackEventMiddlewareArgs } from "@slack/bolt";
import { getCredits, listBoards } from "@studio-kit/core";
import type { BotDeps } from "../../deps.js";
import { homeView } from "../../messages/home.js";

type Args = SlackEventMiddlewareArgs<"app_home_opened"> & AllMiddlewareArgs;

/**
 * `app_home_opened` on the Home tab: reads the credits and the boards (either may fail: the view says so) and
 * `views.publish`es the Home view for the user. Bolt acks the event first. Any failure is logged; nothing throws.
 */
export function appHomeOpened(deps: BotDeps) {
  return async function onAppHomeOpened({ event, client }: Args): Promise<void> {
    if (event.tab !== "home") return; // the Messages tab opens this event too
    const user = event.user;
    try {
      const [credits, boards] = await Promise.allSettled([getCredits(deps.studio), listBoards(deps.studio)]);
      for (const [part, result] of [
        ["credits", credits],
        ["boards", boards],
      ] as const) {
        if (result.status === "rejected") deps.logger.warn({ err: result.reason, user, part }, "home: could not read");
      }
      const view = homeView({
        credits: credits.status === "fulfilled" ? credits.value : null,
        boards: boards.status === "fulfilled" ? boards.value : null,
      });
      await client.views.publish({
        user_id: user,
        view: view as unknown as Parameters<typeof client.views.publish>[0]["view"],
      });
    } catch (error) {
      deps.logger.error({ err: error, user }, "could not publish the Home tab");
    }
  };
}
