import { ApiCredentialWorkspaceDocument } from "@studio-kit/operations";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { createStudioClient, StudioGraphQLError } from "../src/index.js";
import { BASE_URL, executed, GRAPHQL_URL, rejection, useStudio } from "./support/studio.js";

const studio = useStudio();
const HINT = "is baseUrl the API root, without /graphql?";
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

describe("an endpoint where no GraphQL API answers says where the request went and what to check", () => {
  it("a baseUrl ending in /graphql: names the operation, the doubled URL and the fix", async () => {
    const { sandbox } = studio.create();
    const client = createStudioClient({
      apiKey: sandbox.keys.readWrite,
      baseUrl: `${BASE_URL}/graphql?token=${sandbox.keys.readWrite}`,
      retry: false,
    });
    const error = await rejection(client.request(ApiCredentialWorkspaceDocument));
    expect(error).toBeInstanceOf(StudioGraphQLError);
    expect(error).toMatchObject({ code: "ENDPOINT_NOT_FOUND", status: 404, operationName: "ApiCredentialWorkspace" });
    expect(message(error)).toBe(
      `@studio-kit/core: ApiCredentialWorkspace found no GraphQL API at ${BASE_URL}/graphql/graphql (HTTP 404): ` +
        `${HINT} The URL ends in /graphql/graphql: drop /graphql from baseUrl, the client adds it.`,
    );
    expect(JSON.stringify(error)).not.toContain(sandbox.keys.readWrite);
    expect(executed(sandbox, "ApiCredentialWorkspace")).toBe(0);
  });

  it("any other path the server does not serve: the URL and the hint, without the doubled-path sentence", async () => {
    const { sandbox } = studio.create();
    const client = createStudioClient({ apiKey: sandbox.keys.readWrite, baseUrl: `${BASE_URL}/v1`, retry: false });
    const error = await rejection(client.request(ApiCredentialWorkspaceDocument));
    expect(error).toMatchObject({ code: "ENDPOINT_NOT_FOUND", status: 404 });
    expect(message(error)).toBe(
      `@studio-kit/core: ApiCredentialWorkspace found no GraphQL API at ${BASE_URL}/v1/graphql (HTTP 404): ${HINT}`,
    );
  });

  it.each([200, 405])("an HTML page answered with HTTP %i is not taken for GraphQL", async (status) => {
    const { client } = studio.create({ retry: false });
    studio.server.use(
      http.post(GRAPHQL_URL, () => HttpResponse.html("<!doctype html><title>Welcome</title>", { status })),
    );
    const error = await rejection(client.request(ApiCredentialWorkspaceDocument));
    expect(error).toBeInstanceOf(StudioGraphQLError);
    expect(error).toMatchObject({ code: "ENDPOINT_NOT_FOUND" });
    expect(message(error)).toContain(`ApiCredentialWorkspace found no GraphQL API at ${GRAPHQL_URL} (`);
    expect(message(error)).toMatch(/is baseUrl the API root, without \/graphql\?$/);
    expect(message(error)).not.toContain("Welcome");
  });

  it("another API's JSON (neither data nor errors) is not taken for an empty result", async () => {
    const { client } = studio.create({ retry: false });
    studio.server.use(http.post(GRAPHQL_URL, () => HttpResponse.json({ status: "ok" })));
    const error = await rejection(client.request(ApiCredentialWorkspaceDocument));
    expect(error).toMatchObject({ code: "ENDPOINT_NOT_FOUND" });
    expect(message(error)).toContain(`found no GraphQL API at ${GRAPHQL_URL}`);
  });
});
