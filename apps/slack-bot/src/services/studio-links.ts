// The platform's web address for a board and an asset. The spec names no web URL (only `{base_url}/graphql`), so
// the bot uses the API's base URL as the platform's address: a board is `<base>/boards/<board id>`, an asset
// `<base>/assets/<asset id>` (docs/decisions/0021-boards-as-work-objects.md). The result messages link boards this
// way, and `link_shared` reads these links back: the ids are the API's own, so the Work Object's `external_ref.id`
// is what the API reads the board or asset by (https://docs.slack.dev/messaging/work-objects-implementation:
// "strongly recommended to use the same ID your third-party system uses").
import type { StudioClient } from "@studio-kit/core";

/** What a platform link points at. */
export type StudioLink = { kind: "board"; id: string } | { kind: "asset"; id: string };

/** The platform's web address: the API's base URL (the client's endpoint without `/graphql`), no trailing slash. */
export function studioWebBase(studio: Pick<StudioClient, "endpoint">): string {
  return studio.endpoint.replace(/\/graphql\/?$/, "").replace(/\/+$/, "");
}

/** A board's web URL. */
export function boardWebUrl(base: string, boardId: string): string {
  return `${base}/boards/${encodeURIComponent(boardId)}`;
}

/** An asset's web URL. */
export function assetWebUrl(base: string, assetId: string): string {
  return `${base}/assets/${encodeURIComponent(assetId)}`;
}

/**
 * The board or asset a shared URL points at, or null when it is not one of the platform's (another origin or path,
 * another kind of page). A query or a fragment is ignored: people share links with them.
 */
export function readStudioLink(base: string, url: string): StudioLink | null {
  let link: URL;
  let home: URL;
  try {
    link = new URL(url);
    home = new URL(base);
  } catch {
    return null;
  }
  if (link.origin !== home.origin) return null;
  const prefix = home.pathname.replace(/\/+$/, "");
  if (!link.pathname.startsWith(`${prefix}/`)) return null;
  const match = /^\/(boards|assets)\/([^/]+)\/?$/.exec(link.pathname.slice(prefix.length));
  if (!match?.[1] || !match[2]) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  return match[1] === "boards" ? { kind: "board", id } : { kind: "asset", id };
}
