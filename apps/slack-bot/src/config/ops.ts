// Running the process: the port it listens on, how much it logs, where Socket Mode serves health, and how long a
// stop drains.

import { type Env, read } from "./read.js";

/** pino's levels. */
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
const LOG_LEVELS: LogLevel[] = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** Defaults for the optional running settings. */
export const OPS_DEFAULTS = {
  port: 3000,
  logLevel: "info",
  /** STUDIO_DRAIN_SECONDS: none, a stop is as quick as before; set it to the load balancer's time to notice. */
  drainSeconds: 0,
} as const;

/** The running part of the configuration. */
export interface OpsConfig {
  port: number;
  logLevel: LogLevel;
  /** STUDIO_HEALTH_PORT; undefined = /healthz, /readyz and /metrics are not served in Socket Mode. */
  healthPort?: number;
  /** STUDIO_DRAIN_SECONDS, in ms. */
  drainMs: number;
}

/** PORT, LOG_LEVEL, STUDIO_HEALTH_PORT and STUDIO_DRAIN_SECONDS. */
export function readOps(env: Env, problems: string[]): OpsConfig {
  const port = read(env, "PORT");
  const logLevel = read(env, "LOG_LEVEL");
  const healthPort = read(env, "STUDIO_HEALTH_PORT");
  const drain = read(env, "STUDIO_DRAIN_SECONDS");

  const portNumber = port === undefined ? OPS_DEFAULTS.port : Number(port);
  if (!/^\d+$/.test(port ?? "0") || !Number.isInteger(portNumber) || portNumber < 0 || portNumber > 65535) {
    problems.push("PORT must be a port number from 0 to 65535.");
  }
  const level = (logLevel ?? OPS_DEFAULTS.logLevel).toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(level)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}.`);

  const ops: OpsConfig = { port: portNumber, logLevel: level, drainMs: OPS_DEFAULTS.drainSeconds * 1000 };
  if (healthPort !== undefined) {
    if (/^\d+$/.test(healthPort) && Number(healthPort) <= 65535) ops.healthPort = Number(healthPort);
    else
      problems.push(
        "STUDIO_HEALTH_PORT must be a port number from 0 to 65535 (Socket Mode's /healthz, /readyz, /metrics).",
      );
  }
  if (drain !== undefined) {
    // Past 2 minutes a deploy waits on every replica for longer than any load balancer needs to notice.
    if (/^\d+$/.test(drain) && Number(drain) <= 120) ops.drainMs = Number(drain) * 1000;
    else
      problems.push(
        "STUDIO_DRAIN_SECONDS must be a whole number of seconds from 0 to 120 (default 0): how long a stopping replica answers not ready before it stops.",
      );
  }
  return ops;
}
