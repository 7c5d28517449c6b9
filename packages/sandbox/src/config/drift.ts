import {
  type DefinitionNode,
  type DocumentNode,
  type FieldDefinitionNode,
  type InputValueDefinitionNode,
  Kind,
  parse,
} from "graphql";
import { SandboxConfigError } from "./errors.js";
import type { SandboxDriftEntry } from "./types.js";

// Drift: the sandbox serves a schema that differs from ours the way a server
// that moved on would (a field removed, an argument renamed), so `studio doctor`
// and the clients' error mapping can be tested against it. The SDL is edited as
// a document, and the resolvers follow the edit, so what remains (or was
// renamed) still answers.

type Resolver = (parent: unknown, args: Record<string, unknown>, context: unknown, info: unknown) => unknown;
export type ResolverMap = Record<string, Record<string, unknown>>;

type AnyField = FieldDefinitionNode | InputValueDefinitionNode;

/** An object, interface or input type (or an extension of one): the definitions that hold fields. */
interface FieldHolder {
  kind: string;
  name: { value: string };
  fields?: readonly AnyField[];
}

const HOLDERS = new Set<string>([
  Kind.OBJECT_TYPE_DEFINITION,
  Kind.OBJECT_TYPE_EXTENSION,
  Kind.INTERFACE_TYPE_DEFINITION,
  Kind.INTERFACE_TYPE_EXTENSION,
  Kind.INPUT_OBJECT_TYPE_DEFINITION,
  Kind.INPUT_OBJECT_TYPE_EXTENSION,
]);

const name = (value: string) => ({ kind: Kind.NAME, value }) as const;

interface Target {
  type: string;
  field: string;
  argument: string | undefined;
}

function parseCoordinate(coordinate: string): Target {
  const [, type = "", field = "", argument] = /^(\w+)\.(\w+)(?:\((\w+)\))?$/.exec(coordinate) ?? [];
  return { type, field, argument };
}

/** A copy of the document with `edit` applied to the field `type.field` (wherever the type or an extension holds it). */
function editField(
  document: DocumentNode,
  target: Target,
  fail: (problem: string) => never,
  edit: (field: AnyField, holder: FieldHolder) => FieldHolder["fields"],
): DocumentNode {
  const holders = (document.definitions as readonly DefinitionNode[] as readonly FieldHolder[]).filter(
    (definition) => HOLDERS.has(definition.kind) && definition.name?.value === target.type,
  );
  if (holders.length === 0) fail(`the schema has no object, interface or input type ${target.type}`);
  const holder = holders.find((candidate) => candidate.fields?.some((field) => field.name.value === target.field));
  if (!holder) fail(`the schema has no field ${target.field} on ${target.type}`);
  const field = holder.fields?.find((candidate) => candidate.name.value === target.field);
  if (!field) fail(`the schema has no field ${target.field} on ${target.type}`);
  const fields = edit(field, holder);
  return {
    ...document,
    definitions: document.definitions.map((definition) =>
      (definition as unknown) === holder ? ({ ...holder, fields } as unknown as DefinitionNode) : definition,
    ),
  };
}

function argumentsOf(field: AnyField, target: Target, fail: (problem: string) => never) {
  if (field.kind !== Kind.FIELD_DEFINITION) fail(`${target.type} is an input type: its fields take no arguments`);
  const args = field.arguments ?? [];
  if (!args.some((arg) => arg.name.value === target.argument)) {
    fail(`the schema has no argument ${target.argument} on ${target.type}.${target.field}`);
  }
  return { field, args };
}

/** The resolvers of `type` as a copy the drift may change (the shared map stays as it is). */
function ownResolvers(resolvers: ResolverMap, type: string): Record<string, unknown> {
  resolvers[type] = { ...(resolvers[type] ?? {}) };
  return resolvers[type];
}

function applyOne(
  document: DocumentNode,
  resolvers: ResolverMap,
  entry: SandboxDriftEntry,
  field: string,
  source?: string,
) {
  const coordinate = "remove" in entry ? entry.remove : entry.rename;
  const target = parseCoordinate(coordinate);
  const fail = (problem: string): never => {
    throw new SandboxConfigError(`${field}.${"remove" in entry ? "remove" : "rename"}`, problem, source);
  };
  const isInput = (holder: FieldHolder) =>
    holder.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION || holder.kind === Kind.INPUT_OBJECT_TYPE_EXTENSION;

  if ("remove" in entry) {
    return editField(document, target, fail, (found, holder) => {
      if (target.argument === undefined) {
        if (!isInput(holder) && resolvers[target.type]?.[target.field]) {
          delete ownResolvers(resolvers, target.type)[target.field];
        }
        return holder.fields?.filter((candidate) => candidate !== found);
      }
      const { field: definition, args } = argumentsOf(found, target, fail);
      const kept = args.filter((arg) => arg.name.value !== target.argument);
      return holder.fields?.map((candidate) => (candidate === found ? { ...definition, arguments: kept } : candidate));
    });
  }

  const to = entry.to;
  return editField(document, target, fail, (found, holder) => {
    if (target.argument === undefined) {
      if (isInput(holder)) fail(`${target.type} is an input type: renaming its fields is not supported; remove one`);
      if (holder.fields?.some((candidate) => candidate.name.value === to)) {
        fail(`${target.type} has a field ${to} already`);
      }
      const own = ownResolvers(resolvers, target.type);
      const from = target.field;
      // A field without a resolver reads the record's property of its old name.
      own[to] = own[from] ?? ((parent: Record<string, unknown>) => parent[from]);
      delete own[from];
      return holder.fields?.map((candidate) => (candidate === found ? { ...found, name: name(to) } : candidate));
    }
    const { field: definition, args } = argumentsOf(found, target, fail);
    if (args.some((arg) => arg.name.value === to)) fail(`${target.type}.${target.field} has an argument ${to} already`);
    const resolver = resolvers[target.type]?.[target.field] as Resolver | undefined;
    if (resolver) {
      const from = target.argument as string;
      // The resolver still reads the argument under its old name.
      ownResolvers(resolvers, target.type)[target.field] = ((parent, args, context, info) => {
        const { [to]: value, ...rest } = args;
        return resolver(parent, value === undefined ? rest : { ...rest, [from]: value }, context, info);
      }) satisfies Resolver;
    }
    const renamed = args.map((arg) => (arg.name.value === target.argument ? { ...arg, name: name(to) } : arg));
    return holder.fields?.map((candidate) => (candidate === found ? { ...definition, arguments: renamed } : candidate));
  });
}

/**
 * Applies the drift entries, in order (a later entry may name what an earlier
 * one renamed), to the SDL and to a copy of the resolvers. An entry naming
 * something the schema does not have is refused with SandboxConfigError
 * (`drift[1].rename: the schema has no argument first on Query.fonts`).
 */
export function applyDrift(
  typeDefs: string,
  resolvers: ResolverMap,
  drift: readonly SandboxDriftEntry[],
  source?: string,
): { typeDefs: DocumentNode | string; resolvers: ResolverMap } {
  if (drift.length === 0) return { typeDefs, resolvers };
  let document = parse(typeDefs);
  const drifted: ResolverMap = { ...resolvers };
  drift.forEach((entry, at) => {
    document = applyOne(document, drifted, entry, `drift[${at}]`, source);
  });
  return { typeDefs: document, resolvers: drifted };
}
