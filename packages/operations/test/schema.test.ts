import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isObjectType,
  isScalarType,
  isUnionType,
  print,
} from "graphql";
import { describe, expect, it } from "vitest";
import { loadSchema, repoRoot, schemaSource } from "./support/load.js";
import {
  inferredInputTypes,
  specEnums,
  specResources,
  specUnions,
  unlistedEnumLikeTypes,
} from "./support/spec-resources.js";
import { type ArgSpec, type RootFieldSpec, specMutations, specQueries } from "./support/spec-surface.js";

const schema = loadSchema();

function sdlType(arg: GraphQLArgument | GraphQLInputField): string {
  const defaultValue = arg.astNode?.defaultValue;
  return defaultValue ? `${String(arg.type)} = ${print(defaultValue)}` : String(arg.type);
}

/** The SDL's arguments of a field, in the fixture's notation. */
function describeArgs(args: readonly (GraphQLArgument | GraphQLInputField)[]): Record<string, ArgSpec> {
  const out: Record<string, ArgSpec> = {};
  for (const arg of args) {
    const named = getNamedType(arg.type);
    // An input whose type name the spec does not give is compared by its fields.
    const anonymous = isInputObjectType(named) && !(inferredInputTypes as readonly string[]).includes(named.name);
    out[arg.name] = anonymous
      ? (describeArgs(Object.values(named.getFields())) as Record<string, string>)
      : sdlType(arg);
  }
  return out;
}

function describeReturn(
  field: GraphQLField<unknown, unknown>,
  expected: RootFieldSpec["returns"],
): RootFieldSpec["returns"] {
  if (typeof expected === "string") return String(field.type);
  const named = getNamedType(field.type);
  return isObjectType(named) ? Object.keys(named.getFields()) : String(field.type);
}

function checkRootFields(kind: "Query" | "Mutation", expected: Record<string, RootFieldSpec>) {
  const rootType = kind === "Query" ? schema.getQueryType() : schema.getMutationType();
  const fields = rootType?.getFields() ?? {};

  it(`declares exactly the ${Object.keys(expected).length} documented ${kind.toLowerCase()} root fields`, () => {
    expect(Object.keys(fields).sort()).toEqual(Object.keys(expected).sort());
  });

  for (const [name, spec] of Object.entries(expected)) {
    it(`${name}: every documented argument, with its type, requiredness and default, and its result`, () => {
      const field = fields[name];
      expect(field, `${kind}.${name} is missing`).toBeDefined();
      if (!field) return;
      expect(describeArgs(field.args)).toEqual(spec.args);
      expect(describeReturn(field, spec.returns)).toEqual(spec.returns);
    });
  }
}

describe("schema/ against the specification", () => {
  describe("queries", () => checkRootFields("Query", specQueries));
  describe("mutations", () => checkRootFields("Mutation", specMutations));

  it("declares exactly the 24 queries and 31 mutations the spec documents", () => {
    expect(Object.keys(specQueries)).toHaveLength(24);
    expect(Object.keys(specMutations)).toHaveLength(31);
  });

  describe("resources", () => {
    for (const [typeName, fieldNames] of Object.entries(specResources)) {
      it(`${typeName} has every listed field and no invented one`, () => {
        const type = schema.getType(typeName);
        expect(isObjectType(type), `${typeName} is not an object type`).toBe(true);
        if (!isObjectType(type)) return;
        expect(Object.keys(type.getFields()).sort()).toEqual([...fieldNames].sort());
      });
    }
  });

  it("declares the two unions with their documented members", () => {
    for (const [unionName, members] of Object.entries(specUnions)) {
      const type = schema.getType(unionName);
      expect(isUnionType(type), unionName).toBe(true);
      if (!isUnionType(type)) continue;
      expect(type.getTypes().map((member) => member.name)).toEqual(members);
    }
  });

  it("declares the values the spec lists for AssetType, UploadCategory, ProductSortField and SortOrder", () => {
    for (const [enumName, values] of Object.entries(specEnums)) {
      const type = schema.getType(enumName);
      expect(isEnumType(type), enumName).toBe(true);
      if (!isEnumType(type)) continue;
      expect(type.getValues().map((value) => value.name)).toEqual(values);
    }
  });

  it("invents no values for enum-like types whose values the spec does not list", () => {
    for (const typeName of unlistedEnumLikeTypes) {
      const type = schema.getType(typeName);
      expect(isScalarType(type), `${typeName} should be an open scalar, not an enum`).toBe(true);
    }
  });

  it("keeps record statuses open: every status field is the RecordStatus scalar, not a closed enum", () => {
    const statusFields: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const field of Object.values(type.getFields())) {
        if (field.name === "status" || field.name === "generationStatus") {
          statusFields.push(`${type.name}.${field.name}`);
          expect(String(field.type), `${type.name}.${field.name}`).toBe("RecordStatus");
        }
      }
    }
    expect(statusFields).toEqual(
      expect.arrayContaining(["Image.status", "Video.status", "AudioStatus.status", "BackgroundJob.status"]),
    );
  });

  it("states on generateImage's sessionId that it must not be set, as the spec settles it", () => {
    const input = schema.getType("GenerateImageInput");
    expect(isInputObjectType(input)).toBe(true);
    if (!isInputObjectType(input)) return;
    const description = input.getFields().sessionId?.description ?? "";
    expect(description).toMatch(/Do not set/);
    expect(description).toMatch(/Generation rules 2/);
  });

  it("marks every inferred input type as inferred", () => {
    const lines = schemaSource().split("\n");
    for (const typeName of inferredInputTypes) {
      const at = lines.findIndex((line) => line.startsWith(`input ${typeName} {`));
      expect(at, `input ${typeName} is not declared`).toBeGreaterThan(0);
      // The comment and description lines directly above the declaration.
      let start = at;
      while (start > 0 && (lines[start - 1] ?? "").trim() !== "") start -= 1;
      const header = lines.slice(start, at).join("\n");
      expect(header, `${typeName} lacks its "# gap: inferred." comment`).toContain("# gap: inferred.");
    }
  });

  it("lists every gap of the SDL in docs/schema-gaps.md", () => {
    const gapsDoc = readFileSync(join(repoRoot, "docs/schema-gaps.md"), "utf8");
    const source = schemaSource();
    const gapCount = source.match(/# gap:/g)?.length ?? 0;
    const listed = gapsDoc.match(/^\| G\d+ /gm)?.length ?? 0;
    expect(gapCount).toBeGreaterThan(0);
    expect(listed, "each `# gap:` comment in schema/ has a row G<n> in docs/schema-gaps.md").toBe(gapCount);
    for (const typeName of [...unlistedEnumLikeTypes, ...inferredInputTypes]) {
      expect(gapsDoc, `${typeName} is not in docs/schema-gaps.md`).toContain(`\`${typeName}\``);
    }
  });
});
