/** Why the PostgreSQL store could not open. */
export type PostgresStoreErrorCode =
  /** An option is malformed (the schema name, the pool size, ...): nothing was connected. */
  | "INVALID_OPTIONS"
  /** The server could not be reached, or refused the login or the database. */
  | "CONNECT_FAILED"
  /** The schema was migrated by a newer bot than this one. */
  | "SCHEMA_TOO_NEW";

/**
 * The PostgreSQL store could not open. The message names the server (`host:port/database`) and what to check,
 * never the connection string: it carries the password.
 */
export class PostgresStoreError extends Error {
  override name = "PostgresStoreError";
  constructor(
    readonly code: PostgresStoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`@studio-kit/slack-bot: ${message}`, options);
  }
}
