import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { ToolContext } from "../backend.js";
import { toolContext } from "./context.js";
import { toolInput } from "./input.js";
import { answer, toolResult } from "./result.js";
import type { ToolSettings } from "./settings.js";

/** What a tool that is not a generation declares; `run` returns its text and structured data. */
export interface SimpleTool<Shape extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: Shape;
  output: z.ZodObject;
  /** Reads only, or what it changes: the spec's ToolAnnotations (https://modelcontextprotocol.io/specification/2025-11-25/schema#toolannotations). */
  annotations: Omit<ToolAnnotations, "title">;
  run(
    input: z.infer<z.ZodObject<Shape>>,
    context: ToolContext,
  ): Promise<{ text: string; data: Record<string, unknown> }>;
}

/** Reading tools: no change anywhere, safe to call again. Closed world: one workspace, not the open web. */
export const READS = { readOnlyHint: true, openWorldHint: false } as const;

/** Registers a tool whose body is `run`, its refusals turned into tool errors. */
export function registerSimpleTool<Shape extends z.ZodRawShape>(
  server: McpServer,
  tool: SimpleTool<Shape>,
  settings: ToolSettings,
): void {
  // The tool reads its input itself, so a mismatch is an invalid_input refusal in the tools' words (input.ts).
  const input = toolInput(tool.input, "Call again with the input this tool's schema describes.");
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: input.advertised,
      outputSchema: tool.output,
      annotations: { title: tool.title, ...tool.annotations },
    },
    (given: unknown, extra: Parameters<typeof toolContext>[1]) =>
      answer(
        async () => {
          const { text, data } = await tool.run(input.read(given), toolContext(tool.name, extra));
          return toolResult(text, data);
        },
        settings.onError,
        extra.signal,
      ),
  );
}

/** A tool of any input shape, as the server registers them in a list. */
// biome-ignore lint/suspicious/noExplicitAny: a list of tools with different input shapes
export type AnySimpleTool = SimpleTool<any>;

/** Declares a tool, its `run` typed from its input shape. */
export const defineTool = <Shape extends z.ZodRawShape>(tool: SimpleTool<Shape>): AnySimpleTool => tool;
