import type { Command } from "commander";
import type { RunContext } from "../context.js";
import { failureSummary, humanReport } from "../doctor/report.js";
import { runDoctor } from "../doctor/run-doctor.js";
import { CliError } from "../errors.js";

/**
 * `studio doctor`: sends every read-only document of @studio-kit/operations and reports whether the API's schema
 * still accepts each. Introspection is off in production, so this is the way to see drift before a user does.
 */
export function registerDoctor(program: Command, run: RunContext): void {
  program
    .command("doctor")
    .description("Check that the API still accepts every read-only query of the schema (never sends a mutation)")
    .action(async (_options, command: Command) => {
      const { printer, session, io } = run.begin(command);
      const { client, baseUrl } = await session();
      const report = await runDoctor(client, io.signal ? { signal: io.signal } : {});
      printer.result({ ...report, baseUrl }, () => humanReport(report, printer.style));
      if (!report.ok) throw new CliError("failed", failureSummary(report));
    });
}
