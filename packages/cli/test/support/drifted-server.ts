// A GraphQL server whose schema has drifted from ours: graphql-js over node:http, serving our merged SDL after an
// edit the test makes to its text. It answers the workspace query (so doctor learns the workspace and goes on) and
// null for every other root field; its refusals are graphql-js's own validation messages, as a real server sends.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { buildSchema, graphql, Kind, type OperationDefinitionNode, parse } from "graphql";
import { afterEach } from "vitest";

/** Our merged SDL, as `@studio-kit/operations` publishes it. */
export function ourSdl(): string {
  return readFileSync(createRequire(import.meta.url).resolve("@studio-kit/operations/schema.graphql"), "utf8");
}

/** Replaces `from`, which must occur exactly once in `sdl`: an edit that matched nothing would test nothing. */
export function editOnce(sdl: string, from: string, to: string): string {
  const found = sdl.split(from).length - 1;
  if (found !== 1) throw new Error(`the SDL edit matches ${found} times: ${from}`);
  return sdl.replace(from, to);
}

export interface DriftedServer {
  url: string;
  env: Record<string, string>;
  /** Operations the server executed (passed validation), by type and name: `query CreditsBalance`. */
  executed: string[];
}

const running: { close(): void }[] = [];
afterEach(() => {
  for (const server of running.splice(0)) server.close();
});

/**
 * Starts the server on a free loopback port with `sdl` as its schema; closed after the test. `resolvers` answer
 * root fields beside the workspace query (graphql-js root values: a function of the arguments, or a value).
 */
export async function startDriftedServer(sdl: string, resolvers: Record<string, unknown> = {}): Promise<DriftedServer> {
  const schema = buildSchema(sdl);
  const rootValue = { apiCredentialWorkspace: () => ({ id: "ws_drift", name: "Drifted API" }), ...resolvers };
  const executed: string[] = [];
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const { query, variables, operationName } = JSON.parse(body) as {
      query: string;
      variables?: Record<string, unknown>;
      operationName?: string;
    };
    const result = await graphql({
      schema,
      source: query,
      variableValues: variables ?? null,
      operationName,
      rootValue,
    });
    if ("data" in result) {
      const operation = parse(query).definitions.find(
        (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
      );
      executed.push(`${operation?.operation} ${operation?.name?.value}`);
    }
    // GraphQL over HTTP: a document the schema refuses is a 400 with the errors and no data.
    response.writeHead("data" in result ? 200 : 400, { "content-type": "application/json" });
    response.end(JSON.stringify(result));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  running.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, env: { STUDIO_API_KEY: "sk_drift_test", STUDIO_BASE_URL: url }, executed };
}
