import { assetWebUrl } from "./studio-links.js";

/** The part of Bolt's `client` that links a message. */
export interface PermalinkApi {
  chat: {
    getPermalink(args: { channel: string; message_ts: string }): Promise<{ ok?: boolean; permalink?: string }>;
  };
}

// A message's link never changes: each is asked for once per client (a history of 25 jobs would otherwise cost 25
// calls every time). Bounded, oldest forgotten first.
const MAX_REMEMBERED = 2000;
const remembered = new WeakMap<PermalinkApi, Map<string, string>>();

/**
 * The link that opens a message (chat.getPermalink: no scope needed), or undefined when Slack gives none (the
 * message was deleted, the bot cannot see the conversation). Never throws: a list shows the message without a link.
 */
export async function permalinkOf(client: PermalinkApi, channel: string, ts: string): Promise<string | undefined> {
  let links = remembered.get(client);
  if (!links) {
    links = new Map();
    remembered.set(client, links);
  }
  const key = `${channel}:${ts}`;
  const known = links.get(key);
  if (known) return known;
  try {
    const answer = await client.chat.getPermalink({ channel, message_ts: ts });
    const link = answer.permalink;
    // Only an https link goes into mrkdwn: anything else could break out of `<url|label>`.
    if (!link || !/^https:\/\/[^\s<>|]+$/.test(link)) return undefined;
    if (links.size >= MAX_REMEMBERED) links.delete(links.keys().next().value ?? "");
    links.set(key, link);
    return link;
  } catch {
    return undefined;
  }
}

/** What a job needs for its link: its id, its conversation and where its message is. */
export interface LinkedJob {
  id?: string | undefined;
  channel: string;
  progress?: { ts?: string | undefined } | undefined;
  /** An `undelivered` job has no message: its link opens its first result in the studio (`options.studioBase`). */
  outcome?: string | undefined;
  resultIds?: readonly string[] | undefined;
}

/**
 * The permalinks of jobs' messages (their result, or the progress or failure in its place) by job id, all asked at
 * once. A job whose message has no ts (answered through `response_url`, or not posted) gets none; so does every job
 * when there is no client.
 */
export async function jobLinks(
  client: PermalinkApi | undefined,
  jobs: readonly LinkedJob[],
  options: { studioBase?: string } = {},
): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  // A result no message carries (issue 42; a job stopped by the person, decision 0028) is opened in the studio.
  for (const job of jobs) {
    const first = job.resultIds?.[0];
    const unposted = job.outcome === "undelivered" || job.outcome === "stopped";
    if (unposted && job.id && first && options.studioBase) {
      links.set(job.id, assetWebUrl(options.studioBase, first));
    }
  }
  if (!client) return links;
  await Promise.all(
    jobs.map(async (job) => {
      const ts = job.progress?.ts;
      if (!job.id || !ts || links.has(job.id)) return;
      const link = await permalinkOf(client, job.channel, ts);
      if (link) links.set(job.id, link);
    }),
  );
  return links;
}
