// Slack permalinks inside the page. The bot links a job's message through chat.getPermalink ("Open the result" in
// `/studio history` and on the Home tab), and slack-sim answers in Slack's shape,
// `https://studio-sim.slack.com/archives/<channel>/p<ts without its dot>[?thread_ts=<ts>&cid=<channel>]`
// (packages/slack-sim/src/api/permalink.ts): an address nobody serves. The page takes a click on such a link and
// opens the message itself, as Slack's client does with its own permalinks.

/** The message a permalink points at; `threadTs` when it is a reply in a thread. */
export interface MessageLink {
  channel: string;
  ts: string;
  threadTs?: string;
}

// `p` then the ts's digits: Slack's ts is seconds, a dot and six digits (1712345678.000100 → p1712345678000100).
const ARCHIVES = /^\/archives\/([A-Z0-9]+)\/p(\d+)(\d{6})\/?$/;
const TS = /^\d+\.\d{6}$/;

/**
 * The message a Slack permalink opens, or undefined for any other address. Only links to a conversation the page
 * has (`hasChannel`) count: another workspace's permalink stays an ordinary link.
 */
export function parsePermalink(href: string, hasChannel: (id: string) => boolean): MessageLink | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" || !url.hostname.endsWith(".slack.com")) return undefined;
  const match = ARCHIVES.exec(url.pathname);
  if (!match) return undefined;
  const [, channel = "", seconds = "", micros = ""] = match;
  if (!hasChannel(channel)) return undefined;
  const ts = `${seconds}.${micros}`;
  const threadTs = url.searchParams.get("thread_ts") ?? undefined;
  // A reply names its thread; the thread's parent (or a stray thread_ts) is a message of the channel itself.
  return threadTs && TS.test(threadTs) && threadTs !== ts ? { channel, ts, threadTs } : { channel, ts };
}

/**
 * Catches clicks on permalinks anywhere in `doc` (messages, the Home tab, modals) and hands the message to `open`
 * instead of leaving for a dead address. A click asking for a new tab (a modifier, the middle button) is caught
 * too: the address would not open there either.
 */
export function interceptPermalinks(
  doc: Document,
  hasChannel: (id: string) => boolean,
  open: (link: MessageLink) => void,
): void {
  const onClick = (event: MouseEvent) => {
    if (event.type === "auxclick" && event.button !== 1) return;
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    const link = anchor ? parsePermalink(anchor.getAttribute("href") ?? "", hasChannel) : undefined;
    if (!link) return;
    event.preventDefault();
    open(link);
  };
  // A middle click opens a new tab through `auxclick`, not `click`.
  for (const type of ["click", "auxclick"] as const) doc.addEventListener(type, onClick, true);
}

/** What the page does with a permalink clicked. */
export interface JumpOptions {
  doc: Document;
  /** Whether the workspace has this conversation (other permalinks stay ordinary links). */
  hasChannel(id: string): boolean;
  /** Why the person signed in may not open this message, when they may not. */
  refusal(link: MessageLink): string | undefined;
  /** Opens the message's conversation (and thread); true when that asks for a new state, which `land` then awaits. */
  open(link: MessageLink): boolean;
  /** Scrolls to the message and marks it; false when its list has no such message. */
  reveal(link: MessageLink): boolean;
  note(text: string): void;
}

/**
 * Jumps to the message of each permalink clicked: opens its conversation, then, once that conversation's state is
 * drawn (`land`, called after each state), scrolls to the message and marks it.
 */
export function createJumps(options: JumpOptions): { land(): void } {
  let pending: MessageLink | undefined;
  const land = () => {
    const target = pending;
    if (!target) return;
    pending = undefined;
    if (!options.reveal(target)) options.note("That message is no longer in the conversation.");
  };
  interceptPermalinks(options.doc, options.hasChannel, (link) => {
    const refusal = options.refusal(link);
    if (refusal) return options.note(refusal);
    pending = link;
    // Already showing that conversation (and thread): its lists have the message now.
    if (!options.open(link)) land();
  });
  return { land };
}
