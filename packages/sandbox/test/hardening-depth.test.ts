import * as operations from "@studio-kit/operations";
import { print } from "graphql";
import { describe, expect, it } from "vitest";
import { documentProblem, jsonProblem } from "../src/graphql/gate.js";
import { MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_TOKENS, MAX_JSON_DEPTH } from "../src/http/limits.js";
import { graphqlInit, STACK_TRACE, useServers } from "./support/hardening.js";

// Issue 27, point 3: deeply nested input answered 500 (variables 5,000 deep: "Maximum call stack size exceeded";
// inline fragments or list values 2,000+ deep: "Unexpected error"). Nesting is now counted before anything parses
// or walks the request, and refused with a 400 that says so; the document's size is graphql-js's `maxTokens`.
const start = useServers();

interface Answer {
  status: number;
  text: string;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function post(url: string, key: string, body: string): Promise<Answer> {
  const answer = await fetch(url, graphqlInit(key, body));
  const text = await answer.text();
  return { status: answer.status, text, ...(JSON.parse(text) as object) };
}

const nested = (open: string, inner: string, close: string, depth: number) =>
  open.repeat(depth) + inner + close.repeat(depth);

describe("nesting deeper than the sandbox accepts", () => {
  it.each([
    [
      "variables 5,000 deep (lists)",
      { query: "query Q($x: String) { apiCredentialWorkspace { id } }" },
      nested("[", "1", "]", 5000),
    ],
    [
      "variables 5,000 deep (objects)",
      { query: "query Q($x: String) { apiCredentialWorkspace { id } }" },
      nested('{"a":', "1", "}", 5000),
    ],
  ])("%s: 400, the request body's nesting named", async (_, params, variable) => {
    const server = await start();
    const body = JSON.stringify({ ...params, variables: { x: "__X__" } }).replace('"__X__"', variable);
    const answer = await post(server.graphqlUrl, server.sandbox.keys.readWrite, body);
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual([
      {
        message: `JSON in the request body nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays, the most the sandbox accepts.`,
        extensions: { code: "BAD_REQUEST" },
      },
    ]);
  });

  it.each([
    [
      "inline fragments 2,000 deep",
      `{ apiCredentialWorkspace { ${nested("... on Workspace { ", "id", " }", 2000)} } }`,
    ],
    ["inline fragments 20,000 deep", `{ apiCredentialWorkspace { ${nested("...{", "id", "}", 20_000)} } }`],
    [
      "a list value 2,000 deep",
      `{ images(workspaceId: "ws_acme", sessionIds: ${nested("[", '"a"', "]", 2000)}) { edges { cursor } } }`,
    ],
    [
      "an object value 2,000 deep",
      `{ images(workspaceId: "ws_acme", sessionIds: ${nested("{a:", "1", "}", 2000)}) { edges { cursor } } }`,
    ],
    ["selections 2,000 deep", nested("{ a ", "", "}", 2000)],
  ])("%s: 400, the document's nesting named", async (_, query) => {
    const server = await start();
    const answer = await post(server.graphqlUrl, server.sandbox.keys.readWrite, JSON.stringify({ query }));
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0]?.message).toMatch(
      new RegExp(
        `^The GraphQL document nests deeper than ${MAX_DOCUMENT_DEPTH} levels .*, the most the sandbox accepts\\.$`,
      ),
    );
    expect(answer.text).not.toMatch(STACK_TRACE);
  });

  it("in a GET's query string too", async () => {
    const server = await start();
    const url = new URL(server.graphqlUrl);
    url.searchParams.set("query", "query Q($x: String) { apiCredentialWorkspace { id } }");
    url.searchParams.set("variables", `{"x": ${nested("[", "1", "]", 2000)}}`);
    const answer = await fetch(url, { headers: { authorization: `Bearer ${server.sandbox.keys.readWrite}` } });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("JSON in the variables parameter nests deeper than");
  });

  it(`a document of more than ${MAX_DOCUMENT_TOKENS} tokens is refused by graphql-js's own maxTokens`, async () => {
    const server = await start();
    const query = `{ apiCredentialWorkspace { ${"id ".repeat(MAX_DOCUMENT_TOKENS)} } }`;
    const answer = await post(server.graphqlUrl, server.sandbox.keys.readWrite, JSON.stringify({ query }));
    expect(answer.errors?.[0]).toMatchObject({
      message: expect.stringContaining(`Document contains more that ${MAX_DOCUMENT_TOKENS} tokens`),
      extensions: { code: "GRAPHQL_PARSE_FAILED" },
    });
  });

  it("a chain of fragments long enough to matter is refused, not a 500", async () => {
    const server = await start();
    let query = "query { apiCredentialWorkspace { ...F0 } }\n";
    for (let index = 0; index < 2000; index += 1) query += `fragment F${index} on Workspace { id ...F${index + 1} }\n`;
    query += "fragment F2000 on Workspace { id }";
    const answer = await post(server.graphqlUrl, server.sandbox.keys.readWrite, JSON.stringify({ query }));
    expect(answer.status).toBeLessThan(500);
    expect(answer.errors?.length).toBeGreaterThan(0);
    expect(answer.text).not.toMatch(STACK_TRACE);
  });
});

describe("what the project sends passes", () => {
  it("every document of @studio-kit/operations is within the depth and token limits", () => {
    const documents = Object.entries(operations).filter(([name]) => name.endsWith("Document"));
    expect(documents.length).toBeGreaterThan(50);
    for (const [, document] of documents) {
      expect(documentProblem(print(document as Parameters<typeof print>[0]))).toBeNull();
    }
  });

  it(`nesting of exactly ${MAX_DOCUMENT_DEPTH} levels in a document, and of ${MAX_JSON_DEPTH} in JSON, is accepted`, () => {
    expect(documentProblem(nested("{ a ", "", "}", MAX_DOCUMENT_DEPTH))).toBeNull();
    expect(documentProblem(nested("{ a ", "", "}", MAX_DOCUMENT_DEPTH + 1))).not.toBeNull();
    expect(jsonProblem(nested("[", "1", "]", MAX_JSON_DEPTH), "x")).toBeNull();
    expect(jsonProblem(nested("[", "1", "]", MAX_JSON_DEPTH + 1), "x")).not.toBeNull();
    // Brackets inside strings are text, not nesting.
    expect(jsonProblem(JSON.stringify({ prompt: "[".repeat(500) }), "x")).toBeNull();
    expect(documentProblem(`{ a(b: "${"{".repeat(500)}") }`)).toBeNull();
  });
});
