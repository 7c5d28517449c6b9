import { type DestinationStream, type Logger, pino } from "pino";
import type { LogLevel } from "./config.js";

/**
 * Field paths pino censors: nothing that carries a secret may reach a log line (conventions.md, Errors). Values are
 * also kept out at the source (core's client redacts its key; Bolt's debug lines are dropped, see app.ts), and the
 * end-to-end suite runs with sentinel secrets and scans every line (test/e2e/sentinel.ts).
 */
export const REDACTED_PATHS = [
  "*.token",
  "*.botToken",
  "*.appToken",
  "*.signingSecret",
  "*.apiKey",
  "*.authorization",
  "*.response_url",
  "*.responseUrl",
];

/**
 * The bot's logger: JSON lines on stdout (or `destination`), secret-named fields censored.
 *
 * @example const logger = createLogger("info"); logger.info({ user }, "image generation queued");
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } };
  return destination ? pino(options, destination) : pino(options);
}

/** The pino methods the bot uses (a pino logger fits). Fields are redacted by the logger's configuration. */
export interface BotLogger {
  debug(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}
