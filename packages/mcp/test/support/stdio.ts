import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client, type ClientOptions } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterEach } from "vitest";

/**
 * The built `studio` bin: the stdio tests run `studio mcp` as an agent starts it, a process of its own. `pnpm test`
 * builds every package first; run alone, build the CLI first (`pnpm turbo run build --filter=@studio-kit/cli`).
 */
export const STUDIO_BIN = fileURLToPath(new URL("../../../cli/dist/bin.js", import.meta.url));

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A stdio server of this package's own whose backend refuses every generation (support/refusing-server.mjs). */
export const REFUSING_SERVER = fileURLToPath(new URL("./refusing-server.mjs", import.meta.url));

/**
 * Starts `studio mcp <args>` (or, with `script`, `node <script> <args>`) with `env` (nothing inherited but PATH) and
 * connects the SDK's Client over stdio.
 */
export async function connectStdio(
  args: readonly string[],
  options: { env?: Record<string, string>; client?: ClientOptions; script?: string } = {},
) {
  if (!options.script && !existsSync(STUDIO_BIN)) throw new Error(`No ${STUDIO_BIN}: build @studio-kit/cli first.`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: options.script ? [options.script, ...args] : [STUDIO_BIN, "mcp", ...args],
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...options.env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const errors: Error[] = [];
  const client = new Client({ name: "mcp-stdio-test", version: "1.0.0" }, options.client);
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr, errors };
}
