import { ConfigError, readConfig } from "../../src/config.js";

/** What readConfig refuses in `env`, each problem as ConfigError words it; empty when it reads the environment. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
