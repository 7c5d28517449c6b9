import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSchema, type DocumentNode, type GraphQLSchema, parse } from "graphql";

const packageRoot = fileURLToPath(new URL("../..", import.meta.url));
export const repoRoot = join(packageRoot, "../..");
export const schemaDir = join(repoRoot, "schema");
export const documentsDir = join(packageRoot, "documents");

function graphqlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".graphql"))
    .sort()
    .map((name) => join(dir, name));
}

/** The hand-maintained SDL, every file of schema/ in one text. */
export function schemaSource(): string {
  return graphqlFiles(schemaDir)
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
}

export function loadSchema(): GraphQLSchema {
  return buildSchema(schemaSource());
}

export interface DocumentFile {
  /** Path below documents/, for messages. */
  path: string;
  source: string;
  ast: DocumentNode;
}

export function loadDocuments(): DocumentFile[] {
  return graphqlFiles(documentsDir).map((file) => {
    const source = readFileSync(file, "utf8");
    return { path: relative(documentsDir, file), source, ast: parse(source) };
  });
}
