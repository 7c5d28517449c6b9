import {
  ApiCredentialWorkspaceDocument,
  CanvasCardsDocument,
  CreateStudioSessionDocument,
  CreditsBalanceDocument,
  GenerateImageDocument,
  ImageDocument,
  StudioSessionsDocument,
  type TypedDocumentNode,
} from "@studio-kit/operations";
import { afterEach, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox, type SandboxConfig, SandboxConfigError } from "../src/index.js";
import { errorCode, PAST_ANY_JOB_MS, send, useSandbox } from "./support/client.js";

const sandboxes = useSandbox();
afterEach(sandboxes.closeAll);

const NORTH = "sk_north_rw_1";
const NORTH_READ = "sk_north_ro_1";
const SOUTH = "sk_south_rw_1";

const twoStudios: SandboxConfig = {
  workspaces: [
    {
      id: "ws_north",
      name: "North Studio",
      credits: 30,
      keys: [{ key: NORTH }, { key: NORTH_READ, readOnly: true }],
    },
    { id: "ws_south", name: "South Studio", seeded: true, keys: [{ key: SOUTH }] },
  ],
};

/** Sends with `key` and fails the test on GraphQL errors. */
async function as<TResult, TVariables>(
  sandbox: Sandbox,
  key: string,
  document: TypedDocumentNode<TResult, TVariables>,
  variables?: TVariables,
): Promise<TResult> {
  const response = await send(sandbox, document, variables, key);
  if (response.errors?.length || !response.data) throw new Error(`expected data: ${JSON.stringify(response.errors)}`);
  return response.data;
}

