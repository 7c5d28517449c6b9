import type { OperationArgs, TypedDocumentNode } from "@studio-kit/operations";
import type { RequestOptions, StudioClient } from "./client.js";
import { StudioError } from "./errors.js";

interface Connection<TNode> {
  edges: readonly { node: TNode }[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

/** The node type of a document whose one root field is a connection. */
export type NodeOf<TResult> = {
  [K in keyof TResult]: NonNullable<TResult[K]> extends Connection<infer TNode> ? TNode : never;
}[keyof TResult];

type PageVariables = { first?: number | null; after?: string | null };

/** Options of `paginate` and the helpers built on it. */
export interface PaginateOptions extends RequestOptions {
  /** Items per request. Default: left out, so the server's documented default applies (assets 50, images 10, products 20, ...). */
  pageSize?: number;
  /** Stop after this many items in all. Default: every item. */
  maxItems?: number;
}

function connectionOf<TNode>(result: unknown, operationName: string): Connection<TNode> | null {
  const values = Object.values((result ?? {}) as Record<string, unknown>);
  const connection = values.find(
    (value): value is Connection<TNode> =>
      typeof value === "object" && value !== null && "edges" in value && "pageInfo" in value,
  );
  if (connection) return connection;
  if (values.every((value) => value === null)) return null;
  throw new StudioError(
    "NOT_A_CONNECTION",
    `@studio-kit/core: paginate: ${operationName} does not return a connection (edges and pageInfo); use client.request.`,
    { operationName },
  );
}

/**
 * Walks every page of a connection and yields its nodes, one request per page:
 * `first`/`after` are set for you. Stops when `hasNextPage` is false or after
 * `maxItems`, and throws rather than loop when the server repeats a cursor.
 *
 * @example
 * ```ts
 * for await (const asset of paginate(client, AssetsDocument, { workspaceId, term: "lighthouse" }, { maxItems: 200 })) {
 *   console.log(asset.__typename, asset.id);
 * }
 * ```
 */
export async function* paginate<TResult, TVariables extends PageVariables>(
  client: StudioClient,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: Omit<TVariables, "first" | "after">,
  options: PaginateOptions = {},
): AsyncGenerator<NodeOf<TResult>, void, undefined> {
  const { pageSize, maxItems = Number.POSITIVE_INFINITY, signal } = options;
  if (pageSize !== undefined && (!Number.isInteger(pageSize) || pageSize < 1)) {
    throw new StudioError(
      "INVALID_OPTIONS",
      `@studio-kit/core: paginate: pageSize must be a whole number >= 1, got ${pageSize}.`,
    );
  }
  let after: string | null = null;
  let yielded = 0;
  const operationName =
    document.definitions
      .map((definition) => ("name" in definition ? definition.name?.value : undefined))
      .find(Boolean) ?? "query";
  while (yielded < maxItems) {
    const pageVariables = {
      ...variables,
      ...(pageSize === undefined ? {} : { first: Math.min(pageSize, maxItems - yielded) }),
      ...(after === null ? {} : { after }),
    } as TVariables;
    const args = [pageVariables, { signal }] as unknown as OperationArgs<TVariables, RequestOptions>;
    const result = await client.request(document, ...args);
    const connection = connectionOf<NodeOf<TResult>>(result, operationName);
    if (!connection) return;
    for (const edge of connection.edges) {
      if (yielded >= maxItems) return;
      yielded += 1;
      yield edge.node;
    }
    const next = connection.pageInfo.endCursor ?? null;
    if (!connection.pageInfo.hasNextPage) return;
    if (next === null || next === after) {
      throw new StudioError(
        "PAGINATION_STUCK",
        `@studio-kit/core: paginate: ${operationName} said there is a next page but its cursor did not move (${next === null ? "no endCursor" : "same endCursor"}); stopping rather than loop.`,
        { request: { operationName, url: client.endpoint } },
      );
    }
    after = next;
  }
}
