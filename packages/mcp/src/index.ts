// @studio-kit/mcp: the studio as MCP tools (generate, job status, credits, models, presets, library and boards)
// for AI agents, on the official TypeScript SDK, over stdio or Streamable HTTP. The tools own schemas, annotations,
// the credits rule and output; a backend owns who acts and how (createClientBackend: a workspace API key).

export type {
  AssetSummary,
  BoardAsset,
  BoardSummary,
  CardSummary,
  CostEstimate,
  CreditsSummary,
  GenerationJob,
  GenerationOutcome,
  GenerationRecord,
  GenerationRequest,
  ModelSummary,
  PreparedGeneration,
  PresetSummary,
  RecordKind,
  StudioToolBackend,
  ToolContext,
  ToolProgress,
} from "./backend.js";
export type { ClientBackendOptions } from "./client/backend.js";
export { createClientBackend } from "./client/backend.js";
export type { RefusalCode, RefusalDetails } from "./errors.js";
export { isStudioToolRefusal, StudioToolRefusal } from "./errors.js";
export type { McpHttpHandler, McpHttpHandlerOptions, McpHttpRefusal, McpHttpRequest } from "./http.js";
export { createMcpHttpHandler } from "./http.js";
export type { StudioMcpServerOptions, StudioToolName } from "./server.js";
export {
  createStudioMcpServer,
  DEFAULT_CONFIRM_ABOVE_CREDITS,
  DEFAULT_INSTRUCTIONS,
  STUDIO_TOOL_NAMES,
} from "./server.js";
export type { StdioOptions } from "./stdio.js";
export { serveStdio } from "./stdio.js";
