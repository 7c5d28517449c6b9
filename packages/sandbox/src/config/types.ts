// The sandbox's configuration file (`--config FILE`, or the `config` option):
// which workspaces exist, the keys that reach them, and how the served schema
// drifts from ours. Plain JSON, so a test or a demo can write one by hand.

/** An API key a configured workspace accepts. */
export interface SandboxKeyConfig {
  /** The bearer token: no whitespace, unique across the sandbox. */
  key: string;
  /** Reads only; every mutation is refused with FORBIDDEN. Default false. */
  readOnly?: boolean;
  /** Refused from the start, as an expired key is. Default false. */
  expired?: boolean;
  /** ISO time on the sandbox's virtual clock from which the key is refused as expired. */
  expiresAt?: string;
}

/**
 * A workspace's starting credits: a number is the paid balance with nothing
 * else (no bonus, no free allowance), so spending is easy to predict; an object
 * sets the fields it names and leaves the others at 0 (or, for a seeded
 * workspace, at the seeded workspace's values).
 */
export type SandboxCreditsConfig =
  | number
  | {
      balance?: number;
      bonusBalance?: number;
      monthlyBalance?: number;
      monthlyAllocation?: number;
      isPaidPlan?: boolean;
      dailyFreeLimit?: number;
      monthlyFreeLimit?: number;
    };

export interface SandboxWorkspaceConfig {
  /** `ws_north`: letters, digits, `_` and `-`. A built-in id (`ws_acme`, `ws_globex`) changes that workspace. */
  id: string;
  /** Default: the id. */
  name?: string;
  /** Start with a copy of the built-in workspace's data (brands, boards, library, jobs), ids suffixed. Default false: empty. */
  seeded?: boolean;
  credits?: SandboxCreditsConfig;
  keys?: SandboxKeyConfig[];
}

/**
 * One change to the schema the sandbox serves, so clients can be tested against
 * a server that no longer matches their documents. Coordinates are
 * `Type.field` or `Type.field(argument)`.
 */
export type SandboxDriftEntry =
  /** Removes a field (of an object, interface or input type), or an argument of a field. */
  | { remove: string }
  /** Renames a field or an argument; the sandbox still answers it under the new name. */
  | { rename: string; to: string };

export interface SandboxConfig {
  /** Keep the built-in workspaces (`ws_acme`, `ws_globex`) and their keys. Default true. */
  builtin?: boolean;
  workspaces?: SandboxWorkspaceConfig[];
  drift?: SandboxDriftEntry[];
}

/** A key as the sandbox holds it once the config is checked. */
export interface ResolvedKey {
  key: string;
  workspaceId: string;
  readOnly: boolean;
  expired: boolean;
  /** Virtual-clock ms from which the key is refused; null: never. */
  expiresAt: number | null;
}

/** A configured workspace once checked: every default filled in. */
export interface ResolvedWorkspace {
  id: string;
  name: string | null;
  seeded: boolean;
  credits: SandboxCreditsConfig | null;
  keys: ResolvedKey[];
}

export interface ResolvedConfig {
  builtin: boolean;
  workspaces: ResolvedWorkspace[];
  drift: SandboxDriftEntry[];
}

/** A workspace and the keys that reach it, as `sandbox.workspaces` lists them. */
export interface SandboxWorkspace {
  id: string;
  name: string;
  keys: { key: string; readOnly: boolean; expired: boolean; expiresAt: string | null }[];
}
