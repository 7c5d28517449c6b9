import { type DocumentNode, Kind, type OperationDefinitionNode } from "graphql";

/**
 * Mutations the spec makes safe to send twice (spec, Mutations: boards and
 * cards): deleteCanvasCards is idempotent; position, z-order, text, style and
 * shape writes overwrite with the same values; createCanvasCard takes a
 * client-chosen id, so a resend finds the card already made.
 */
export const IDEMPOTENT_MUTATIONS: ReadonlySet<string> = new Set([
  "deleteCanvasCards",
  "updateCanvasCardPosition",
  "batchUpdateCanvasCardPositions",
  "batchUpdateCanvasCardZOrder",
  "updateCanvasCardText",
  "updateCanvasCardStyle",
  "updateCanvasCardElement",
  "createCanvasCard",
]);

/** Mutations that start paid work: never re-sent once they may have reached the server. Credits are money. */
export const GENERATION_MUTATIONS: ReadonlySet<string> = new Set([
  "generateImage",
  "generateVideo",
  "generateVideoFormatVariant",
  "applyVideoColorAdjustments",
  "addSubtitles",
  "generateLipsync",
  "generateSpeakingCharacter",
  "generateMusicTrack",
  "generateVoiceover",
  "generateVideoSfx",
  "updateImage",
  "updateVideo",
]);

/**
 * How a request may be retried:
 * - `read`: a query, retried on network errors, 5xx and 429;
 * - `idempotent`: a mutation the spec makes safe to resend, retried like a read;
 * - `write`: any other mutation, retried only on 429 or when it never left;
 * - `paid`: a generation, retried likewise, never after it may have arrived.
 */
export type RetryClass = "read" | "idempotent" | "write" | "paid";

/** What the client reads off a document: its name, kind, root fields and how it may be retried. */
export interface OperationInfo {
  name: string;
  kind: "query" | "mutation" | "subscription";
  rootFields: string[];
  retryClass: RetryClass;
}

/** Reads an operation's name, kind, root fields and retry class off its document. */
export function describeOperation(document: DocumentNode): OperationInfo {
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  const kind = operation?.operation ?? "query";
  const rootFields = (operation?.selectionSet.selections ?? []).flatMap((selection) =>
    selection.kind === Kind.FIELD ? [selection.name.value] : [],
  );
  const name = operation?.name?.value ?? rootFields[0] ?? "anonymous";
  let retryClass: RetryClass = "read";
  if (kind !== "query") {
    if (rootFields.some((field) => GENERATION_MUTATIONS.has(field))) retryClass = "paid";
    else if (rootFields.length > 0 && rootFields.every((field) => IDEMPOTENT_MUTATIONS.has(field)))
      retryClass = "idempotent";
    else retryClass = "write";
  }
  return { name, kind, rootFields, retryClass };
}