describe("configured workspaces and keys", () => {
  it("reaches each configured workspace with its own keys only, beside the built-in one", async () => {
    const sandbox = sandboxes.create({ config: twoStudios });
    expect((await as(sandbox, NORTH, ApiCredentialWorkspaceDocument)).apiCredentialWorkspace).toEqual({
      id: "ws_north",
      name: "North Studio",
    });
    expect((await as(sandbox, SOUTH, ApiCredentialWorkspaceDocument)).apiCredentialWorkspace?.id).toBe("ws_south");
    expect((await send(sandbox, ApiCredentialWorkspaceDocument)).data?.apiCredentialWorkspace?.id).toBe("ws_acme");

    const crossing = await send(sandbox, CreditsBalanceDocument, { workspaceId: "ws_south" }, NORTH);
    expect(errorCode(crossing)).toBe("FORBIDDEN");

    expect(sandbox.workspaces.map((workspace) => [workspace.id, workspace.keys.map((key) => key.key)])).toEqual([
      ["ws_acme", Object.values(sandbox.keys)],
      ["ws_globex", []],
      ["ws_north", [NORTH, NORTH_READ]],
      ["ws_south", [SOUTH]],
    ]);
  });

  it("lets a configured read-only key read, and refuses its mutations with FORBIDDEN", async () => {
    const sandbox = sandboxes.create({ config: twoStudios });
    expect((await as(sandbox, NORTH_READ, StudioSessionsDocument, { workspaceId: "ws_north" })).studioSessions).toEqual(
      [],
    );
    const write = await send(
      sandbox,
      CreateStudioSessionDocument,
      { workspaceId: "ws_north", title: "No" },
      NORTH_READ,
    );
    expect(errorCode(write)).toBe("FORBIDDEN");
    expect(write.errors?.[0]?.message).toMatch(/read-only/);
  });

  it("refuses an expired key, and one past its expiresAt on the virtual clock, with the 401 an unknown key gets", async () => {
    const sandbox = sandboxes.create({
      config: {
        workspaces: [
          {
            id: "ws_north",
            keys: [
              { key: "sk_north_old", expired: true },
              { key: "sk_north_hour", expiresAt: "2026-01-05T10:00:00Z" }, // the test clock starts at 09:00
            ],
          },
        ],
      },
    });
    const unknown = await send(sandbox, ApiCredentialWorkspaceDocument, undefined, "sk_never_issued");
    const expired = await send(sandbox, ApiCredentialWorkspaceDocument, undefined, "sk_north_old");
    for (const refused of [unknown, expired]) {
      expect(refused.status).toBe(401);
      expect(errorCode(refused)).toBe("UNAUTHENTICATED");
      expect(refused.data ?? null).toBeNull();
    }
    expect(expired.errors?.[0]?.message).toMatch(/expired/);

    expect((await as(sandbox, "sk_north_hour", ApiCredentialWorkspaceDocument)).apiCredentialWorkspace?.id).toBe(
      "ws_north",
    );
    sandbox.advance(60 * 60_000);
    const lapsed = await send(sandbox, ApiCredentialWorkspaceDocument, undefined, "sk_north_hour");
    expect([lapsed.status, errorCode(lapsed)]).toEqual([401, "UNAUTHENTICATED"]);
    expect(lapsed.errors?.[0]?.message).toMatch(/expired/);
  });

  it("starts a workspace with its configured credits, and a generation it cannot afford ends FAILED", async () => {
    const sandbox = sandboxes.create({ config: twoStudios });
    const credits = (await as(sandbox, NORTH, CreditsBalanceDocument, { workspaceId: "ws_north" })).creditsBalance;
    expect(credits).toMatchObject({ balance: 30, bonusBalance: 0, dailyFree: { remaining: 0 } });

    const { generateImage } = await as(sandbox, NORTH, GenerateImageDocument, {
      workspaceId: "ws_north",
      prompt: "a harbour at dusk",
      aspectRatio: "1:1",
      model: "img-prism-xl", // 8 credits each: three are paid, the fourth is not
      count: 4,
    });
    sandbox.advance(PAST_ANY_JOB_MS);
    const statuses = [];
    for (const queued of generateImage?.images ?? []) {
      const { image } = await as(sandbox, NORTH, ImageDocument, { id: queued.id });
      statuses.push(image?.status === "FAILED" ? image.errorMessage : image?.status);
    }
    expect(statuses).toEqual([
      "COMPLETED",
      "COMPLETED",
      "COMPLETED",
      expect.stringMatching(/Not enough credits: Prism XL needs 8, 6 left/),
    ]);
  });

  it("seeds a workspace with a copy of the seeded data under ids of its own, and leaves another empty", async () => {
    const sandbox = sandboxes.create({ config: twoStudios });
    const south = (await as(sandbox, SOUTH, StudioSessionsDocument, { workspaceId: "ws_south" })).studioSessions ?? [];
    expect(south.map((board) => [board.id, board.title])).toEqual([
      ["board_launch_ws_south", "Trail boot launch"],
      ["board_spring_ws_south", "Spring campaign"],
    ]);
    const spring = south[1]?.conversationId ?? "";
    const { canvasCards } = await as(sandbox, SOUTH, CanvasCardsDocument, { conversationId: spring });
    const imageCard = canvasCards?.find((card) => card.assetType === "image");
    expect(imageCard?.assetId).toBe("img_trail_dawn_ws_south");
    const { image } = await as(sandbox, SOUTH, ImageDocument, { id: imageCard?.assetId ?? "" });
    expect(image?.status).toBe("COMPLETED");
    expect(image?.downloadUrl).toContain("file_");

    // The copy shares nothing: the original stays out of reach of the copy's key, and the other workspace is empty.
    expect(errorCode(await send(sandbox, ImageDocument, { id: "img_trail_dawn" }, SOUTH))).toBe("FORBIDDEN");
    expect((await as(sandbox, NORTH, StudioSessionsDocument, { workspaceId: "ws_north" })).studioSessions).toEqual([]);
  });

  it("with builtin false serves only the configured workspaces, and refuses the built-in keys as unknown", async () => {
    const sandbox = sandboxes.create({ config: { ...twoStudios, builtin: false } });
    expect(sandbox.workspaces.map((workspace) => workspace.id)).toEqual(["ws_north", "ws_south"]);
    const builtin = await send(sandbox, ApiCredentialWorkspaceDocument);
    expect([builtin.status, errorCode(builtin)]).toEqual([401, "UNAUTHENTICATED"]);
    expect(builtin.errors?.[0]?.message).toMatch(/Invalid API key/);
    // The seeded copy was made before the built-in workspaces went.
    expect((await as(sandbox, SOUTH, StudioSessionsDocument, { workspaceId: "ws_south" })).studioSessions).toHaveLength(
      2,
    );
  });

  it("changes a built-in workspace named by the config: its name, credits and more keys", async () => {
    const sandbox = sandboxes.create({
      config: {
        workspaces: [{ id: "ws_acme", name: "Acme Labs", credits: { balance: 5 }, keys: [{ key: "sk_lab" }] }],
      },
    });
    expect((await as(sandbox, "sk_lab", ApiCredentialWorkspaceDocument)).apiCredentialWorkspace?.name).toBe(
      "Acme Labs",
    );
    const { creditsBalance } = await as(sandbox, "sk_lab", CreditsBalanceDocument, { workspaceId: "ws_acme" });
    // An object sets only what it names: the seeded bonus stays.
    expect(creditsBalance).toMatchObject({ balance: 5, bonusBalance: 50 });
  });
});

