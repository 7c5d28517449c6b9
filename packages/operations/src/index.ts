// Public surface of @studio-kit/operations: the generated typed documents and
// their result and variable types, plus the helpers that read types off them.

export type { ResultOf, TypedDocumentNode, VariablesOf } from "@graphql-typed-document-node/core";
export * from "./generated/graphql.js";
export { isTerminalStatus, KNOWN_RECORD_STATUSES } from "./status.js";
export type { OperationArgs, RecordStatus } from "./types.js";
export type { RegisteringMutation } from "./upload-rules.js";
export {
  isUploadCategory,
  MAX_UPLOAD_BYTES,
  MIN_UPLOAD_BYTES,
  UPLOAD_CATEGORIES,
  UPLOAD_CATEGORY_NAMES,
  UPLOAD_LIFETIME_MS,
} from "./upload-rules.js";
