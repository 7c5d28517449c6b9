// The lines the process prints once it is up: which Slack, which API, where the state lives. Names of variables
// only, never their values; one URL (the page's) when the stand-in runs.
import { describeStore, type StoreConfig } from "@studio-kit/slack-bot";
import type { Workspace } from "../shared/api.js";

type Access = Workspace["access"];

/** What the start-up lines describe. */
export interface StartupFacts {
  /** The page, when the stand-in runs. */
  url?: string;
  slack: string;
  studio: string;
  store: StoreConfig;
  access?: Access;
}

const state = (store: StoreConfig) =>
  store.kind === "postgres"
    ? describeStore(store).replace(/^state /, "")
    : store.path === ":memory:"
      ? "in memory (set STUDIO_BOT_DB to a file to keep jobs across restarts)"
      : `in ${store.path} (STUDIO_BOT_DB)`;

/**
 * The Slack line when the stand-in runs: which of the README's switches change how the bot meets it (Socket Mode,
 * the assistant view), named by their variables, so a person sees the setting took (or that it did not).
 *
 * @example standInSlack({ socket: false, surface: "assistant" })
 * // "the local stand-in, in the page, with the assistant view (STUDIO_SLACK_SURFACE) (set SLACK_BOT_TOKEN + ...)"
 */
export function standInSlack(facts: { socket: boolean; surface: Workspace["surface"] }): string {
  const socket = facts.socket ? ", the bot in Socket Mode (PLAYGROUND_SOCKET_MODE)" : "";
  const surface = facts.surface === "assistant" ? ", with the assistant view (STUDIO_SLACK_SURFACE)" : "";
  return `the local stand-in, in the page${socket}${surface} (set SLACK_BOT_TOKEN + SLACK_SIGNING_SECRET, or SLACK_APP_TOKEN, for real Slack)`;
}

/** The start-up lines, ready to print. */
export function startupLines(facts: StartupFacts): string[] {
  const head = facts.url
    ? `Studio playground: ${facts.url}`
    : "Studio bot on real Slack (no stand-in page: use Slack itself)";
  return [
    head,
    `  Slack:       ${facts.slack}`,
    `  Studio API:  ${facts.studio}`,
    `  Bot state:   ${state(facts.store)}`,
    ...(facts.access ? [`  Access:      ${facts.access.summary}`] : []),
    "Ctrl-C stops it.",
  ];
}
