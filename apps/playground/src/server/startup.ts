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
