import { SANDBOX_KEY_GRANTS, SANDBOX_OTHER_WORKSPACE_ID, SANDBOX_WORKSPACE_ID } from "../keys.js";
import { SandboxConfigError } from "./errors.js";
import type {
  ResolvedConfig,
  ResolvedKey,
  ResolvedWorkspace,
  SandboxCreditsConfig,
  SandboxDriftEntry,
} from "./types.js";

// Checks a configuration before anything starts: an unknown field (a typo such
// as "credit"), a wrong type or a duplicate is refused with the path of the
// field, never silently ignored, since a test would then run against a sandbox
// other than the one its author described.

export const BUILTIN_WORKSPACE_IDS: readonly string[] = [SANDBOX_WORKSPACE_ID, SANDBOX_OTHER_WORKSPACE_ID];

type Json = Record<string, unknown>;

const CREDIT_NUMBERS = [
  "balance",
  "bonusBalance",
  "monthlyBalance",
  "monthlyAllocation",
  "dailyFreeLimit",
  "monthlyFreeLimit",
] as const;

function objectAt(value: unknown, field: string, allowed: readonly string[], source?: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new SandboxConfigError(field, `must be an object, got ${describe(value)}`, source);
  }
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new SandboxConfigError(
        field ? `${field}.${key}` : key,
        `is not a field the sandbox knows (allowed: ${allowed.join(", ")})`,
        source,
      );
    }
  }
  return value as Json;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? JSON.stringify(value) : typeof value;
}

function arrayAt(value: unknown, field: string, source?: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new SandboxConfigError(field, `must be an array, got ${describe(value)}`, source);
  return value;
}

function booleanAt(value: unknown, field: string, fallback: boolean, source?: string): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") {
    throw new SandboxConfigError(field, `must be true or false, got ${describe(value)}`, source);
  }
  return value;
}

function stringAt(value: unknown, field: string, pattern: RegExp, rule: string, source?: string): string {
  if (typeof value !== "string" || !pattern.test(value)) {
    throw new SandboxConfigError(field, `must be ${rule}, got ${describe(value)}`, source);
  }
  return value;
}

function credits(value: unknown, field: string, source?: string): SandboxCreditsConfig | null {
  if (value === undefined) return null;
  const amount = (entry: unknown, at: string) => {
    if (typeof entry !== "number" || !Number.isFinite(entry) || entry < 0) {
      throw new SandboxConfigError(at, `must be a number of credits, 0 or more, got ${describe(entry)}`, source);
    }
    return entry;
  };
  if (typeof value === "number") return amount(value, field);
  const object = objectAt(value, field, [...CREDIT_NUMBERS, "isPaidPlan"], source);
  const checked: Exclude<SandboxCreditsConfig, number> = {};
  for (const name of CREDIT_NUMBERS) {
    if (object[name] !== undefined) checked[name] = amount(object[name], `${field}.${name}`);
  }
  if (object.isPaidPlan !== undefined)
    checked.isPaidPlan = booleanAt(object.isPaidPlan, `${field}.isPaidPlan`, false, source);
  return checked;
}

function key(value: unknown, field: string, workspaceId: string, seen: Set<string>, source?: string): ResolvedKey {
  const entry = objectAt(value, field, ["key", "readOnly", "expired", "expiresAt"], source);
  const token = stringAt(
    entry.key,
    `${field}.key`,
    /^\S{1,200}$/,
    "a key of 1 to 200 characters without spaces",
    source,
  );
  if (seen.has(token)) {
    // The key itself stays out of the message: it is a credential, even a sandbox's.
    throw new SandboxConfigError(`${field}.key`, "is used twice: every key reaches one workspace", source);
  }
  seen.add(token);
  let expiresAt: number | null = null;
  if (entry.expiresAt !== undefined) {
    const text = stringAt(entry.expiresAt, `${field}.expiresAt`, /\S/, "an ISO time", source);
    expiresAt = Date.parse(text);
    if (Number.isNaN(expiresAt)) {
      throw new SandboxConfigError(
        `${field}.expiresAt`,
        `must be an ISO time such as "2026-01-05T10:00:00Z", got ${JSON.stringify(text)}`,
        source,
      );
    }
  }
  return {
    key: token,
    workspaceId,
    readOnly: booleanAt(entry.readOnly, `${field}.readOnly`, false, source),
    expired: booleanAt(entry.expired, `${field}.expired`, false, source),
    expiresAt,
  };
}

