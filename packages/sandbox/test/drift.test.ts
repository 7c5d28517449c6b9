import { CreditsBalanceDocument, FontsDocument } from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox, type SandboxConfig, SandboxConfigError } from "../src/index.js";
import { send, sendRaw, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

const drifted: SandboxConfig = {
  drift: [{ remove: "CreditsBalance.bonusBalance" }, { rename: "Query.fonts(first)", to: "limit" }],
};

const messages = (response: { errors?: { message: string }[] }) => response.errors?.map((error) => error.message);

describe("drift in the served schema", () => {
  it("refuses our document that selects a removed field, with graphql-js's own message, and serves the rest", async () => {
    const sandbox = sandboxes.create({ config: drifted });
    const ours = await send(sandbox, CreditsBalanceDocument, { workspaceId: sandbox.workspaceId });
    expect(ours.data ?? null).toBeNull();
    expect(messages(ours)).toEqual([
      'Cannot query field "bonusBalance" on type "CreditsBalance". Did you mean "balance" or "monthlyBalance"?',
    ]);
    expect(ours.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");

    const rest = await sendRaw(sandbox, { query: '{ creditsBalance(workspaceId: "ws_acme") { balance } }' });
    expect(rest.data).toEqual({ creditsBalance: { balance: 400 } });
  });

  it("answers a renamed argument under its new name, and refuses it under the old one", async () => {
    const sandbox = sandboxes.create({ config: drifted });
    const ours = await send(sandbox, FontsDocument, { workspaceId: sandbox.workspaceId, first: 1 });
    expect(messages(ours)).toEqual(['Unknown argument "first" on field "Query.fonts". Did you mean "limit"?']);

    const renamed = await sendRaw(sandbox, {
      query: 'query { fonts(workspaceId: "ws_acme", limit: 1) { edges { node { id } } pageInfo { hasNextPage } } }',
    });
    expect(renamed.errors).toBeUndefined();
    // The resolver still reads `first`: one font of the three, and more to come.
    expect(renamed.data).toEqual({
      fonts: { edges: [{ node: { id: expect.any(String) } }], pageInfo: { hasNextPage: true } },
    });
  });

  it("serves a renamed field's value under its new name, and drops a removed argument", async () => {
    const sandbox = sandboxes.create({
      config: { drift: [{ rename: "CreditsBalance.balance", to: "credits" }, { remove: "Query.fonts(after)" }] },
    });
    const renamed = await sendRaw(sandbox, { query: '{ creditsBalance(workspaceId: "ws_acme") { credits } }' });
    expect(renamed.data).toEqual({ creditsBalance: { credits: 400 } });
    const ours = await send(sandbox, FontsDocument, { workspaceId: sandbox.workspaceId, after: null });
    expect(messages(ours)).toEqual(['Unknown argument "after" on field "Query.fonts".']);
  });

  it("leaves the schema of a sandbox without drift as ours", async () => {
    const sandbox = sandboxes.create();
    expect((await send(sandbox, CreditsBalanceDocument, { workspaceId: sandbox.workspaceId })).errors).toBeUndefined();
  });

  it("refuses drift that leaves no valid schema, at start", () => {
    expect(() =>
      createSandbox({ config: { drift: [{ remove: "Workspace.id" }, { remove: "Workspace.name" }] } }),
    ).toThrow(SandboxConfigError);
    expect(() => createSandbox({ config: { drift: [{ remove: "Query.fonts(nope)" }] } })).toThrow(
      /drift\[0\]\.remove: the schema has no argument nope on Query\.fonts/,
    );
    expect(() => createSandbox({ config: { drift: [{ rename: "GenerateImageInput.prompt", to: "text" }] } })).toThrow(
      /drift\[0\]\.rename: GenerateImageInput is an input type/,
    );
  });
});
