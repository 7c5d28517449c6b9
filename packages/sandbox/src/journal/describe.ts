import { Kind, type OperationDefinitionNode, parse } from "graphql";
import { MAX_DOCUMENT_TOKENS } from "../http/limits.js";

/** What a GraphQL request asks, read before it is executed (for faults) and kept in the journal. */
export interface GraphQLCall {
  /** The operation's name; null when unnamed or unreadable. */
  operation: string | null;
  /** query, mutation or subscription; null when the document does not parse. */
  operationType: "query" | "mutation" | "subscription" | null;
  /** Root fields selected, by field name (aliases resolved), in order. */
  rootFields: string[];
  variables: Record<string, unknown> | null;
}

const UNREADABLE: GraphQLCall = { operation: null, operationType: null, rootFields: [], variables: null };

interface Params {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

function paramsOf(method: string, url: URL, body: string): Params | null {
  if (method === "GET") {
    const variables = url.searchParams.get("variables");
    try {
      return {
        query: url.searchParams.get("query"),
        operationName: url.searchParams.get("operationName"),
        variables: variables ? JSON.parse(variables) : null,
      };
    } catch {
      return null;
    }
  }
  try {
    const parsed = JSON.parse(body) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Params) : null;
  } catch {
    return null;
  }
}

/**
 * Reads the operation, its root fields and variables from a GraphQL request's
 * parameters (the JSON body, or the query string of a GET). A request that is not
 * GraphQL gives nulls: yoga answers it, and faults that name an operation pass it by.
 */
export function describeGraphQL(method: string, url: URL, body: string): GraphQLCall {
  const params = paramsOf(method, url, body);
  if (!params || typeof params.query !== "string") return UNREADABLE;
  const variables =
    params.variables && typeof params.variables === "object" && !Array.isArray(params.variables)
      ? (params.variables as Record<string, unknown>)
      : null;
  let operations: OperationDefinitionNode[];
  try {
    operations = parse(params.query, { noLocation: true, maxTokens: MAX_DOCUMENT_TOKENS }).definitions.filter(
      (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
    );
  } catch {
    return { ...UNREADABLE, variables };
  }
  const name = typeof params.operationName === "string" ? params.operationName : null;
  const operation = operations.find((candidate) => !name || candidate.name?.value === name) ?? operations[0];
  if (!operation) return { ...UNREADABLE, variables };
  return {
    operation: operation.name?.value ?? null,
    operationType: operation.operation,
    rootFields: operation.selectionSet.selections.flatMap((selection) =>
      selection.kind === Kind.FIELD ? [selection.name.value] : [],
    ),
    variables,
  };
}
