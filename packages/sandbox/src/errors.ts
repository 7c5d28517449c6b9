import { GraphQLError } from "graphql";

// The sandbox's GraphQL errors. The spec documents only BAD_USER_INPUT; the other
// codes (UNAUTHENTICATED, FORBIDDEN, NOT_FOUND) are the sandbox's choice of the
// conventional ones, listed in its README. Every message says what to do.

type Extensions = Record<string, unknown>;

export function badUserInput(message: string, extensions: Extensions = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", ...extensions } });
}

export function unauthenticated(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "UNAUTHENTICATED", http: { status: 401 } } });
}

export function forbidden(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: "FORBIDDEN" } });
}

export function notFound(what: string, id: string): GraphQLError {
  return new GraphQLError(`${what} ${id} was not found in this workspace.`, {
    extensions: { code: "NOT_FOUND" },
  });
}
