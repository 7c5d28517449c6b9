import {
  type ASTNode,
  type DocumentNode,
  type GraphQLSchema,
  getNamedType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from "graphql";

// Some validation messages name a field or a variable without the type it belongs to. Walking our document with
// our schema finds it: the server refused the element at the same place in the same document.

const unique = (items: string[]) => [...new Set(items)];

/** `Parent.field` for every selection of a field named `field` in `document`, typed by `schema`. */
export function fieldCoordinates(schema: GraphQLSchema, document: DocumentNode, field: string): string[] {
  const typeInfo = new TypeInfo(schema);
  const found: string[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (node.name.value === field && parent) found.push(`${parent.name}.${field}`);
      },
    }),
  );
  return unique(found);
}

/**
 * Where `$variable` is used: `Parent.field(arg:)` when it is an argument's value, `Input.field` when it is a field
 * of an input object written in the document (`input: { id: $id }`).
 */
export function variableCoordinates(schema: GraphQLSchema, document: DocumentNode, variable: string): string[] {
  const typeInfo = new TypeInfo(schema);
  const found: string[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Variable(node, _key, parent) {
        if (node.name.value !== variable || !parent || Array.isArray(parent)) return;
        const holder = parent as ASTNode;
        const directive = typeInfo.getDirective();
        if (holder.kind === Kind.ARGUMENT && directive) {
          found.push(`@${directive.name}(${holder.name.value}:)`);
        } else if (holder.kind === Kind.ARGUMENT) {
          const owner = typeInfo.getParentType();
          const field = typeInfo.getFieldDef();
          if (owner && field) found.push(`${owner.name}.${field.name}(${holder.name.value}:)`);
        } else if (holder.kind === Kind.OBJECT_FIELD) {
          const input = typeInfo.getParentInputType();
          if (input) found.push(`${getNamedType(input).name}.${holder.name.value}`);
        }
      },
    }),
  );
  return unique(found);
}
