import { badUserInput } from "./errors.js";

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null; hasPreviousPage: boolean; startCursor: string | null };
}

/** The largest page the sandbox serves (the spec gives no maximum; this one is documented in the README). */
export const MAX_PAGE_SIZE = 100;

const encode = (id: string) => Buffer.from(`cursor:${id}`).toString("base64url");

function decode(cursor: string): string | null {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  return text.startsWith("cursor:") ? text.slice("cursor:".length) : null;
}

/**
 * Cursor pagination over an already ordered list: `first` items after the item
 * whose opaque cursor is `after`. A cursor that names no item of the list is
 * refused, rather than silently restarting from the top.
 */
export function paginate<T extends { id: string }>(
  items: readonly T[],
  first: number | null | undefined,
  after: string | null | undefined,
  defaultSize: number,
): Connection<T> {
  const size = first ?? defaultSize;
  if (!Number.isInteger(size) || size < 0 || size > MAX_PAGE_SIZE) {
    throw badUserInput(`first must be a whole number from 0 to ${MAX_PAGE_SIZE}, got ${size}.`);
  }
  let start = 0;
  if (after) {
    const id = decode(after);
    const index = id === null ? -1 : items.findIndex((item) => item.id === id);
    if (index < 0) throw badUserInput("The `after` cursor is not one this list returned: start again without it.");
    start = index + 1;
  }
  const page = items.slice(start, start + size);
  return {
    edges: page.map((node) => ({ cursor: encode(node.id), node })),
    pageInfo: {
      hasNextPage: start + size < items.length,
      endCursor: page.length > 0 ? encode(page[page.length - 1]?.id ?? "") : null,
      hasPreviousPage: start > 0,
      startCursor: page.length > 0 ? encode(page[0]?.id ?? "") : null,
    },
  };
}

/** Newest first, by createdAt then insertion order. */
export function newestFirst<T extends { createdAt: string }>(items: Iterable<T>): T[] {
  return [...items].reverse().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
