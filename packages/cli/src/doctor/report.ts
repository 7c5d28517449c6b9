import type { Printer } from "../printer.js";
import type { DoctorReport, QueryCheck } from "./run-doctor.js";
import { MERGED_SDL_NAME } from "./schema.js";

type Refused = NonNullable<QueryCheck["refusals"]>[number];

/** `schema/boards.graphql:13`; in the merged SDL, the coordinate too, since its lines are not schema/'s. */
function where(refusal: Refused): string {
  if (!refusal.sdl) return "";
  const at = `${refusal.sdl.file}:${refusal.sdl.line}`;
  return refusal.sdl.file === MERGED_SDL_NAME && refusal.coordinate ? `${at} (${refusal.coordinate})` : at;
}

/** The words after a query's name: `ok`, `refused: what (why) at where`, `failed: CODE: message`, `skipped: ...`. */
function outcomes(check: QueryCheck, style: Printer["style"]): string[] {
  switch (check.status) {
    case "ok":
      return [style.green("ok")];
    case "refused":
      return (check.refusals ?? []).map((refusal) => {
        const at = where(refusal);
        return `${style.red("refused")}: ${refusal.what} (${refusal.why})${at ? ` at ${at}` : ""}`;
      });
    case "failed":
      return [`${style.red("failed")}: ${check.error?.code ?? "ERROR"}: ${check.error?.message ?? ""}`];
    case "skipped":
      return [`${style.yellow("skipped")}: needs $${check.needs?.variable}, ${check.needs?.reason}`];
  }
}

/** The report as a person reads it: one line per query (a refused one has a line per element), then a summary. */
export function humanReport(report: DoctorReport, style: Printer["style"]): string {
  const width = Math.max(...report.queries.map((check) => check.name.length));
  const lines = report.queries.flatMap((check) =>
    outcomes(check, style).map((text, at) => `${(at === 0 ? check.name : "").padEnd(width)}  ${text}`),
  );
  const { ok, refused, failed, skipped, total } = report.counts;
  lines.push(
    "",
    `${total} queries: ${ok} ok, ${refused} refused, ${failed} failed, ${skipped} skipped. No mutation was sent.`,
  );
  return lines.join("\n");
}

/** The one line on stderr when the run exits 1: what went wrong, and that the report above says where. */
export function failureSummary(report: DoctorReport): string {
  const { refused, failed } = report.counts;
  const parts = [
    refused ? `${refused} ${refused === 1 ? "query does" : "queries do"} not match the API's schema` : "",
    failed ? `${failed} failed for another reason` : "",
  ].filter(Boolean);
  const next = refused ? "The report names each refused field, argument or type and its SDL line." : "See the report.";
  return `${parts.join("; ")}. ${next}`;
}
