import {
  ApiCredentialWorkspaceDocument,
  BrandDocument,
  CreateStudioSessionDocument,
  CreditsBalanceDocument,
  StudioSessionsDocument,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { send, sendRaw, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

describe("authentication", () => {
  it("answers the key's own workspace", async () => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, ApiCredentialWorkspaceDocument);
    expect(response.status).toBe(200);
    expect(response.data?.apiCredentialWorkspace).toEqual({ id: sandbox.workspaceId, name: "Acme Studio" });
  });

  it.each([
    ["a missing key", null, /Missing API key/],
    ["an unknown key", "sk_not_a_key", /Invalid API key/],
    ["an expired key", "expired", /expired/],
  ])("refuses %s with HTTP 401 and UNAUTHENTICATED", async (_, key, message) => {
    const sandbox = sandboxes.create();
    const response = await send(
      sandbox,
      ApiCredentialWorkspaceDocument,
      undefined,
      key === "expired" ? sandbox.keys.expired : key,
    );
    expect(response.status).toBe(401);
    expect(response.data ?? null).toBeNull();
    expect(response.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(response.errors?.[0]?.message).toMatch(message);
  });

  it("lets a read-only key read, and refuses every mutation it sends with FORBIDDEN", async () => {
    const sandbox = sandboxes.create();
    const read = await send(
      sandbox,
      StudioSessionsDocument,
      { workspaceId: sandbox.workspaceId },
      sandbox.keys.readOnly,
    );
    expect(read.data?.studioSessions?.length).toBeGreaterThan(0);

    const write = await send(
      sandbox,
      CreateStudioSessionDocument,
      { workspaceId: sandbox.workspaceId, title: "Nope" },
      sandbox.keys.readOnly,
    );
    expect(write.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(write.errors?.[0]?.message).toMatch(/read-only/);
    const after = await send(sandbox, StudioSessionsDocument, { workspaceId: sandbox.workspaceId });
    expect(after.data?.studioSessions?.map((board) => board.title)).not.toContain("Nope");
  });

  it("refuses any workspace id other than the key's", async () => {
    const sandbox = sandboxes.create();
    for (const workspaceId of [sandbox.otherWorkspaceId, "ws_does_not_exist"]) {
      const response = await send(sandbox, CreditsBalanceDocument, { workspaceId });
      expect(response.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(response.errors?.[0]?.message).toMatch(/apiCredentialWorkspace/);
      expect(response.data?.creditsBalance ?? null).toBeNull();
    }
  });

  it("refuses introspection, as production does", async () => {
    const sandbox = sandboxes.create();
    const response = await sendRaw(sandbox, { query: "{ __schema { types { name } } }" });
    expect(response.data ?? null).toBeNull();
    expect(response.errors?.[0]?.message).toMatch(/introspection/i);
  });
});

describe("workspace and brand context", () => {
  it("serves the seeded brand with its tone of voice and playbooks", async () => {
    const sandbox = sandboxes.create();
    const response = await send(sandbox, BrandDocument, { workspaceId: sandbox.workspaceId });
    const brand = response.data?.brand;
    expect(brand?.name).toBe("Acme Outdoor");
    expect(brand?.toneOfVoiceSections?.length).toBeGreaterThanOrEqual(2);
    expect(brand?.playbookCreative).toBeTruthy();
  });
});
