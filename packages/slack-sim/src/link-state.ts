// What the sim keeps about shared links and Work Object flexpanes, beside SimState (which holds messages): the
// `unfurl_id` of each share, and each `entity_details_requested` trigger with what the app answered to it.
import type { SimState } from "./state.js";
import type { SimEntityDetails } from "./types.js";

/** One link share: the message it is in. */
export interface LinkShare {
  channel: string;
  ts: string;
}

/** One flexpane opening: who opened it, on which entity, and what the app answered (once it did). */
export interface DetailsTrigger {
  user: string;
  externalRef: { id: string; type?: string };
  entityUrl: string;
  createdAt: number;
  answers: SimEntityDetails[];
}

/** A click on a flexpane's action: the flexpane it was on (its opening `trigger_id`), and when. */
export interface ActionTrigger {
  openedWith: string;
  createdAt: number;
}

export interface LinkState {
  /** By `unfurl_id`. */
  shares: Map<string, LinkShare>;
  /** By `trigger_id`, in the order opened. */
  details: Map<string, DetailsTrigger>;
  /**
   * The `trigger_id` of each click on a flexpane's action: entity.presentDetails on it answers that flexpane again
   * (api/entity.ts says why).
   */
  actionTriggers: Map<string, ActionTrigger>;
  /** The domains the app registered (manifest `unfurl_domains`); undefined = every domain. */
  unfurlDomains?: readonly string[];
}

const STATES = new WeakMap<SimState, LinkState>();

/** The link state of one sim (made on first use). */
export function linkState(state: SimState): LinkState {
  let found = STATES.get(state);
  if (!found) {
    found = { shares: new Map(), details: new Map(), actionTriggers: new Map() };
    STATES.set(state, found);
  }
  return found;
}
