import { type Span, type SpanContext, type TracerProvider, trace } from "@opentelemetry/api";
import type { BasicTracerProvider } from "@opentelemetry/sdk-trace-base";
import {
  ApiCredentialWorkspaceDocument,
  AssetsDocument,
  CreditsBalanceDocument,
  GenerateImageDocument,
} from "@studio-kit/operations";
import { describe, expectTypeOf, it } from "vitest";
import {
  createStudioClient,
  type LibraryAsset,
  paginate,
  type StudioClient,
  type StudioSpan,
  type StudioSpanContext,
  type StudioTracerProvider,
} from "../src/index.js";

declare const client: StudioClient;

describe("client.request types", () => {
  it("infers the result from the document", async () => {
    const { apiCredentialWorkspace } = await client.request(ApiCredentialWorkspaceDocument);
    expectTypeOf(apiCredentialWorkspace).toEqualTypeOf<{ id: string; name: string | null } | null>();
    const { generateImage } = await client.request(GenerateImageDocument, {
      workspaceId: "ws",
      prompt: "p",
      aspectRatio: "1:1",
    });
    expectTypeOf(generateImage?.images).toExtend<{ id: string }[] | null | undefined>();
  });

  it("checks variables: required ones, their types, and no unknown ones", () => {
    client.request(CreditsBalanceDocument, { workspaceId: "ws" }, { signal: AbortSignal.timeout(1) });
    // @ts-expect-error workspaceId is required
    client.request(CreditsBalanceDocument);
    // @ts-expect-error workspaceId is a string
    client.request(CreditsBalanceDocument, { workspaceId: 42 });
    // @ts-expect-error no such variable
    client.request(CreditsBalanceDocument, { workspaceId: "ws", brandId: "b" });
    // @ts-expect-error generateImage takes no sessionId (spec, Generation rules 2)
    client.request(GenerateImageDocument, { workspaceId: "ws", prompt: "p", aspectRatio: "1:1", sessionId: "board" });
    // @ts-expect-error a document without variables accepts none
    client.request(ApiCredentialWorkspaceDocument, { workspaceId: "ws" });
  });

  it("types paginate's nodes as the connection's nodes", async () => {
    for await (const asset of paginate(client, AssetsDocument, { workspaceId: "ws" })) {
      expectTypeOf(asset).toEqualTypeOf<LibraryAsset>();
      if (asset.__typename === "PromptAsset") expectTypeOf(asset.text).toEqualTypeOf<string | null>();
    }
  });

  it("returns a client from the factory", () => {
    expectTypeOf(createStudioClient).returns.toEqualTypeOf<StudioClient>();
  });
});

describe("tracing types", () => {
  it("takes OpenTelemetry's own TracerProvider, Span and SpanContext without a cast", () => {
    expectTypeOf<TracerProvider>().toExtend<StudioTracerProvider>();
    expectTypeOf<BasicTracerProvider>().toExtend<StudioTracerProvider>();
    expectTypeOf<Span>().toExtend<StudioSpan>();
    expectTypeOf<SpanContext>().toExtend<StudioSpanContext>();
    createStudioClient({ apiKey: "k", baseUrl: "https://api.example.com", tracerProvider: trace.getTracerProvider() });
    createStudioClient({ apiKey: "k", baseUrl: "https://api.example.com", tracerProvider: false });
    // @ts-expect-error a tracer is not a provider
    createStudioClient({ apiKey: "k", baseUrl: "https://api.example.com", tracerProvider: trace.getTracer("x") });
  });
});
