import type { IncomingMessage, ServerResponse } from "node:http";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { StudioClient } from "@studio-kit/core";
import { expectTypeOf, test } from "vitest";
import {
  createClientBackend,
  createMcpHttpHandler,
  createStudioMcpServer,
  type GenerationRequest,
  type PreparedGeneration,
  type RefusalCode,
  STUDIO_TOOL_NAMES,
  type StudioToolBackend,
  type StudioToolName,
  StudioToolRefusal,
  type ToolContext,
} from "../src/index.js";

test("the server is the SDK's McpServer, made from any backend", () => {
  expectTypeOf(createStudioMcpServer).parameter(0).toEqualTypeOf<StudioToolBackend>();
  expectTypeOf(createStudioMcpServer).returns.toEqualTypeOf<McpServer>();
  expectTypeOf(createClientBackend).parameter(0).toEqualTypeOf<StudioClient>();
  expectTypeOf(createClientBackend).returns.toEqualTypeOf<StudioToolBackend>();
});

test("a backend's generation is checked, then started from what the check returned", () => {
  expectTypeOf<StudioToolBackend["prepareGeneration"]>().parameters.toEqualTypeOf<[GenerationRequest, ToolContext]>();
  expectTypeOf<StudioToolBackend["startGeneration"]>().parameter(0).toEqualTypeOf<PreparedGeneration>();
  expectTypeOf<GenerationRequest["kind"]>().toEqualTypeOf<"image" | "video" | "music" | "voice">();
});

test("tool names and refusal codes are literal unions", () => {
  expectTypeOf(STUDIO_TOOL_NAMES[0]).toEqualTypeOf<StudioToolName>();
  expectTypeOf<"generate_image">().toExtend<StudioToolName>();
  expectTypeOf(new StudioToolRefusal("quota_reached", "m").code).toEqualTypeOf<RefusalCode>();
  // @ts-expect-error: a refusal's code is one of the documented codes
  new StudioToolRefusal("over_quota", "m");
});

test("the HTTP handler is a Node request listener that may take a body already read", () => {
  const handle = createMcpHttpHandler({ serverFor: () => ({ status: 401, message: "no" }) });
  expectTypeOf(handle).toEqualTypeOf<
    (req: IncomingMessage, res: ServerResponse, rawBody?: string | Buffer) => Promise<void>
  >();
});
