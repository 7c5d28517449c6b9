// The drifts the end-to-end test does not make: each message comes from graphql-js validating our document against
// our SDL after one edit, as a real server would refuse it, and must be read back as the element to look at.
import { readdirSync, readFileSync } from "node:fs";
import {
  AssetsDocument,
  AssetTagsDocument,
  CanvasSectionsDocument,
  CreditsBalanceDocument,
} from "@studio-kit/operations";
import { buildSchema, type DocumentNode, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { parseRefusal } from "../src/doctor/refusals.js";
import { ourSchema } from "../src/doctor/schema.js";
import { indexSdl, sdlLineOf } from "../src/doctor/sdl-index.js";
import { editOnce, ourSdl } from "./support/drifted-server.js";

/** What doctor reads from the server's refusals of `document`, the server's schema being ours after `edit`. */
function refusalsOf(edit: (sdl: string) => string, document: DocumentNode) {
  const server = buildSchema(edit(ourSdl()));
  const messages = validate(server, document).map((error) => error.message);
  expect(messages.length).toBeGreaterThan(0);
  return messages.map((message) => parseRefusal(message, { document, schema: ourSchema }));
}

const schemaDir = new URL("../../../schema/", import.meta.url);
const repoIndex = () =>
  indexSdl(
    readdirSync(schemaDir)
      .filter((name) => name.endsWith(".graphql"))
      .map((name) => ({ file: `schema/${name}`, text: readFileSync(new URL(name, schemaDir), "utf8") })),
  );

/** Where `pattern` first matches in the repo's schema `file`, found by reading the text, not by parsing it. */
const lineIn = (file: string, pattern: RegExp) => ({
  file: `schema/${file}`,
  line:
    readFileSync(new URL(file, schemaDir), "utf8")
      .split("\n")
      .findIndex((line) => pattern.test(line)) + 1,
});

describe("reading a server's refusal", () => {
  it("a renamed required argument: the old name is unknown and the new one required, both on the field", () => {
    const refusals = refusalsOf(
      (sdl) => editOnce(sdl, "canvasSections(conversationId: ID!)", "canvasSections(boardId: ID!)"),
      CanvasSectionsDocument,
    );
    expect(refusals.map((refusal) => [refusal?.kind, refusal?.what, refusal?.coordinate])).toEqual([
      [
        "argument",
        'argument "conversationId" on field "Query.canvasSections"',
        "Query.canvasSections(conversationId:)",
      ],
      ["required-argument", 'argument "boardId" on field "Query.canvasSections"', "Query.canvasSections(boardId:)"],
    ]);
    // An argument only the server has is looked for on its field's line.
    expect(sdlLineOf(repoIndex(), "Query.canvasSections(boardId:)")).toEqual(
      lineIn("boards.graphql", /^\s+canvasSections\(/),
    );
  });

  it("an argument whose type changed: the argument the variable fills, and both types", () => {
    const [refusal] = refusalsOf(
      (sdl) => editOnce(sdl, "canvasSections(conversationId: ID!)", "canvasSections(conversationId: String!)"),
      CanvasSectionsDocument,
    );
    expect(refusal).toMatchObject({
      kind: "variable-type",
      what: 'argument "conversationId" on field "Query.canvasSections"',
      why: "the server expects String!, our document sends $conversationId as ID!",
      coordinate: "Query.canvasSections(conversationId:)",
    });
  });

  it("a renamed type: the type our document names, with the server's suggestion", () => {
    const [refusal] = refusalsOf((sdl) => sdl.replaceAll("TaggableAssetType", "TaggableKind"), AssetTagsDocument);
    expect(refusal).toMatchObject({ kind: "type", what: 'type "TaggableAssetType"', coordinate: "TaggableAssetType" });
    expect(sdlLineOf(repoIndex(), "TaggableAssetType")).toEqual(lineIn("tags.graphql", /^scalar TaggableAssetType/));
  });

  it("a field that became a leaf: the field, found by walking our document with our schema", () => {
    const [refusal] = refusalsOf(
      (sdl) => editOnce(sdl, "  dailyFree: DailyFreeCredits\n", "  dailyFree: String\n"),
      CreditsBalanceDocument,
    );
    expect(refusal).toMatchObject({
      kind: "selection",
      what: 'field "dailyFree" on type "CreditsBalance"',
      why: "on the server it is String, which has no fields to select",
      coordinate: "CreditsBalance.dailyFree",
    });
  });

  it("a union that lost a member: the union whose members changed", () => {
    const [refusal] = refusalsOf(
      (sdl) => editOnce(sdl, "union Asset = Audio | Creative |", "union Asset = Creative |"),
      AssetsDocument,
    );
    expect(refusal).toMatchObject({ kind: "fragment", what: 'type "Audio" in "Asset"', coordinate: "Asset" });
    expect(sdlLineOf(repoIndex(), "Asset")).toEqual(lineIn("library.graphql", /^union Asset =/));
  });

  it("an error that is no schema mismatch is not read as one", () => {
    expect(
      parseRefusal("Image img_1 was not found.", { document: CreditsBalanceDocument, schema: ourSchema }),
    ).toBeUndefined();
  });
});