describe("a configuration with a mistake", () => {
  it.each<[string, unknown, RegExp]>([
    ["an unknown field", { workspaces: [{ id: "ws_a", credit: 5 }] }, /config workspaces\[0\]\.credit: is not a field/],
    [
      "a flag that is not a boolean",
      { workspaces: [{ id: "ws_a", keys: [{ key: "k1", readOnly: "yes" }] }] },
      /config workspaces\[0\]\.keys\[0\]\.readOnly: must be true or false, got "yes"/,
    ],
    ["an id with a space", { workspaces: [{ id: "ws a" }] }, /config workspaces\[0\]\.id: must be an id/],
    [
      "a key used twice",
      {
        workspaces: [
          { id: "ws_a", keys: [{ key: "k1" }] },
          { id: "ws_b", keys: [{ key: "k1" }] },
        ],
      },
      /config workspaces\[1\]\.keys\[0\]\.key: is used twice/,
    ],
    [
      "a built-in key reused",
      { workspaces: [{ id: "ws_a", keys: [{ key: "sk_sandbox_rw_4c9d1f7a2b6e" }] }] },
      /config workspaces\[0\]\.keys\[0\]\.key: is used twice/,
    ],
    [
      "an expiry that is not a time",
      { workspaces: [{ id: "ws_a", keys: [{ key: "k1", expiresAt: "tomorrow" }] }] },
      /config workspaces\[0\]\.keys\[0\]\.expiresAt: must be an ISO time/,
    ],
    [
      "negative credits",
      { workspaces: [{ id: "ws_a", credits: -5 }] },
      /config workspaces\[0\]\.credits: must be a number/,
    ],
    [
      "a built-in id without the built-in workspaces",
      { builtin: false, workspaces: [{ id: "ws_acme" }] },
      /config workspaces\[0\]\.id: ws_acme is a built-in workspace's id/,
    ],
    [
      "drift naming a field the schema lacks",
      { drift: [{ remove: "CreditsBalance.nope" }] },
      /config drift\[0\]\.remove: the schema has no field nope on CreditsBalance/,
    ],
    ["a rename without its new name", { drift: [{ rename: "Query.fonts(first)" }] }, /config drift\[0\]\.to: must be/],
  ])("refuses %s at start, naming the field", (_, config, message) => {
    let refused: unknown;
    try {
      createSandbox({ config: config as SandboxConfig });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(SandboxConfigError);
    expect((refused as Error).message).toMatch(message);
    // A key is a credential, even a sandbox's: never in the message.
    expect((refused as Error).message).not.toMatch(/sk_sandbox_rw_4c9d1f7a2b6e/);
  });
});
