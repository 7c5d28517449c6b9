// Whether the studio API key is read-only, learned from the first mutation the API refuses for it.
//
// The spec lets a workspace owner create a key with access level "Read only" (spec, Authentication 2) but does not
// say how a mutation sent with one is refused (Authentication, Gaps). @studio-kit/core turns FORBIDDEN (or HTTP 403)
// into a StudioPermissionError, and that error means one of two things (packages/core/src/errors.ts): the key is
// read-only, or the request reached a record of another workspace. Only the first should switch generation off, so
// a refusal counts as "read-only" only when all of these hold:
//
// 1. it is a StudioPermissionError;
// 2. the operation is a mutation (a document of @studio-kit/operations): a read-only key may read, so a refused query
//    says nothing about it;
// 3. the refusal is about the whole operation, not one field: no GraphQL error carries a `path`. GraphQL puts a
//    `path` on an error raised while resolving a field (GraphQL spec, Response: Errors, "path"), and that is where a record or
//    workspace id is checked: the sandbox refuses another workspace's image from the `updateImage` resolver (path
//    ["updateImage"]) and a read-only key before execution (no path: packages/sandbox/src/graphql/server.ts). An HTTP
//    403 with no GraphQL errors at all is a whole-request refusal too.
//    Or, failing 3, the server's own words say the key is read-only ("read-only", "read only") — the access level's
//    name in the spec — in case the real API checks the key inside the resolver.
//
// The bot sends every mutation with its own workspace id (client.workspaceId()), so a refusal of the workspace itself
// does not happen in practice, and it would carry a path anyway. When in doubt the answer is "not read-only": a
// wrong "read-only" would switch generation off for everyone until a restart, while a missed one costs one more
// refused mutation with the usual "the API refused the bot's key" message.

import { StudioPermissionError } from "@studio-kit/core";
import * as operations from "@studio-kit/operations";

/** Remembers, for this process, whether the studio API key is read-only. */
export interface KeyMode {
  /** True once a refused mutation showed the key is read-only. */
  isReadOnly(): boolean;
  /**
   * Looks at an error a studio request threw: true (and from then on {@link isReadOnly}) when it shows the key is
   * read-only; false for anything else, including a record of another workspace.
   */
  learnFrom(error: unknown): boolean;
}

/** The names of every mutation document in @studio-kit/operations (`GenerateImage`, `UploadImage`, ...). */
export const MUTATION_OPERATIONS: ReadonlySet<string> = new Set(
  Object.values(operations as Record<string, unknown>).flatMap((value) => {
    const definitions = (value as { kind?: unknown; definitions?: unknown } | null)?.definitions;
    if ((value as { kind?: unknown } | null)?.kind !== "Document" || !Array.isArray(definitions)) return [];
    return definitions.flatMap((definition: { kind?: string; operation?: string; name?: { value?: string } }) =>
      definition.kind === "OperationDefinition" && definition.operation === "mutation" && definition.name?.value
        ? [definition.name.value]
        : [],
    );
  }),
);

const SAYS_READ_ONLY = /\bread[\s-]?only\b/i;

/**
 * True when `error` is the API refusing a mutation because the key is read-only (the reasoning is at the top of
 * this file). `mutations` names the operations that are mutations; default {@link MUTATION_OPERATIONS}.
 */
export function isReadOnlyRefusal(error: unknown, mutations: ReadonlySet<string> = MUTATION_OPERATIONS): boolean {
  if (!(error instanceof StudioPermissionError)) return false;
  if (!error.operationName || !mutations.has(error.operationName)) return false;
  const errors = error.graphqlErrors ?? [];
  const wholeOperation = errors.every((item) => !item.path?.length);
  return wholeOperation || errors.some((item) => SAYS_READ_ONLY.test(item.message));
}

/**
 * The key's mode, in memory. Deliberately not in the durable store: after a restart one refused mutation teaches it
 * again (the user who sent it gets the read-only message), and an admin who swaps STUDIO_API_KEY for a read-write
 * key restarts the bot anyway, which then starts out trusting the new key. A stored flag would outlive the key it
 * was learned from. Once learned it stays: a key's access level is fixed at creation (spec, Authentication 2).
 *
 * @example
 * const keyMode = createKeyMode();
 * if (keyMode.isReadOnly()) return respond(readOnlyKeyMessage());
 * try { await generateImages(studio, input); } catch (error) { if (keyMode.learnFrom(error)) return respond(readOnlyKeyMessage()); throw error; }
 */
export function createKeyMode(options: { mutations?: ReadonlySet<string> } = {}): KeyMode {
  const mutations = options.mutations ?? MUTATION_OPERATIONS;
  let readOnly = false;
  return {
    isReadOnly: () => readOnly,
    learnFrom(error) {
      if (!isReadOnlyRefusal(error, mutations)) return false;
      readOnly = true;
      return true;
    },
  };
}
