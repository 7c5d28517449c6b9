import { type Fault, type FaultKind, STAGE_OF } from "./types.js";

// Checks a fault from JSON (the admin API, --faults FILE) or from code before
// it is stored: a typo ("statusCode", "probabilty") is refused with the field's
// name rather than silently matching everything.

/** A fault that cannot be used, with a message that says which field and why. */
export class FaultError extends Error {
  override name = "FaultError";
}

const RULE_FIELDS = ["id", "operation", "rootField", "upload", "times", "probability", "seed"] as const;

const KIND_FIELDS: Record<FaultKind, readonly string[]> = {
  status: ["status", "retryAfter", "afterApplying"],
  latency: ["ms", "clock"],
  disconnect: ["afterApplying"],
  "graphql-error": ["code", "message", "afterApplying"],
  "no-credits": [],
  "generation-failed": ["errorMessage"],
  "upload-lost": [],
  "slow-upload": ["bytesPerSecond"],
};

const STATUSES = [429, 500, 502, 503];

type Input = Record<string, unknown>;

function fail(message: string): never {
  throw new FaultError(`@studio-kit/sandbox: ${message}`);
}

function optional<T>(input: Input, field: string, check: (value: unknown) => boolean, what: string): T | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (!check(value)) fail(`fault field "${field}" must be ${what}, got ${JSON.stringify(value)}.`);
  return value as T;
}

const isText = (value: unknown) => typeof value === "string" && value.trim().length > 0;
const isNumber = (value: unknown) => typeof value === "number" && Number.isFinite(value);
const atLeast = (min: number) => (value: unknown) => isNumber(value) && (value as number) >= min;
const isWhole = (min: number) => (value: unknown) => Number.isInteger(value) && (value as number) >= min;
const isBoolean = (value: unknown) => typeof value === "boolean";

/**
 * Returns the fault `input` describes, checked, with only the fields it gave.
 * Throws FaultError naming the field that is wrong.
 */
export function parseFault(input: unknown): Fault {
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    fail(`a fault is a JSON object such as {"kind": "status", "status": 503}, got ${JSON.stringify(input)}.`);
  }
  const fields = input as Input;
  const kind = fields.kind as FaultKind;
  if (typeof kind !== "string" || !(kind in KIND_FIELDS)) {
    fail(`fault "kind" must be one of ${Object.keys(KIND_FIELDS).join(", ")}; got ${JSON.stringify(fields.kind)}.`);
  }
  const known = new Set<string>(["kind", ...RULE_FIELDS, ...KIND_FIELDS[kind]]);
  for (const field of Object.keys(fields)) {
    if (!known.has(field)) fail(`a "${kind}" fault takes no field "${field}" (it takes: ${[...known].join(", ")}).`);
  }

  const rule = {
    id: optional<string>(fields, "id", isText, "a non-empty string"),
    operation: optional<string>(fields, "operation", isText, "an operation name"),
    rootField: optional<string>(fields, "rootField", isText, "a root field name"),
    upload: optional<"form" | "put">(fields, "upload", (v) => v === "form" || v === "put", '"form" or "put"'),
    times: optional<number>(fields, "times", isWhole(1), "a whole number of 1 or more"),
    probability: optional<number>(
      fields,
      "probability",
      (v) => isNumber(v) && (v as number) >= 0 && (v as number) <= 1,
      "a fraction from 0 to 1",
    ),
    seed: optional<number>(fields, "seed", (v) => Number.isInteger(v), "a whole number"),
  };
  const stage = STAGE_OF[kind];
  if (rule.upload && (rule.operation || rule.rootField)) {
    fail(
      'a fault matches either an upload endpoint ("upload") or GraphQL requests ("operation", "rootField"), not both.',
    );
  }
  if (stage === "upload" && (rule.operation || rule.rootField)) {
    fail(`a "${kind}" fault acts on uploads: match it with "upload": "form" or "put", not a GraphQL operation.`);
  }
  if (stage === "generation" && rule.upload) {
    fail(`a "${kind}" fault acts on generations: match it with "operation" or "rootField", not "upload".`);
  }
  if (kind === "graphql-error" && rule.upload) {
    fail('a "graphql-error" fault answers GraphQL requests: it cannot match an upload endpoint.');
  }

  const specific = kindFields(kind, fields);
  const fault = { kind, ...specific, ...rule } as Fault & Record<string, unknown>;
  for (const key of Object.keys(fault)) if (fault[key] === undefined) delete fault[key];
  return fault;
}

function kindFields(kind: FaultKind, fields: Input): Input {
  switch (kind) {
    case "status": {
      const status = fields.status;
      if (!STATUSES.includes(status as number)) {
        fail(`a "status" fault's "status" must be one of ${STATUSES.join(", ")}, got ${JSON.stringify(status)}.`);
      }
      return {
        status,
        retryAfter: optional(fields, "retryAfter", isWhole(0), "a whole number of seconds"),
        afterApplying: optional(fields, "afterApplying", isBoolean, "true or false"),
      };
    }
    case "latency": {
      if (!atLeast(0)(fields.ms)) fail(`a "latency" fault needs "ms", a number of milliseconds (0 or more).`);
      return {
        ms: fields.ms,
        clock: optional(fields, "clock", (v) => v === "virtual" || v === "real", '"virtual" or "real"'),
      };
    }
    case "disconnect":
      return { afterApplying: optional(fields, "afterApplying", isBoolean, "true or false") };
    case "graphql-error":
      if (!isText(fields.code)) fail('a "graphql-error" fault needs "code", such as "INTERNAL_SERVER_ERROR".');
      return {
        code: fields.code,
        message: optional(fields, "message", isText, "a non-empty string"),
        afterApplying: optional(fields, "afterApplying", isBoolean, "true or false"),
      };
    case "generation-failed":
      return { errorMessage: optional(fields, "errorMessage", isText, "a non-empty string") };
    case "slow-upload":
      if (!atLeast(1)(fields.bytesPerSecond)) fail('a "slow-upload" fault needs "bytesPerSecond", 1 or more.');
      return { bytesPerSecond: fields.bytesPerSecond };
    default:
      return {};
  }
}

/** Parses one fault or a list of them (the admin API and --faults FILE take either). */
export function parseFaults(input: unknown): Fault[] {
  const list = Array.isArray(input) ? input : [input];
  return list.map((item, index) => {
    try {
      return parseFault(item);
    } catch (error) {
      if (!Array.isArray(input) || !(error instanceof FaultError)) throw error;
      throw new FaultError(error.message.replace("@studio-kit/sandbox: ", `@studio-kit/sandbox: fault ${index}: `));
    }
  });
}
