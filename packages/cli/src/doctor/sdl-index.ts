import { readFileSync } from "node:fs";
import { type ASTNode, type DefinitionNode, Kind, type NameNode, parse } from "graphql";
import { MERGED_SDL_NAME, mergedSdl } from "./schema.js";

/** Where a schema element is declared: a file and a 1-based line. */
export interface SdlLine {
  file: string;
  line: number;
}

/**
 * Schema coordinates (`Type`, `Type.field`, `Type.field(arg:)`, `Enum.VALUE`: the GraphQL schema-coordinates
 * notation) to the line that declares each.
 */
export type SdlIndex = Record<string, SdlLine>;

/** One SDL file: the name the report shows for it, and its text. */
export interface SdlSource {
  file: string;
  text: string;
}

const lineOf = (name: NameNode) => name.loc?.startToken.line ?? 0;

const EXTENSIONS = new Set<string>([
  Kind.OBJECT_TYPE_EXTENSION,
  Kind.INTERFACE_TYPE_EXTENSION,
  Kind.INPUT_OBJECT_TYPE_EXTENSION,
  Kind.ENUM_TYPE_EXTENSION,
  Kind.UNION_TYPE_EXTENSION,
  Kind.SCALAR_TYPE_EXTENSION,
]);

function addDefinition(index: SdlIndex, file: string, definition: DefinitionNode): void {
  if (!("name" in definition) || !definition.name || definition.kind === Kind.OPERATION_DEFINITION) return;
  const type = definition.name.value;
  // A type is found where it is declared; `extend type Query` in each area's file only names its own fields.
  if (!EXTENSIONS.has(definition.kind) || !index[type]) index[type] = { file, line: lineOf(definition.name) };
  const members: readonly ASTNode[] = [
    ...("fields" in definition ? (definition.fields ?? []) : []),
    ...("values" in definition ? (definition.values ?? []) : []),
  ];
  for (const member of members) {
    if (!("name" in member) || !member.name) continue;
    const field = `${type}.${member.name.value}`;
    index[field] = { file, line: lineOf(member.name) };
    for (const argument of "arguments" in member ? (member.arguments ?? []) : []) {
      index[`${field}(${argument.name.value}:)`] = { file, line: lineOf(argument.name) };
    }
  }
}

/**
 * Indexes SDL files by schema coordinate. Lines are those of each element's name, not of its description, so
 * the line shown is the one to edit.
 */
export function indexSdl(sources: readonly SdlSource[]): SdlIndex {
  const index: SdlIndex = {};
  for (const { file, text } of sources) {
    for (const definition of parse(text).definitions) addDefinition(index, file, definition);
  }
  return index;
}

/** The index the build writes beside the bundle, from the repository's schema/*.graphql (see write-sdl-index.ts). */
export const BUILT_INDEX_FILE = "schema-index.json";

/**
 * The index of the repository's schema/*.graphql, shipped in dist/ because the schema files are not published.
 * Without it (running from source) the merged SDL that `@studio-kit/operations` ships is indexed instead: its
 * lines differ from schema/'s, but the coordinate the report names finds the element in either.
 */
export function loadSdlIndex(built: URL = new URL(`./${BUILT_INDEX_FILE}`, import.meta.url)): SdlIndex {
  try {
    return JSON.parse(readFileSync(built, "utf8")) as SdlIndex;
  } catch {
    return indexSdl([{ file: MERGED_SDL_NAME, text: mergedSdl() }]);
  }
}

/**
 * The line to look at for `coordinate`: its own, else its field's (`Q.f(a:)` → `Q.f`), else its type's: an
 * element the server has and we do not is best looked for beside its parent.
 */
export function sdlLineOf(index: SdlIndex, coordinate: string): SdlLine | undefined {
  const field = coordinate.replace(/\(.*$/, "");
  const type = field.replace(/\..*$/, "");
  return index[coordinate] ?? index[field] ?? index[type];
}
