import {
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type TypeNode,
  validate,
  visit,
} from "graphql";
import { describe, expect, it } from "vitest";
import { type DocumentFile, loadDocuments, loadSchema } from "./support/load.js";
import { builtInScalars, specNamedInputTypes, specNamedObjectTypes } from "./support/spec-resources.js";
import { specMutations, specQueries } from "./support/spec-surface.js";

const schema = loadSchema();
const documents = loadDocuments();
const fragments = documents.flatMap((doc) => doc.ast.definitions.filter(isFragment));
const operationFiles = documents.filter((doc) => doc.ast.definitions.some(isOperation));

function isOperation(node: DefinitionNode): node is OperationDefinitionNode {
  return node.kind === Kind.OPERATION_DEFINITION;
}

function isFragment(node: DefinitionNode): node is FragmentDefinitionNode {
  return node.kind === Kind.FRAGMENT_DEFINITION;
}

function namedType(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type);
}

/** The operation with the fragments it spreads, as the server receives it (codegen inlines them so). */
function withFragments(doc: DocumentFile): DocumentNode {
  const used = new Map<string, FragmentDefinitionNode>();
  const collect = (node: OperationDefinitionNode | FragmentDefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.find((candidate) => candidate.name.value === spread.name.value);
        if (fragment && !used.has(fragment.name.value)) {
          used.set(fragment.name.value, fragment);
          collect(fragment);
        }
      },
    });
  const operations = doc.ast.definitions.filter(isOperation);
  for (const operation of operations) collect(operation);
  return { kind: Kind.DOCUMENT, definitions: [...operations, ...used.values()] };
}

function operationOf(doc: DocumentFile): OperationDefinitionNode {
  const operation = doc.ast.definitions.find(isOperation);
  if (!operation) throw new Error(`${doc.path} holds no operation`);
  return operation;
}

function rootFieldOf(operation: OperationDefinitionNode): string {
  const [selection] = operation.selectionSet.selections;
  return selection?.kind === Kind.FIELD ? selection.name.value : "";
}

const allowedVariableTypes = new Set([...builtInScalars, ...specNamedInputTypes]);
const allowedFragmentTypes = new Set(specNamedObjectTypes);

describe("documents in packages/operations/documents", () => {
  const documented = [
    ...Object.keys(specQueries).map((field) => ["query", field] as const),
    ...Object.keys(specMutations).map((field) => ["mutation", field] as const),
  ];

  it("hold one document per documented root field, 55 in all", () => {
    const covered = operationFiles.map((doc) => {
      const operation = operationOf(doc);
      return `${operation.operation} ${rootFieldOf(operation)}`;
    });
    expect(covered.sort()).toEqual(documented.map(([kind, field]) => `${kind} ${field}`).sort());
    expect(covered).toHaveLength(55);
  });

  for (const doc of operationFiles) {
    const operation = operationOf(doc);
    const rootField = rootFieldOf(operation);

    describe(doc.path, () => {
      it("validates against schema/", () => {
        expect(validate(schema, withFragments(doc)).map((error) => error.message)).toEqual([]);
      });

      it("holds one operation, named after its one root field", () => {
        expect(doc.ast.definitions.filter(isOperation)).toHaveLength(1);
        expect(operation.selectionSet.selections).toHaveLength(1);
        expect(operation.name?.value).toBe(rootField.charAt(0).toUpperCase() + rootField.slice(1));
        expect(doc.path).toMatch(new RegExp(`/${rootField}\\.graphql$`));
      });

      it("types variables only with built-in scalars or type names the spec gives", () => {
        const offending = (operation.variableDefinitions ?? [])
          .map((definition) => `$${definition.variable.name.value}: ${namedType(definition.type)}`)
          .filter((variable) => !allowedVariableTypes.has(variable.split(": ")[1] ?? ""));
        expect(offending, "write an input whose type name the spec does not give inline").toEqual([]);
      });

      it("puts inline fragments only on type names the spec gives", () => {
        const offending: string[] = [];
        visit(operation, {
          InlineFragment(node) {
            const typeName = node.typeCondition?.name.value;
            if (typeName && !allowedFragmentTypes.has(typeName)) offending.push(typeName);
          },
        });
        expect(offending).toEqual([]);
      });
    });
  }

  it("put named fragments only on type names the spec gives", () => {
    const offending = fragments
      .map((fragment) => `${fragment.name.value} on ${fragment.typeCondition.name.value}`)
      .filter((fragment) => !allowedFragmentTypes.has(fragment.split(" on ")[1] ?? ""));
    expect(offending).toEqual([]);
  });

  it("never send sessionId with generateImage (spec, Generation rules 2)", () => {
    const generateImage = operationFiles.find((doc) => rootFieldOf(operationOf(doc)) === "generateImage");
    const sentFields: string[] = [];
    visit(generateImage ? operationOf(generateImage) : { kind: Kind.DOCUMENT, definitions: [] }, {
      ObjectField(node) {
        sentFields.push(node.name.value);
      },
    });
    expect(sentFields).toContain("prompt");
    expect(sentFields).not.toContain("sessionId");
  });
});
