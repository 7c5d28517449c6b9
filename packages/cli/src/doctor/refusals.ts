import type { DocumentNode, GraphQLSchema } from "graphql";
import { fieldCoordinates, variableCoordinates } from "./locate.js";

/** What kind of element the server refused. */
export type RefusalKind =
  | "field"
  | "argument"
  | "type"
  | "required-argument"
  | "variable-type"
  | "variable-value"
  | "selection"
  | "fragment"
  | "enum-value"
  | "input-field"
  | "other";

/** One element of a document the server's schema refused, parsed from its GraphQL validation message. */
export interface Refusal {
  kind: RefusalKind;
  /** The element in words: `field "bonusBalance" on type "CreditsBalance"`. */
  what: string;
  /** What the server says about it, in words: `the server has no such field`. */
  why: string;
  /** Its schema coordinate in our SDL (`CreditsBalance.bonusBalance`), when the message or our document names it. */
  coordinate?: string;
  /** The server's message as it came (already redacted by the client). */
  message: string;
}

/** What a parser may consult: the document sent, and our schema (built only when a message needs it). */
export interface RefusalContext {
  document: DocumentNode;
  schema: () => GraphQLSchema;
}

type Parsed = Omit<Refusal, "message">;

/** The element a schema coordinate names, in words. */
function describe(coordinate: string | undefined, fallback: string): string {
  const argument = coordinate && /^([^.]+\.[^(]+)\(([^:]+):\)$/.exec(coordinate);
  if (argument) return `argument "${argument[2]}" on field "${argument[1]}"`;
  const field = coordinate && /^([^.]+)\.(.+)$/.exec(coordinate);
  if (field) return `field "${field[2]}" on type "${field[1]}"`;
  return fallback;
}

const named = (type: string) => type.replace(/[[\]!]/g, "");

// graphql-js 16's validation and coercion messages (src/validation/rules/*, src/execution/values.ts): the texts
// every server built on it (Yoga, Apollo, Helix, express-graphql) sends. Each pattern reads the first sentence;
// a suggestion that follows ("Did you mean ...?") is added by parseRefusal.
const PARSERS: readonly [RegExp, (match: RegExpExecArray, context: RefusalContext) => Parsed][] = [
  [
    /^Cannot query field "([^"]+)" on type "([^"]+)"\./,
    ([, field, type]) => ({
      kind: "field",
      what: `field "${field}" on type "${type}"`,
      why: "the server has no such field",
      coordinate: `${type}.${field}`,
    }),
  ],
  [
    /^Unknown argument "([^"]+)" on field "([^".]+)\.([^"]+)"\./,
    ([, argument, type, field]) => ({
      kind: "argument",
      what: `argument "${argument}" on field "${type}.${field}"`,
      why: "the server has no such argument",
      coordinate: `${type}.${field}(${argument}:)`,
    }),
  ],
  [
    /^Unknown type "([^"]+)"\./,
    ([, type]) => ({ kind: "type", what: `type "${type}"`, why: "the server has no such type", coordinate: type }),
  ],
  [
    /^Field "([^"]+)" argument "([^"]+)" of type "([^"]+)" is required, but it was not provided\./,
    ([, field = "", argument, type], context) => {
      const owner = fieldCoordinates(context.schema(), context.document, field)[0];
      return {
        kind: "required-argument",
        what: owner ? `argument "${argument}" on field "${owner}"` : `argument "${argument}" on field "${field}"`,
        why: `the server requires it (${type}), and our document does not send it`,
        ...(owner ? { coordinate: `${owner}(${argument}:)` } : {}),
      };
    },
  ],
  [
    /^Variable "\$([^"]+)" of type "([^"]+)" used in position expecting type "([^"]+)"\./,
    ([, variable = "", ours, theirs], context) => {
      const coordinate = variableCoordinates(context.schema(), context.document, variable)[0];
      return {
        kind: "variable-type",
        what: describe(coordinate, `variable "$${variable}"`),
        why: `the server expects ${theirs}, our document sends $${variable} as ${ours}`,
        ...(coordinate ? { coordinate } : {}),
      };
    },
  ],
  [
    /^Variable "\$([^"]+)" got invalid value (.*)$/s,
    ([, variable = "", rest = ""], context) => {
      const coordinate = variableCoordinates(context.schema(), context.document, variable)[0];
      return {
        kind: "variable-value",
        what: describe(coordinate, `variable "$${variable}"`),
        why: `the server refused the value sent: ${rest.replace(/^[^;]*;\s*/, "")}`,
        ...(coordinate ? { coordinate } : {}),
      };
    },
  ],
  [
    /^Field "([^"]+)" must not have a selection since type "([^"]+)" has no subfields\./,
    ([, field = "", type], context) => {
      const coordinate = fieldCoordinates(context.schema(), context.document, field)[0];
      return {
        kind: "selection",
        what: describe(coordinate, `field "${field}"`),
        why: `on the server it is ${type}, which has no fields to select`,
        ...(coordinate ? { coordinate } : {}),
      };
    },
  ],
  [
    /^Field "([^"]+)" of type "([^"]+)" must have a selection of subfields\./,
    ([, field = "", type], context) => {
      const coordinate = fieldCoordinates(context.schema(), context.document, field)[0];
      return {
        kind: "selection",
        what: describe(coordinate, `field "${field}"`),
        why: `on the server it is ${type}, whose fields must be selected`,
        ...(coordinate ? { coordinate } : {}),
      };
    },
  ],
  [
    /^Fragment (?:"[^"]+" )?cannot be spread here as objects of type "([^"]+)" can never be of type "([^"]+)"\./,
    ([, parent = "", member = ""]) => ({
      kind: "fragment",
      what: `type "${named(member)}" in "${named(parent)}"`,
      why: `on the server ${named(member)} is not one of the types ${named(parent)} can be`,
      coordinate: named(parent),
    }),
  ],
  [
    /^Value "([^"]+)" does not exist in "([^"]+)" enum\./,
    ([, value, type]) => ({
      kind: "enum-value",
      what: `value "${value}" of enum "${type}"`,
      why: "the server's enum has no such value",
      coordinate: `${type}.${value}`,
    }),
  ],
  [
    /^Field "([^"]+)" is not defined by type "([^"]+)"\./,
    ([, field, type]) => ({
      kind: "input-field",
      what: `field "${field}" on input "${type}"`,
      why: "the server's input has no such field",
      coordinate: `${type}.${field}`,
    }),
  ],
  [
    /^Field "([^".]+)\.([^"]+)" of required type "([^"]+)" was not provided\./,
    ([, type, field, required]) => ({
      kind: "input-field",
      what: `field "${field}" on input "${type}"`,
      why: `the server requires it (${required}), and our document does not send it`,
      coordinate: `${type}.${field}`,
    }),
  ],
];

// graphql-js suggests the names it has that are closest to an unknown one: after a rename, the new name.
const SUGGESTS = new Set<RefusalKind>(["field", "argument", "type", "enum-value", "input-field"]);
const suggestion = (message: string) => / Did you mean (.+)\?$/.exec(message)?.[1];

/** The refusal a message describes, or undefined when it is no schema mismatch graphql-js reports. */
export function parseRefusal(message: string, context: RefusalContext): Refusal | undefined {
  for (const [pattern, build] of PARSERS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const parsed = build(match, context);
    const suggested = SUGGESTS.has(parsed.kind) ? suggestion(message) : undefined;
    return { ...parsed, ...(suggested ? { why: `${parsed.why}; it suggests ${suggested}` } : {}), message };
  }
  return undefined;
}

/** A message no parser knows, kept whole so the reader still sees what the server said. */
export function unparsedRefusal(message: string): Refusal {
  return { kind: "other", what: "the document", why: message, message };
}