function workspace(
  value: unknown,
  field: string,
  builtin: boolean,
  ids: Set<string>,
  keys: Set<string>,
  source?: string,
): ResolvedWorkspace {
  const entry = objectAt(value, field, ["id", "name", "seeded", "credits", "keys"], source);
  const id = stringAt(entry.id, `${field}.id`, /^[A-Za-z0-9_-]{1,64}$/, "an id of letters, digits, _ and -", source);
  if (ids.has(id)) throw new SandboxConfigError(`${field}.id`, `${id} is configured twice`, source);
  ids.add(id);
  const isBuiltin = BUILTIN_WORKSPACE_IDS.includes(id);
  if (isBuiltin && !builtin) {
    throw new SandboxConfigError(`${field}.id`, `${id} is a built-in workspace's id, and "builtin" is false`, source);
  }
  if (isBuiltin && entry.seeded !== undefined) {
    throw new SandboxConfigError(`${field}.seeded`, `${id} is the built-in workspace: it is seeded already`, source);
  }
  const name =
    entry.name === undefined ? null : stringAt(entry.name, `${field}.name`, /\S/, "a non-empty name", source);
  return {
    id,
    name,
    seeded: booleanAt(entry.seeded, `${field}.seeded`, false, source),
    credits: credits(entry.credits, `${field}.credits`, source),
    keys: arrayAt(entry.keys, `${field}.keys`, source).map((item, at) =>
      key(item, `${field}.keys[${at}]`, id, keys, source),
    ),
  };
}

function drift(value: unknown, field: string, source?: string): SandboxDriftEntry {
  const entry = objectAt(value, field, ["remove", "rename", "to"], source);
  const coordinate = /^[A-Za-z_]\w*\.[A-Za-z_]\w*(\([A-Za-z_]\w*\))?$/;
  const rule = 'a coordinate such as "CreditsBalance.bonusBalance" or "Query.fonts(first)"';
  if (entry.remove !== undefined) {
    if (entry.rename !== undefined || entry.to !== undefined) {
      throw new SandboxConfigError(field, 'takes either "remove" or "rename" with "to", not both', source);
    }
    return { remove: stringAt(entry.remove, `${field}.remove`, coordinate, rule, source) };
  }
  if (entry.rename === undefined) {
    throw new SandboxConfigError(field, 'needs "remove" or "rename" (with "to")', source);
  }
  return {
    rename: stringAt(entry.rename, `${field}.rename`, coordinate, rule, source),
    to: stringAt(entry.to, `${field}.to`, /^[A-Za-z_]\w*$/, "a GraphQL name", source),
  };
}

/**
 * Checks a configuration (parsed JSON or the `config` option) and fills in its
 * defaults. Throws SandboxConfigError naming the first field at fault; `source`
 * (the file) starts the message when given. Drift coordinates are checked
 * against the schema later, when it is built.
 */
export function resolveConfig(value: unknown, source?: string): ResolvedConfig {
  if (value === undefined) return { builtin: true, workspaces: [], drift: [] };
  const config = objectAt(value, "", ["builtin", "workspaces", "drift"], source);
  const builtin = booleanAt(config.builtin, "builtin", true, source);
  const ids = new Set<string>();
  const keys = new Set<string>(builtin ? SANDBOX_KEY_GRANTS.keys() : []);
  return {
    builtin,
    workspaces: arrayAt(config.workspaces, "workspaces", source).map((item, at) =>
      workspace(item, `workspaces[${at}]`, builtin, ids, keys, source),
    ),
    drift: arrayAt(config.drift, "drift", source).map((item, at) => drift(item, `drift[${at}]`, source)),
  };
}
