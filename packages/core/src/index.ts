// @studio-kit/core: the typed client every studio-kit package and internal app uses.

export { describeReason, isTimeoutReason } from "./abort-reason.js";
export type { RequestOptions, StudioClient, Workspace } from "./client.js";
export { createStudioClient } from "./client.js";
export type { StudioErrorCode } from "./codes.js";
export type { StudioErrorDetails, StudioErrorJSON, StudioRecordRef, StudioRequestRef } from "./errors.js";
export {
  StudioAbortError,
  StudioAuthenticationError,
  StudioBadInputError,
  StudioConfigError,
  StudioError,
  StudioGraphQLError,
  StudioNetworkError,
  StudioNotFoundError,
  StudioPermissionError,
  StudioRateLimitError,
  StudioServerError,
  StudioTimeoutError,
  StudioValidationError,
} from "./errors.js";
export type { AssetSearch, LibraryAsset } from "./helpers/assets.js";
export { searchAssets } from "./helpers/assets.js";
export type { Board, BoardRef, CanvasCard } from "./helpers/boards.js";
export { conversationIdOf, createBoard, listBoards, listCards } from "./helpers/boards.js";
export type { CardKindSource } from "./helpers/card-kind.js";
export { cardKindLabel } from "./helpers/card-kind.js";
export type { CreditsBalance } from "./helpers/credits.js";
export { getCredits } from "./helpers/credits.js";
export type { GenerateImagesInput, QueuedImage } from "./helpers/generate.js";
export { generateImages } from "./helpers/generate.js";
export type { AddToBoardOptions, BoardItem } from "./helpers/put-on-board.js";
export { addToBoard } from "./helpers/put-on-board.js";
export { GENERATION_MUTATIONS, IDEMPOTENT_MUTATIONS } from "./operation.js";
export type { StudioClientOptions, StudioLogger } from "./options.js";
export { defaultSleep } from "./options.js";
export type { NodeOf, PaginateOptions } from "./paginate.js";
export { paginate } from "./paginate.js";
export type { Redactor } from "./redact.js";
export { createRedactor, REDACTED, urlWithoutSecrets } from "./redact.js";
export type { RetryOptions } from "./retry.js";
export { tracerFor } from "./tracing/tracer-for.js";
export type {
  StudioSpan,
  StudioSpanAttributes,
  StudioSpanAttributeValue,
  StudioSpanContext,
  StudioSpanOptions,
  StudioTracer,
  StudioTracerProvider,
} from "./tracing/types.js";
export { whenAborted } from "./when-aborted.js";
