import { Kind, type VariableDefinitionNode } from "graphql";
import type { Fact, Facts } from "./facts.js";
import type { ReadOnlyQuery } from "./queries.js";

/** How a required variable is filled: from a fact, shaped by `value` (a list, or a constant that goes with it). */
interface Filler {
  fact: Fact;
  value?: (id: string) => unknown;
}

/** Fillers by variable name, for the names that mean the same in every document. */
const BY_NAME: Record<string, Filler> = {
  workspaceId: { fact: "workspaceId" },
  conversationId: { fact: "conversationId" },
  audioId: { fact: "audioId" },
  sessionIds: { fact: "sessionId", value: (id) => [id] },
};

/** Fillers of the variables whose meaning depends on the document (`id` is an image's in one, a board's in another). */
const BY_QUERY: Record<string, Record<string, Filler>> = {
  Image: { id: { fact: "imageId" } },
  Video: { id: { fact: "videoId" } },
  StudioSession: { id: { fact: "boardId" } },
  Product: { id: { fact: "productId" } },
  BackgroundJob: { id: { fact: "backgroundJobId" } },
  // TaggableAssetType's values are a gap of the spec; IMAGE is the AssetType name of the image whose tags are read.
  AssetTags: { assetId: { fact: "imageId" }, assetType: { fact: "imageId", value: () => "IMAGE" } },
};

/** What filling a document's variables came to: the variables to send, or the first one doctor cannot fill. */
export type Filled = { variables: Record<string, unknown> } | { needs: { variable: string; fact: Fact | undefined } };

// A variable must be sent when it is non-null and the document gives it no default.
const required = (definition: VariableDefinitionNode) =>
  definition.type.kind === Kind.NON_NULL_TYPE && definition.defaultValue === undefined;

/**
 * The variables to send with `query`: every required one from the facts learnt so far; optional ones left out, so
 * the server's own defaults apply and nothing doctor sends narrows what the answer may hold.
 */
export function fillVariables(query: ReadOnlyQuery, facts: Facts): Filled {
  const variables: Record<string, unknown> = {};
  for (const definition of query.variables) {
    if (!required(definition)) continue;
    const variable = definition.variable.name.value;
    const filler = BY_QUERY[query.name]?.[variable] ?? BY_NAME[variable];
    const id = filler && facts[filler.fact];
    if (!filler || id === undefined) return { needs: { variable, fact: filler?.fact } };
    variables[variable] = filler.value ? filler.value(id) : id;
  }
  return { variables };
}
