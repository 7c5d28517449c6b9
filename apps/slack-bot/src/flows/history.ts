import { MAX_HISTORY } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { HISTORY_DEFAULT, historyMessage } from "../messages/history.js";
import { jobLinks } from "../services/permalinks.js";
import { studioWebBase } from "../services/studio-links.js";

/**
 * `/studio history [n]`: the asker's `n` most recent jobs (default {@link HISTORY_DEFAULT}, at most
 * {@link MAX_HISTORY}) from the store, newest first, each with a link to its message and Run again, as an
 * ephemeral: the list is the asker's alone (a DM's prompts included), never the channel's. A store or Slack
 * failure reaches dispatch, which tells the asker.
 */
export async function runHistory(deps: BotDeps, surface: Surface, count: number | undefined): Promise<void> {
  const limit = Math.min(Math.max(1, Math.floor(count ?? HISTORY_DEFAULT)), MAX_HISTORY);
  const jobs = await deps.store.jobs.recent(surface.user, limit);
  const links = await jobLinks(surface.links, jobs, { studioBase: studioWebBase(deps.studio) });
  await surface.ephemeral(historyMessage(jobs, links, limit));
}
