import { describe, expectTypeOf, it } from "vitest";
import {
  ApiCredentialWorkspaceDocument,
  type AssetsDocument,
  AvailableGenerationModelsDocument,
  CanvasCardsDocument,
  CreditsBalanceDocument,
  type GenerateImageDocument,
  type ImageDocument,
  type OperationArgs,
  type RecordStatus,
  type ResultOf,
  type TypedDocumentNode,
  type VariablesOf,
} from "../src/index.js";

/** A request function typed the way @studio-kit/core types its `request`. */
declare function request<TResult, TVariables>(
  document: TypedDocumentNode<TResult, TVariables>,
  ...args: OperationArgs<TVariables, { signal?: AbortSignal }>
): Promise<TResult>;

describe("typed documents", () => {
  it("infer the result type from the document", async () => {
    const workspace = await request(ApiCredentialWorkspaceDocument);
    expectTypeOf(workspace).toEqualTypeOf<{ apiCredentialWorkspace: { id: string; name: string | null } | null }>();

    const credits = await request(CreditsBalanceDocument, { workspaceId: "ws" });
    expectTypeOf(credits.creditsBalance).toExtend<{ balance: number | null } | null>();
  });

  it("accept no variables for a document that declares none", () => {
    request(ApiCredentialWorkspaceDocument);
    request(ApiCredentialWorkspaceDocument, undefined, { signal: AbortSignal.timeout(1) });
    // @ts-expect-error a document without variables accepts none
    request(ApiCredentialWorkspaceDocument, { workspaceId: "ws" });
    // @ts-expect-error not even an empty object's worth of unknown keys
    request(AvailableGenerationModelsDocument, { anything: 1 });
  });

  it("require the variables a document requires, and only those", () => {
    request(CreditsBalanceDocument, { workspaceId: "ws" });
    // @ts-expect-error workspaceId is required
    request(CreditsBalanceDocument);
    // @ts-expect-error workspaceId is required
    request(CreditsBalanceDocument, {});
    // @ts-expect-error unknown variable
    request(CreditsBalanceDocument, { workspaceId: "ws", brandId: "b" });
    // @ts-expect-error workspaceId is an ID, a string
    request(CreditsBalanceDocument, { workspaceId: 1 });
  });

  it("infer variable types, including inline inputs, defaults and spec-named enums", () => {
    type Variables = VariablesOf<typeof GenerateImageDocument>;
    expectTypeOf<Variables["prompt"]>().toEqualTypeOf<string>();
    // count has a schema default (1), so it may be left out.
    expectTypeOf<Variables>().toHaveProperty("count");
    expectTypeOf<Pick<Variables, "count">>().toEqualTypeOf<{ count?: number | null | undefined }>();
    // sessionId is not accepted by our generateImage document (spec, Generation rules 2).
    expectTypeOf<Variables>().not.toHaveProperty("sessionId");

    type AssetsVariables = VariablesOf<typeof AssetsDocument>;
    expectTypeOf<NonNullable<AssetsVariables["types"]>>().toEqualTypeOf<
      Array<"AUDIO" | "CREATIVE" | "IMAGE" | "LOGO" | "PROMPT" | "VIDEO">
    >();
  });

  it("allow a document whose variables are all optional to be sent without them", () => {
    request(CanvasCardsDocument, { conversationId: "c" });
    type Variables = VariablesOf<typeof CanvasCardsDocument>;
    expectTypeOf<Variables["includeRemoved"]>().toEqualTypeOf<boolean | null | undefined>();
  });

  it("keep record statuses open: the known literals plus any string", () => {
    type Status = Exclude<NonNullable<ResultOf<typeof ImageDocument>["image"]>["status"], null>;
    expectTypeOf<Status>().toEqualTypeOf<RecordStatus>();
    expectTypeOf<"PROCESSING">().toExtend<Status>();
    expectTypeOf<"QUEUED">().toExtend<Status>();
  });

  it("discriminate union members by __typename", () => {
    type Node = NonNullable<ResultOf<typeof AssetsDocument>["assets"]>["edges"][number]["node"];
    expectTypeOf<Node["__typename"]>().toEqualTypeOf<
      "Audio" | "Creative" | "Image" | "Logo" | "PromptAsset" | "Video"
    >();
    expectTypeOf<Extract<Node, { __typename: "PromptAsset" }>>().toHaveProperty("text");
  });
});
