import { type Command, Option } from "commander";
import type { RunContext } from "../context.js";
import { CliError } from "../errors.js";
import { pollOnce } from "../poll-once.js";
import { publicRecord, type RecordKind, type RecordState } from "../records.js";
import { table } from "../table.js";

/** `studio status <id>...`: one poll of each id (images, videos or audio), in the order given. */
export function registerStatus(program: Command, run: RunContext): void {
  program
    .command("status")
    .argument("<id...>", "ids printed by a generation command")
    .addOption(
      new Option("--kind <kind>", "the ids' kind, when known (saves a request per id)").choices([
        "image",
        "video",
        "audio",
      ]),
    )
    .description("Show the status of generated images, videos or audio, once")
    .action(async (ids: string[], options: { kind?: RecordKind }, command: Command) => {
      const { printer, session } = run.begin(command);
      const { client } = await session();
      const records: RecordState[] = [];
      const unknown: string[] = [];
      for (const id of ids) {
        const state = await pollOnce(client, id, options.kind);
        if (state) records.push(state);
        else unknown.push(id);
      }
      // What was found is printed even when an id was not, so a script still gets the known ones (and exit 1).
      printer.result({ records: records.map(publicRecord), unknown }, () =>
        records.length
          ? table(
              ["ID", "KIND", "STATUS", "PROGRESS", "ERROR"],
              records.map((r) => [
                r.id,
                r.kind,
                r.status,
                r.progress === null ? null : `${r.progress}%`,
                r.errorMessage,
              ]),
            )
          : "",
      );
      if (unknown.length) {
        const named = unknown.map((id) => `"${id}"`).join(", ");
        throw new CliError("failed", `No image, video or audio with id ${named} in this workspace.`);
      }
    });
}
