import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { StudioToolBackend } from "./backend.js";
import { boardTools } from "./tools/boards.js";
import { GENERATION_TOOLS, registerGenerationTool } from "./tools/generate.js";
import { readTools } from "./tools/reads.js";
import { registerSimpleTool } from "./tools/register.js";
import type { ToolSettings } from "./tools/settings.js";
import { VERSION } from "./version.js";

/**
 * Costs above this many credits are confirmed by the person first: the Slack bot's default
 * CREDITS_CONFIRM_THRESHOLD (apps/slack-bot/src/config/access.ts) and the CLI's.
 */
export const DEFAULT_CONFIRM_ABOVE_CREDITS = 50;

/** Options of {@link createStudioMcpServer}. */
export interface StudioMcpServerOptions {
  /**
   * Generations estimated above this many credits are confirmed by the person first (elicitation, or a refusal
   * asking for `confirmCredits`). Default {@link DEFAULT_CONFIRM_ABOVE_CREDITS}; 0 asks before every generation.
   */
  confirmAboveCredits?: number;
  /** How messages name the command line in the grammar's texts: `studio` (default) or `/studio`. */
  invocation?: string;
  /** The server's name and version in `initialize` (default `studio-kit`, this package's version). */
  name?: string;
  version?: string;
  /** Told to the client at `initialize`: how to use the tools. Default: {@link DEFAULT_INSTRUCTIONS}. */
  instructions?: string;
  /**
   * Sees an unexpected error a tool hid from the agent (reported as `internal`, without its message), for the
   * server's own log. Default: nothing (stdout is the protocol's, and stderr is the host's).
   */
  onError?: (error: unknown, tool: string) => void;
}

/** What the server tells a client about its tools at `initialize`. */
export const DEFAULT_INSTRUCTIONS =
  "Tools of a creative studio: generate images, video, music and voiceovers, and keep them on boards. " +
  "Generations spend credits: each result states its estimated cost; above a threshold the person confirms first " +
  "(you may be asked, or refused with the cost: then ask the person and call again with confirmCredits). " +
  "Never confirm a cost the person did not agree to. list_models and list_presets give the values options take.";

/** Every tool's name, in the order `tools/list` gives them. */
export const STUDIO_TOOL_NAMES = [
  ...Object.values(GENERATION_TOOLS),
  "job_status",
  "get_credits",
  "list_models",
  "list_presets",
  "search_library",
  "list_boards",
  "board_cards",
  "add_to_board",
  "create_board",
] as const;

/** A tool of the studio's MCP server. */
export type StudioToolName = (typeof STUDIO_TOOL_NAMES)[number];

/**
 * The studio's MCP server: every tool registered on the SDK's `McpServer`, acting through `backend`. Connect it to
 * a transport (`serveStdio`, or per request through `createMcpHttpHandler`). The tools own the schemas, annotations,
 * the credits rule and how results read; the backend owns how each action is done and as whom.
 *
 * @example
 * const client = createStudioClient({ apiKey, baseUrl });
 * const server = createStudioMcpServer(createClientBackend(client), { confirmAboveCredits: 50 });
 * await serveStdio(server);
 */
export function createStudioMcpServer(backend: StudioToolBackend, options: StudioMcpServerOptions = {}): McpServer {
  const confirmAboveCredits = options.confirmAboveCredits ?? DEFAULT_CONFIRM_ABOVE_CREDITS;
  if (!Number.isFinite(confirmAboveCredits) || confirmAboveCredits < 0) {
    throw new TypeError(
      `@studio-kit/mcp: confirmAboveCredits must be a number of credits, 0 or more (got ${String(confirmAboveCredits)}).`,
    );
  }
  const server = new McpServer(
    { name: options.name ?? "studio-kit", version: options.version ?? VERSION },
    { capabilities: { tools: {} }, instructions: options.instructions ?? DEFAULT_INSTRUCTIONS },
  );
  const onError = options.onError ?? (() => {});
  const settings = (tool: string): ToolSettings => ({
    confirmAboveCredits,
    invocation: options.invocation ?? "studio",
    onError: (error) => onError(error, tool),
  });
  for (const kind of ["image", "video", "music", "voice"] as const) {
    registerGenerationTool(server, backend, kind, settings(GENERATION_TOOLS[kind]));
  }
  for (const tool of [...readTools(backend), ...boardTools(backend)]) {
    registerSimpleTool(server, tool, settings(tool.name));
  }
  return server;
}
