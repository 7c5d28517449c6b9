import type { SandboxState } from "../state/store.js";

// A workspace's records across the state's collections, to copy the seeded
// workspace into a configured one, to drop the built-in workspaces, and to add a
// newly configured workspace to a saved state.

type Collection = keyof SandboxState;
type Entries = [Collection, [string, unknown][]][];

const fieldOf = (record: unknown, name: string): unknown =>
  typeof record === "object" && record !== null ? (record as Record<string, unknown>)[name] : undefined;

/**
 * Every record of `workspaceId`, collection by collection: the workspace, the
 * records that carry its `workspaceId`, and the cards and sections on its
 * boards' canvases (which carry only a `conversationId`).
 */
export function recordsOf(state: SandboxState, workspaceId: string): Entries {
  const canvases = new Set(
    [...state.boards.values()].filter((board) => board.workspaceId === workspaceId).map((b) => b.conversationId),
  );
  const belongs = (collection: Collection, key: string, record: unknown) => {
    if (collection === "workspaces") return key === workspaceId;
    const owner = fieldOf(record, "workspaceId");
    if (owner !== undefined) return owner === workspaceId;
    return canvases.has(fieldOf(record, "conversationId") as string);
  };
  return (Object.entries(state) as [Collection, Map<string, unknown>][]).map(([collection, map]) => [
    collection,
    [...map].filter(([key, record]) => belongs(collection, key, record)),
  ]);
}

/** Removes every record of `workspaceId` (see {@link recordsOf}). */
export function removeWorkspace(state: SandboxState, workspaceId: string): void {
  for (const [collection, entries] of recordsOf(state, workspaceId)) {
    const map = state[collection] as Map<string, unknown>;
    for (const [key] of entries) map.delete(key);
  }
}

/** Adds `from`'s records of `workspaceId` to `into`, as they are (a workspace the saved state did not have yet). */
export function addWorkspaceFrom(from: SandboxState, into: SandboxState, workspaceId: string): void {
  for (const [collection, entries] of recordsOf(from, workspaceId)) {
    const map = into[collection] as Map<string, unknown>;
    for (const [key, record] of entries) map.set(key, record);
  }
}

/** Every `id` inside a record (nested ones too: product images, a job's children) and a board's canvas id. */
function collectIds(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into);
  } else if (typeof value === "object" && value !== null) {
    for (const [name, field] of Object.entries(value)) {
      if ((name === "id" || name === "conversationId") && typeof field === "string") into.add(field);
      else collectIds(field, into);
    }
  }
}

/** A deep copy in which every string that is one of the renamed ids is replaced by its new id. */
function renamed<T>(value: T, ids: ReadonlyMap<string, string>): T {
  if (typeof value === "string") return (ids.get(value) ?? value) as T;
  if (Array.isArray(value)) return value.map((item) => renamed(item, ids)) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, renamed(field, ids)])) as T;
  }
  return value;
}

/**
 * Copies workspace `from` (its brands, boards with their cards, library, jobs,
 * credits and files) into a new workspace `to`. Every id of the copy gets the
 * suffix `_<to>` (`img_trail_dawn_ws_north`), and every reference between the
 * records follows, so the copy is whole and shares nothing with the original.
 * Returns false, copying nothing, if a new id is taken already.
 */
export function copyWorkspace(state: SandboxState, from: string, to: string): boolean {
  const source = recordsOf(state, from);
  const ids = new Set<string>();
  for (const [, entries] of source) collectIds(entries, ids);
  const suffix = to.replace(/[^A-Za-z0-9_]/g, "_");
  const renames = new Map([...ids].map((id) => [id, `${id}_${suffix}`]));
  renames.set(from, to);
  const copies = source.map(([collection, entries]) => [collection, renamed(entries, renames)] as const);
  for (const [collection, entries] of copies) {
    if (entries.some(([key]) => state[collection].has(key))) return false;
  }
  for (const [collection, entries] of copies) {
    const map = state[collection] as Map<string, unknown>;
    for (const [key, record] of entries) map.set(key, record);
  }
  return true;
}
