// What every area's reader shares: the environment, how a variable is read, and the one error they all end in. Each
// reader pushes its problems onto one list and never throws, so that readConfig reports every problem at once.

/** The environment the configuration is read from (`process.env`, or a test's object). */
export type Env = Record<string, string | undefined>;

/** The configuration could not be used: `problems` names each variable and what to do, never its value. */
export class ConfigError extends Error {
  override name = "ConfigError";
  readonly code = "INVALID_CONFIG";
  constructor(readonly problems: string[]) {
    super(`@studio-kit/slack-bot: the configuration cannot be used:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  }
}

/** The variable's value trimmed, or undefined when unset or blank (as a copied .env.example leaves it). */
export function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** Whether the value is an http:// or https:// URL. */
export function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
