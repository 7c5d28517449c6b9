/**
 * The API keys and workspaces every sandbox issues. They open nothing but the
 * sandbox, so they are fixed: tests, the CLI's JSON line and the bot's default
 * configuration can all name them.
 */
export const SANDBOX_WORKSPACE_ID = "ws_acme";
export const SANDBOX_OTHER_WORKSPACE_ID = "ws_globex";

export const SANDBOX_KEYS = {
  /** Read and write access to the sandbox workspace. */
  readWrite: "sk_sandbox_rw_4c9d1f7a2b6e",
  /** Reads; every mutation is refused with FORBIDDEN. */
  readOnly: "sk_sandbox_ro_8e2a5c1d9f3b",
  /** Expired: refused like an unknown key, with a message that says it expired. */
  expired: "sk_sandbox_exp_1a7f3e9c5d2b",
} as const;

export interface KeyGrant {
  workspaceId: string;
  readOnly: boolean;
  expired: boolean;
  /** Virtual-clock ms from which the key is refused as expired; null: never (configured keys may set it). */
  expiresAt: number | null;
}

/** No key is issued for the other workspace: it exists only to be refused. */
export const SANDBOX_KEY_GRANTS: ReadonlyMap<string, KeyGrant> = new Map([
  [SANDBOX_KEYS.readWrite, { workspaceId: SANDBOX_WORKSPACE_ID, readOnly: false, expired: false, expiresAt: null }],
  [SANDBOX_KEYS.readOnly, { workspaceId: SANDBOX_WORKSPACE_ID, readOnly: true, expired: false, expiresAt: null }],
  [SANDBOX_KEYS.expired, { workspaceId: SANDBOX_WORKSPACE_ID, readOnly: false, expired: true, expiresAt: null }],
]);

/**
 * The keys one sandbox accepts: the built-in ones unless the configuration
 * leaves them out, then each configured workspace's.
 */
export function createKeyGrants(
  builtin: boolean,
  configured: readonly (KeyGrant & { key: string })[],
): ReadonlyMap<string, KeyGrant> {
  const grants = new Map<string, KeyGrant>(builtin ? SANDBOX_KEY_GRANTS : []);
  for (const { key, ...grant } of configured) grants.set(key, grant);
  return grants;
}

/**
 * Whether a grant is expired at `now`. An expired key is refused with the same
 * HTTP 401 and UNAUTHENTICATED an unknown key gets (the spec does not say how
 * production answers; this keeps the two indistinguishable to a client's error
 * mapping), with a message that says why.
 */
export function isExpired(grant: KeyGrant, now: number): boolean {
  return grant.expired || (grant.expiresAt !== null && now >= grant.expiresAt);
}
