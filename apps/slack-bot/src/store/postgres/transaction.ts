import type pg from "pg";

/** What runs a query: the pool (one statement, autocommit) or a client inside a transaction. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/**
 * Runs `work` in a transaction on `client`: BEGIN, COMMIT when it resolves, ROLLBACK when it throws (the error is
 * rethrown, even when the ROLLBACK fails too). `work` must only run SQL on `client`: a transaction held across
 * anything else (the network, a timer) holds its locks, and a connection, for as long.
 *
 * After a failure the caller should discard the client (`release(error)`): a failed ROLLBACK leaves it in doubt.
 */
export async function transaction<T>(client: pg.ClientBase, work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  try {
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/**
 * {@link transaction} on a client taken from `pool` for it and given back after (see {@link usingClient}).
 */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  return usingClient(await pool.connect(), (client) => transaction(client, work));
}

/**
 * Runs `work` on a client taken out of the pool, then gives it back. A client whose work failed is discarded rather
 * than reused: it cannot be trusted after a failed ROLLBACK, and failures are rare enough here (refusals are
 * results, not errors) that a new connection costs nothing.
 *
 * While it is out, the client's `error` event is listened for: the pool listens only while a client is idle, and a
 * client emits `error` when the server ends its connection (a failover, a restart, `pg_terminate_backend`), even
 * during a query; with no listener Node would end the process. The query in flight fails on its own; this only
 * keeps the event from crashing every replica at once.
 */
export async function usingClient<T>(client: pg.PoolClient, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const ignore = () => {};
  client.on("error", ignore);
  let failure: Error | undefined;
  try {
    return await work(client);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.off("error", ignore);
    client.release(failure);
  }
}
