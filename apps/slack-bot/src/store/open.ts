import type { StoreConfig } from "../config.js";
import { openPostgresStore } from "./postgres/open.js";
import { openSqliteStore } from "./sqlite/open.js";
import type { BotStore } from "./types.js";

/**
 * Opens the store the configuration names: PostgreSQL when DATABASE_URL is set (several replicas share it; its
 * migrations run at open, safely when replicas start together), the SQLite file otherwise.
 *
 * @example const store = await openStore(readConfig(process.env).store);
 */
export async function openStore(config: StoreConfig, options: { now?: () => number } = {}): Promise<BotStore> {
  if (config.kind === "postgres") return openPostgresStore({ connectionString: config.url, ...options });
  return openSqliteStore({ path: config.path, ...options });
}
