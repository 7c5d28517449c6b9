import type { Command } from "commander";
import type { RunContext } from "../context.js";

/** `studio whoami`: the workspace the key is pinned to, and where the API is. */
export function registerWhoami(program: Command, run: RunContext): void {
  program
    .command("whoami")
    .description("Show the workspace the API key belongs to")
    .action(async (_options, command: Command) => {
      const { printer, session } = run.begin(command);
      const { client, baseUrl } = await session();
      const workspace = await client.workspace();
      printer.result({ workspace: { id: workspace.id, name: workspace.name }, baseUrl }, () =>
        [`${printer.style.bold(workspace.name ?? workspace.id)} (${workspace.id})`, `API: ${baseUrl}`].join("\n"),
      );
    });
}
