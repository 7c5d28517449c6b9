import type { StoreConfig } from "../config.js";
import type { BotLogger } from "../logger.js";
import { openPostgresStore } from "./postgres/open.js";
import { openSqliteStore } from "./sqlite/open.js";
import type { BotStore } from "./types.js";

/**
 * Opens the store the configuration names: PostgreSQL when DATABASE_URL is set (several replicas share it; its
 * migrations run at open, safely when replicas start together), the SQLite file otherwise.
 *
 * @example const store = await openStore(readConfig(process.env).store);
 */
export async function openStore(
  config: StoreConfig,
  options: { now?: () => number; logger?: BotLogger } = {},
): Promise<BotStore> {
  const { logger, ...rest } = options;
  if (config.kind === "postgres") {
    return openPostgresStore({
      connectionString: config.url,
      ...rest,
      // The pool replaces the connection by itself; worth a line in the log, not a crash.
      onIdleError: (error) =>
        logger?.warn({ err: error }, "PostgreSQL dropped an idle connection; the pool opens another"),
    });
  }
  return openSqliteStore({ path: config.path, ...rest });
}
