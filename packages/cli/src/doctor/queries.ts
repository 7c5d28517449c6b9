import * as operations from "@studio-kit/operations";
import { type DocumentNode, Kind, type OperationDefinitionNode, type VariableDefinitionNode } from "graphql";

/** One read-only document of `@studio-kit/operations` that `studio doctor` may send. */
export interface ReadOnlyQuery {
  /** The operation's name (`CanvasCards`): what the report and the server's operation counts call it. */
  name: string;
  document: DocumentNode;
  /** The variables the document declares, as written in it. */
  variables: readonly VariableDefinitionNode[];
}

/** The document's one operation; none when it holds several (which one the server runs would be ours to name). */
function operationOf(document: DocumentNode): OperationDefinitionNode | undefined {
  const found = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return found.length === 1 ? found[0] : undefined;
}

const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === Kind.DOCUMENT;

/**
 * Every query document the package exports, in name order. Each is picked by its operation type, read off the
 * document node itself, not by its export name: doctor must never send a mutation (it would spend credits or
 * change a board), and a new document added to the package is checked without touching this list.
 */
export function readOnlyQueries(exports: Record<string, unknown> = operations): ReadOnlyQuery[] {
  const queries: ReadOnlyQuery[] = [];
  for (const value of Object.values(exports)) {
    if (!isDocument(value)) continue;
    const operation = operationOf(value);
    if (operation?.operation !== "query" || !operation.name) continue;
    queries.push({ name: operation.name.value, document: value, variables: operation.variableDefinitions ?? [] });
  }
  return queries.sort((a, b) => a.name.localeCompare(b.name));
}
