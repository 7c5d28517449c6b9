import { withoutControls } from "@studio-kit/commands";
import { toJSONSchema, z } from "zod";
import { StudioToolRefusal } from "../errors.js";

// Every tool reads its own input. The SDK checks a tool's input against its schema before the tool runs and answers
// a mismatch with its own words ("Input validation error: ... expected number, received string at count"), without a
// code an agent can branch on or the fix, and a key the schema does not name is dropped without a word (an option an
// agent thought it set, on a call that spends). So the SDK is given a schema that lets anything through but
// advertises the real one in `tools/list` (each field's JSON Schema as its metadata), and the tool parses with the
// real, strict schema itself: a mismatch is an `invalid_input` refusal naming each field, what it takes and what
// it got.

/** A tool's input: what the SDK is given (`advertised`) and how the tool reads it (`read`, refusing `invalid_input`). */
export interface ToolInput<Shape extends z.ZodRawShape> {
  advertised: z.ZodObject;
  read(input: unknown): z.infer<z.ZodObject<Shape>>;
}

const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = toJSONSchema(schema, { target: "draft-7", io: "input" });
  return rest;
};

/** A value as an agent sent it, cut short and without control characters, for a message. */
const shown = (value: unknown): string => {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "string") {
    const text = withoutControls(value, { newlines: false });
    return `the text "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
  }
  if (typeof value === "object") return "an object";
  return `${typeof value} ${String(value)}`;
};

const A: Record<string, string> = { string: "a text", number: "a number", boolean: "true or false", array: "a list" };

const valueAt = (input: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((value, key) => (value as Record<PropertyKey, unknown> | undefined)?.[key], input);

/** One zod issue in words: the field, what it takes, what it got. */
function problemOf(issue: z.core.$ZodIssue, input: unknown, names: readonly string[]): string {
  const path = issue.path.map((key, i) => (typeof key === "number" ? `[${key}]` : `${i ? "." : ""}${String(key)}`));
  const field = `\`${path.join("") || "input"}\``;
  const got = valueAt(input, issue.path);
  switch (issue.code) {
    case "invalid_type":
      return got === undefined
        ? `${field} is required.`
        : `${field} takes ${A[issue.expected] ?? issue.expected} (got ${shown(got)}).`;
    case "too_small":
      return issue.origin === "array"
        ? `${field} needs at least ${issue.minimum} item${Number(issue.minimum) === 1 ? "" : "s"}.`
        : issue.origin === "string" && Number(issue.minimum) === 1
          ? `${field} cannot be empty.`
          : `${field} is at least ${issue.minimum} (got ${shown(got)}).`;
    case "too_big":
      return issue.origin === "string"
        ? `${field} is at most ${issue.maximum} characters (got ${String(got).length}).`
        : `${field} is at most ${issue.maximum}${issue.origin === "array" ? " items" : ""}.`;
    case "invalid_value":
      return `${field} is one of ${issue.values.map(String).join(", ")} (got ${shown(got)}).`;
    case "unrecognized_keys":
      return `There is no option ${issue.keys.map((key) => `\`${withoutControls(key, { newlines: false }).slice(0, 40)}\``).join(", ")}: ${names.length ? `this tool takes ${names.join(", ")}` : "this tool takes none"}.`;
    default:
      return `${field}: ${issue.message}.`;
  }
}

/**
 * The input of one tool from its zod shape. `after` ends the refusal's message: what became of the call ("Nothing
 * was generated and no credits were spent.").
 */
export function toolInput<Shape extends z.ZodRawShape>(shape: Shape, after: string): ToolInput<Shape> {
  const strict = z.object(shape).strict();
  const schema = jsonSchemaOf(strict) as { required?: string[] };
  const names = Object.keys(shape);
  // Each field lets anything through and carries the real field's JSON Schema; the object says which are required
  // and that no other key is taken, as the strict schema does.
  const advertised = z
    .object(
      Object.fromEntries(
        names.map((name) => [
          name,
          z
            .unknown()
            .optional()
            .meta(jsonSchemaOf(shape[name] as z.ZodType)),
        ]),
      ),
    )
    .catchall(z.unknown())
    .meta({ required: schema.required ?? [], additionalProperties: false });
  return {
    advertised,
    read(input) {
      const parsed = strict.safeParse(input ?? {});
      if (parsed.success) return parsed.data;
      const problems = parsed.error.issues.map((issue) => problemOf(issue, input, names));
      throw new StudioToolRefusal("invalid_input", `${problems.join(" ")} ${after}`, { problems });
    },
  };
}
