// `studio doctor`, run as the built bin: against the sandbox (our schema, executed) every query holds, and against
// servers whose schema drifted it names what the server refused and the line of schema/*.graphql to look at.
import { readFileSync } from "node:fs";
import * as operations from "@studio-kit/operations";
import { GraphQLError, Kind, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { startDriftedSandbox } from "./support/drifted-sandbox.js";
import { ourSdl, startDriftedServer } from "./support/drifted-server.js";
import { startTestSandbox, studio } from "./support/studio.js";

interface DoctorJson {
  ok: boolean;
  counts: { ok: number; refused: number; failed: number; skipped: number; total: number };
  queries: {
    name: string;
    status: "ok" | "refused" | "failed" | "skipped";
    variables?: Record<string, unknown>;
    refusals?: { kind: string; coordinate?: string; sdl?: { file: string; line: number } }[];
    error?: { code: string; message: string };
    needs?: { variable: string; reason: string };
  }[];
}

/** The operations of @studio-kit/operations of one type, read off the documents themselves. */
function operationNames(type: "query" | "mutation"): Set<string> {
  const names = new Set<string>();
  for (const value of Object.values(operations)) {
    const definitions = (value as { definitions?: readonly { kind: string }[] }).definitions ?? [];
    for (const definition of definitions) {
      const operation = definition as OperationDefinitionNode;
      if (operation.kind === Kind.OPERATION_DEFINITION && operation.operation === type && operation.name) {
        names.add(operation.name.value);
      }
    }
  }
  return names;
}

/** The 1-based line of the first line matching `target` after the first matching `after`, in the repo's `file`. */
function sdlLine(file: string, after: RegExp, target: RegExp): number {
  const lines = readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8").split("\n");
  const start = lines.findIndex((line) => after.test(line));
  const found = lines.findIndex((line, at) => at >= start && target.test(line));
  if (start < 0 || found < 0) throw new Error(`no ${String(target)} after ${String(after)} in ${file}`);
  return found + 1;
}

/** The report's line(s) for `query`, its padding collapsed. */
const linesOf = (stdout: string, query: string) =>
  stdout
    .split("\n")
    .filter((line, at, all) => line.startsWith(`${query} `) || (line.startsWith(" ") && all[at - 1]?.startsWith(query)))
    .map((line) => line.trim().replace(/\s{2,}/, " "));

describe("studio doctor against the sandbox", () => {
  it("every query holds or is skipped with a reason, exit 0, and no mutation reaches the server", async () => {
    const sandbox = await startTestSandbox();
    const human = await studio(["doctor"], { env: sandbox.env });
    expect(human.code).toBe(0);
    const lines = human.stdout.trimEnd().split("\n");
    expect(lines.at(-1)).toMatch(/^\d+ queries: \d+ ok, 0 refused, 0 failed, \d+ skipped\. No mutation was sent\.$/);
    for (const line of lines.slice(0, -2)) expect(line).toMatch(/^[A-Za-z]+ +(ok|skipped: needs \$\w+, .+)$/);
    // Ids learnt from earlier answers: a board's canvas from StudioSessions, an audio from Assets.
    expect(linesOf(human.stdout, "CanvasCards")).toEqual(["CanvasCards ok"]);
    expect(linesOf(human.stdout, "AudioStatus")).toEqual(["AudioStatus ok"]);
    expect(linesOf(human.stdout, "BackgroundJob")).toEqual([
      "BackgroundJob skipped: needs $id, a background job; only a generation (a mutation) returns its id, and doctor sends none",
    ]);

    const report = (await studio(["doctor", "--json"], { env: sandbox.env })).json<DoctorJson>();
    expect(report.ok).toBe(true);
    expect(new Set(report.queries.map((query) => query.name))).toEqual(operationNames("query"));
    for (const query of report.queries) {
      expect(query.status === "ok" || (query.status === "skipped" && query.needs?.reason)).toBeTruthy();
    }
    expect(report.queries.find((query) => query.name === "CanvasCards")?.variables?.conversationId).toEqual(
      expect.any(String),
    );

    const executed = Object.keys(sandbox.operations());
    expect(executed.filter((name) => operationNames("mutation").has(name))).toEqual([]);
    expect(new Set(executed)).toEqual(
      new Set(report.queries.filter((query) => query.status === "ok").map((query) => query.name)),
    );
  });
});

describe("studio doctor against a server whose schema drifted", () => {
  it("names the field it dropped and the argument it renamed, each with its SDL line, and exits 1", async () => {
    // The sandbox started with `--config` drift entries: the server that moved on, with real answers for the rest.
    const server = await startDriftedSandbox([
      { remove: "CreditsBalance.bonusBalance" },
      { rename: "Query.fonts(first)", to: "limit" },
    ]);
    const bonusLine = sdlLine("schema/workspace.graphql", /^type CreditsBalance \{/, /^\s+bonusBalance:/);
    const fontsLine = sdlLine("schema/library.graphql", /^extend type Query \{/, /^\s+fonts\(/);

    const ran = await studio(["doctor"], { env: server.env });
    expect(ran.code).toBe(1);
    expect(linesOf(ran.stdout, "ApiCredentialWorkspace")).toEqual(["ApiCredentialWorkspace ok"]);
    expect(linesOf(ran.stdout, "CreditsBalance")).toEqual([
      `CreditsBalance refused: field "bonusBalance" on type "CreditsBalance" (the server has no such field; it suggests "balance" or "monthlyBalance") at schema/workspace.graphql:${bonusLine}`,
    ]);
    expect(linesOf(ran.stdout, "Fonts")).toEqual([
      `Fonts refused: argument "first" on field "Query.fonts" (the server has no such argument; it suggests "limit") at schema/library.graphql:${fontsLine}`,
    ]);
    expect(ran.stdout).toMatch(/ 2 refused, 0 failed, /);
    expect(ran.stderr).toContain("2 queries do not match the API's schema");

    const report = (await studio(["doctor", "--json"], { env: server.env })).json<DoctorJson>();
    expect(report.ok).toBe(false);
    const refused = report.queries.filter((query) => query.status === "refused");
    expect(refused.map((query) => [query.name, query.refusals?.map((refusal) => refusal.coordinate)])).toEqual([
      ["CreditsBalance", ["CreditsBalance.bonusBalance"]],
      ["Fonts", ["Query.fonts(first:)"]],
    ]);
    const mutations = operationNames("mutation");
    expect(Object.keys(await server.operations()).filter((name) => mutations.has(name))).toEqual([]);
  });

  it("reports an error that is not drift (NOT_FOUND) as failed, and skips what needed its answer, naming it", async () => {
    const server = await startDriftedServer(ourSdl(), {
      studioSessions: () => {
        throw new GraphQLError("Workspace ws_drift has no boards table.", { extensions: { code: "NOT_FOUND" } });
      },
    });
    const ran = await studio(["doctor"], { env: server.env });
    expect(ran.code).toBe(1);
    expect(linesOf(ran.stdout, "StudioSessions")).toEqual([
      "StudioSessions failed: NOT_FOUND: Workspace ws_drift has no boards table.",
    ]);
    expect(linesOf(ran.stdout, "CanvasCards")).toEqual([
      "CanvasCards skipped: needs $conversationId, a board's canvas; StudioSessions failed",
    ]);
    expect(ran.stdout).toMatch(/ 0 refused, 1 failed, /);
    expect(ran.stderr).toContain("1 failed for another reason");
  });
});
