import {
  ApiCredentialWorkspaceDocument,
  AssetsDocument,
  ImageDocument,
  ProductsDocument,
  StudioSessionsDocument,
  type TypedDocumentNode,
  VideoDocument,
} from "@studio-kit/operations";
import { Kind, type OperationDefinitionNode } from "graphql";

/** An id doctor learns from one answer and sends in a later query. */
export type Fact =
  | "workspaceId"
  | "boardId"
  | "conversationId"
  | "imageId"
  | "videoId"
  | "audioId"
  | "productId"
  | "sessionId"
  | "backgroundJobId";

/** The ids learnt so far. */
export type Facts = Partial<Record<Fact, string>>;

/** Where a fact comes from: the queries whose answers carry it, what it is, and why no query does (when none does). */
export interface FactSource {
  from: readonly string[];
  what: string;
  unavailable?: string;
}

/** Every fact's source, for the "skipped: needs ..." lines: a reader sees which answer would have given the id. */
export const FACT_SOURCES: Record<Fact, FactSource> = {
  workspaceId: { from: ["ApiCredentialWorkspace"], what: "the key's workspace" },
  boardId: { from: ["StudioSessions"], what: "a board" },
  conversationId: { from: ["StudioSessions"], what: "a board's canvas" },
  imageId: { from: ["Assets"], what: "an image" },
  videoId: { from: ["Assets"], what: "a video" },
  audioId: { from: ["Assets"], what: "an audio" },
  productId: { from: ["Products"], what: "a product" },
  // The legacy session column, which nothing here can set (spec, Generation rules 2): only records made
  // elsewhere carry one, so it is read off the image and video doctor fetched.
  sessionId: { from: ["Image", "Video"], what: "the session of an image or video" },
  backgroundJobId: {
    from: [],
    what: "a background job",
    unavailable: "only a generation (a mutation) returns its id, and doctor sends none",
  },
};

type Harvest = (data: unknown) => Facts;

function operationName(document: TypedDocumentNode<unknown, unknown>): string {
  const operation = document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  return operation?.name?.value ?? "";
}

// Typed by the document, so a renamed result field breaks the build here rather than silently finding nothing.
const harvest = <R, V>(document: TypedDocumentNode<R, V>, take: (data: R) => Facts): [string, Harvest] => [
  operationName(document as TypedDocumentNode<unknown, unknown>),
  take as Harvest,
];

const firstOf = (nodes: readonly { __typename?: string; id?: string }[], typename: string) =>
  nodes.find((node) => node.__typename === typename)?.id;

const HARVESTERS = new Map<string, Harvest>([
  harvest(ApiCredentialWorkspaceDocument, (data) => ({ workspaceId: data.apiCredentialWorkspace?.id })),
  harvest(StudioSessionsDocument, (data) => {
    // A board with assets, when there is one, so CanvasCards reads cards of every kind its fragments select.
    const boards = data.studioSessions ?? [];
    const board = boards.find((each) => each.conversationId && (each.assetCount ?? 0) > 0) ?? boards[0];
    return { boardId: board?.id, conversationId: board?.conversationId ?? undefined };
  }),
  harvest(AssetsDocument, (data) => {
    const nodes = (data.assets?.edges ?? []).map((edge) => edge.node as { __typename?: string; id?: string });
    return {
      imageId: firstOf(nodes, "Image"),
      videoId: firstOf(nodes, "Video"),
      audioId: firstOf(nodes, "Audio"),
    };
  }),
  harvest(ProductsDocument, (data) => ({ productId: data.products?.edges[0]?.node.id })),
  harvest(ImageDocument, (data) => ({ sessionId: data.image?.sessionId ?? undefined })),
  harvest(VideoDocument, (data) => ({ sessionId: data.video?.sessionId ?? undefined })),
]);

/** Adds the ids the answer of `query` carries to `facts` (an id learnt first is kept). */
export function learn(facts: Facts, query: string, data: unknown): void {
  const found = HARVESTERS.get(query)?.(data) ?? {};
  for (const [fact, id] of Object.entries(found) as [Fact, string | undefined][]) {
    if (id && facts[fact] === undefined) facts[fact] = id;
  }
}
