import { CreditsBalanceDocument, FontsDocument } from "@studio-kit/operations";
import { createSandbox, type Sandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createStudioClient, StudioBadInputError, type StudioError, StudioGraphQLError } from "../src/index.js";
import { BASE_URL, rejection } from "./support/studio.js";

// The client against a server whose schema no longer matches our documents: the sandbox with drift entries in
// its config (a field removed, an argument renamed), as a deployed API that moved on would answer.
const server = setupServer();
let sandbox: Sandbox;
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(async () => {
  server.resetHandlers();
  await sandbox.close();
});
afterAll(() => server.close());

function driftedClient() {
  sandbox = createSandbox({
    config: { drift: [{ remove: "CreditsBalance.bonusBalance" }, { rename: "Query.fonts(first)", to: "limit" }] },
  });
  server.use(...sandboxHandlers(sandbox, BASE_URL));
  const sleeps: number[] = [];
  const client = createStudioClient({
    apiKey: sandbox.keys.readWrite,
    baseUrl: BASE_URL,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { client, sleeps };
}

describe("a server whose schema drifted", () => {
  it.each([
    [
      "a removed field",
      (client: ReturnType<typeof createStudioClient>) =>
        client.request(CreditsBalanceDocument, { workspaceId: "ws_acme" }),
      "CreditsBalance",
      'Cannot query field "bonusBalance" on type "CreditsBalance". Did you mean "balance" or "monthlyBalance"?',
    ],
    [
      "a renamed argument",
      (client: ReturnType<typeof createStudioClient>) =>
        client.request(FontsDocument, { workspaceId: "ws_acme", first: 5 }),
      "Fonts",
      'Unknown argument "first" on field "Query.fonts". Did you mean "limit"?',
    ],
  ])("refuses %s: StudioGraphQLError with the server's message and code, sent once", async (_, send, name, message) => {
    const { client, sleeps } = driftedClient();
    const error = await rejection(send(client));
    // The schema refused our document: not the caller's input, though the answer is a 400 (GraphQL over HTTP).
    expect(error).toBeInstanceOf(StudioGraphQLError);
    expect(error).not.toBeInstanceOf(StudioBadInputError);
    expect(error).toMatchObject({
      code: "GRAPHQL_ERROR",
      status: 400,
      operationName: name,
      graphqlCode: "GRAPHQL_VALIDATION_FAILED",
    });
    expect((error as StudioError).graphqlErrors?.[0]?.message).toContain(message);
    expect((error as Error).message).toBe(`@studio-kit/core: ${name} failed: ${message} (GRAPHQL_VALIDATION_FAILED).`);
    expect(sleeps).toEqual([]);
    expect(sandbox.stats().graphqlRequests).toBe(1);
  });
});
