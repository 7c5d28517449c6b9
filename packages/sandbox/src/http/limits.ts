// What the sandbox accepts from a request before doing any work on it. The spec gives no maximum query size
// (spec, Limits: Gaps); these bounds sit far above what the project's own documents need (the largest operation
// is about 27 KB, 3,300 tokens, nested 7 deep) and far below what would let one request exhaust the process.

/** Longest `/graphql` body read; a longer one is refused with 413 as soon as the limit is crossed. */
export const MAX_GRAPHQL_BODY_BYTES = 1024 * 1024;

/** Longest body of an admin endpoint (`/__sandbox/*`): a list of faults at most this big. */
export const MAX_ADMIN_BODY_BYTES = 1024 * 1024;

/** Most tokens in a GraphQL document (graphql-js's `maxTokens` parser option). */
export const MAX_DOCUMENT_TOKENS = 20_000;

/** Deepest nesting of `{`, `[` and `(` in a GraphQL document. */
export const MAX_DOCUMENT_DEPTH = 32;

/** Deepest nesting of JSON objects and arrays in a `/graphql` body or its `variables` and `extensions` parameters. */
export const MAX_JSON_DEPTH = 32;

/** Most faults in place at once (`/__sandbox/faults`, `sandbox.faults.add`, `--faults FILE`). */
export const MAX_FAULTS = 1000;
