import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  AudioStatusDocument,
  BackgroundJobDocument,
  ImageDocument,
  type TypedDocumentNode,
  VideoDocument,
} from "@studio-kit/operations";
import {
  buildSchema,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  print,
  type SelectionSetNode,
  validate,
  visit,
} from "graphql";
import { describe, expect, it } from "vitest";
import { buildPollRequest } from "../src/document.js";
import type { PollTarget } from "../src/kinds.js";
import type { PollKind } from "../src/types.js";

const schemaPath = createRequire(import.meta.url).resolve("@studio-kit/operations/schema.graphql");
const schema = buildSchema(readFileSync(schemaPath, "utf8"));

const KINDS: readonly PollKind[] = ["image", "video", "audio", "job"];
const targets = (kind: PollKind, count: number): PollTarget[] =>
  Array.from({ length: count }, (_, index) => ({ kind, id: `${kind}_${index}` }));

/** Every combination of kinds (1 to 4 of them), each with 1 or 50 ids: what the poller can send. */
function everyShape(): PollTarget[][] {
  const shapes: PollTarget[][] = [];
  for (let mask = 1; mask < 16; mask += 1) {
    const kinds = KINDS.filter((_, bit) => mask & (1 << bit));
    shapes.push(kinds.flatMap((kind) => targets(kind, 1)));
    shapes.push(kinds.flatMap((kind) => targets(kind, 50)));
  }
  return shapes;
}

/** The field paths a document selects under each root field, fragments resolved: `image.status`, `audioStatus.audio.url`. */
function fieldPaths(document: DocumentNode): Set<string> {
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  const paths = new Set<string>();
  const walk = (set: SelectionSetNode, prefix: string) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet, prefix);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet, prefix);
      else {
        const path = prefix ? `${prefix}.${selection.name.value}` : selection.name.value;
        paths.add(path);
        if (selection.selectionSet) walk(selection.selectionSet, path);
      }
    }
  };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) walk(definition.selectionSet, "");
  }
  return paths;
}

const documented = new Set(
  [ImageDocument, VideoDocument, AudioStatusDocument, BackgroundJobDocument].flatMap((document) => [
    ...fieldPaths(document as TypedDocumentNode<unknown, unknown>),
  ]),
);

describe("the coalesced document", () => {
  const shapes = everyShape();

  it("validates against the repository's SDL in every shape the poller can build", () => {
    for (const shape of shapes) {
      const { document } = buildPollRequest(shape, "ws_acme");
      expect(
        validate(schema, document).map((error) => error.message),
        print(document),
      ).toEqual([]);
    }
  });

  it("types its variables only with the built-in ID, and uses no fragment", () => {
    for (const shape of shapes) {
      const { document } = buildPollRequest(shape, "ws_acme");
      const operation = document.definitions[0] as OperationDefinitionNode;
      const types = new Set((operation.variableDefinitions ?? []).map((definition) => print(definition.type)));
      expect([...types]).toEqual(["ID!"]);
      visit(document, {
        FragmentSpread: () => expect.fail("no fragment spreads"),
        InlineFragment: () => expect.fail("no inline fragments"),
      });
      expect(document.definitions).toHaveLength(1);
    }
  });

  it("selects only fields the repository's documents select for image, video, audioStatus and backgroundJob", () => {
    const { document } = buildPollRequest(
      KINDS.flatMap((kind) => targets(kind, 2)),
      "ws_acme",
    );
    const selected = [...fieldPaths(document)];
    expect(selected.filter((path) => !documented.has(path))).toEqual([]);
    expect(selected).toEqual(expect.arrayContaining(["image.downloadUrl", "video.videoUrl", "audioStatus.audio.url"]));
  });

  it("is named PollStatuses and aliases each root field once per id", () => {
    const { document, variables, aliases } = buildPollRequest(
      [
        { kind: "image", id: "img_1" },
        { kind: "audio", id: "aud_1" },
        { kind: "image", id: "img_2" },
        { kind: "job", id: "job_1" },
      ],
      "ws_acme",
    );
    const operation = document.definitions[0] as OperationDefinitionNode;
    expect(operation.name?.value).toBe("PollStatuses");
    const fields = operation.selectionSet.selections as FieldNode[];
    expect(fields.map((field) => `${field.alias?.value}: ${field.name.value}`)).toEqual([
      "i0: image",
      "i1: image",
      "a0: audioStatus",
      "j0: backgroundJob",
    ]);
    expect(variables).toEqual({ i0: "img_1", i1: "img_2", a0: "aud_1", j0: "job_1", workspaceId: "ws_acme" });
    expect([...aliases.keys()]).toEqual(["i0", "i1", "a0", "j0"]);
  });

  it("sends ids as variables, never inside the query text", () => {
    const hostile = 'img_1") { id } evil: creditsBalance(workspaceId: "x';
    const { document, variables } = buildPollRequest([{ kind: "image", id: hostile }]);
    expect(print(document)).not.toContain("evil");
    expect(variables).toEqual({ i0: hostile });
    expect(validate(schema, document)).toEqual([]);
  });

  it("asks for the workspaceId only when an audio or a job is read", () => {
    expect(buildPollRequest(targets("image", 2)).variables).not.toHaveProperty("workspaceId");
    expect(() => buildPollRequest(targets("job", 1))).toThrow(/workspaceId/);
  });
});
