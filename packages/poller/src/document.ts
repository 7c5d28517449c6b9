import type { TypedDocumentNode } from "@studio-kit/operations";
import { parse } from "graphql";
import { KINDS, type PollTarget } from "./kinds.js";
import type { PolledRecord, PollKind } from "./types.js";

/** The operation name: the sandbox's stats and server logs count the coalesced request under it. */
export const POLL_OPERATION_NAME = "PollStatuses";

/** What the coalesced query answers: one record (or null) per alias. */
export type PollResult = { [alias: string]: PolledRecord | null };

/**
 * Its variables: one id per alias, and the workspace when an audio or job is
 * read. Template-literal keys, not `Record<string, string>`: core reads an index
 * signature of plain strings as "takes no variables".
 */
export type PollVariables = { workspaceId?: string } & { [alias: `${"i" | "v" | "a" | "j"}${number}`]: string };

/** A built request: the document, its variables and which target each alias reads. */
export interface PollRequest {
  document: TypedDocumentNode<PollResult, PollVariables>;
  variables: PollVariables;
  /** Alias → target, in document order. */
  aliases: Map<string, PollTarget>;
}

const ORDER: readonly PollKind[] = ["image", "video", "audio", "job"];

/**
 * Builds the one query that reads every target, each under its own alias over
 * the documented root field:
 *
 * ```graphql
 * query PollStatuses($i0: ID!, $a0: ID!, $workspaceId: ID!) {
 *   i0: image(id: $i0) { id status progress ... }
 *   a0: audioStatus(audioId: $a0, workspaceId: $workspaceId) { audioId status ... }
 * }
 * ```
 *
 * Production validates documents against a schema whose type names the spec
 * mostly does not give, so variables use only the built-in `ID`, no fragment is
 * used, and only fields the spec lists are selected. Ids travel as variables,
 * never inside the text. `workspaceId` is required when an audio or a job is
 * among the targets.
 */
export function buildPollRequest(targets: readonly PollTarget[], workspaceId?: string): PollRequest {
  if (targets.length === 0) throw new Error("@studio-kit/poller: a poll request needs at least one target.");
  const aliases = new Map<string, PollTarget>();
  const variables: Record<string, string> = {};
  const definitions: string[] = [];
  const fields: string[] = [];
  let scoped = false;
  for (const kind of ORDER) {
    const spec = KINDS[kind];
    const ofKind = targets.filter((target) => target.kind === kind);
    ofKind.forEach((target, index) => {
      const alias = `${spec.prefix}${index}`;
      aliases.set(alias, target);
      variables[alias] = target.id;
      definitions.push(`$${alias}: ID!`);
      const args = [`${spec.idArgument}: $${alias}`];
      if (spec.workspaceScoped) args.push("workspaceId: $workspaceId");
      fields.push(`  ${alias}: ${spec.field}(${args.join(", ")}) { ${spec.selection} }`);
    });
    scoped ||= spec.workspaceScoped && ofKind.length > 0;
  }
  if (scoped) {
    if (!workspaceId) throw new Error("@studio-kit/poller: reading audio or jobs needs the workspaceId.");
    definitions.push("$workspaceId: ID!");
    variables.workspaceId = workspaceId;
  }
  const source = `query ${POLL_OPERATION_NAME}(${definitions.join(", ")}) {\n${fields.join("\n")}\n}`;
  return {
    document: parse(source) as TypedDocumentNode<PollResult, PollVariables>,
    variables: variables as PollVariables,
    aliases,
  };
}

/** Whether reading these targets needs the workspace id. */
export const needsWorkspace = (targets: readonly PollTarget[]): boolean =>
  targets.some((target) => KINDS[target.kind].workspaceScoped);
