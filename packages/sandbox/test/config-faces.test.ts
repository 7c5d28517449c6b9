import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type SandboxConfig, startSandboxServer } from "../src/index.js";
import { gql, type Ready, startCli } from "./support/cli.js";

// Configured workspaces, keys and drift through the HTTP server and the CLI's --config (real loopback HTTP).

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const track = (cleanup: () => Promise<void> | void) => cleanups.push(cleanup);

function configFile(config: unknown): string {
  const directory = mkdtempSync(join(tmpdir(), "sandbox-config-"));
  track(() => rmSync(directory, { recursive: true, force: true }));
  const file = join(directory, "sandbox.json");
  writeFileSync(file, typeof config === "string" ? config : JSON.stringify(config));
  return file;
}

const studios: SandboxConfig = {
  builtin: false,
  workspaces: [
    {
      id: "ws_north",
      name: "North Studio",
      keys: [{ key: "sk_north_old", expired: true }, { key: "sk_north_ro", readOnly: true }, { key: "sk_north_rw" }],
    },
    { id: "ws_south", credits: 12 },
  ],
  drift: [{ remove: "CreditsBalance.bonusBalance" }, { rename: "Query.fonts(first)", to: "limit" }],
};

describe("a configuration through the HTTP server", () => {
  it("answers configured keys and serves the drifted schema", async () => {
    const server = await startSandboxServer({ config: studios });
    track(() => server.close());
    const workspace = await gql(server.graphqlUrl, "sk_north_rw", "{ apiCredentialWorkspace { id name } }");
    expect(workspace.data).toEqual({ apiCredentialWorkspace: { id: "ws_north", name: "North Studio" } });
    const drifted = await gql(
      server.graphqlUrl,
      "sk_north_rw",
      '{ creditsBalance(workspaceId: "ws_north") { bonusBalance } }',
    );
    expect(drifted.errors?.[0]?.message).toMatch(/Cannot query field "bonusBalance" on type "CreditsBalance"/);
  });
});

describe("--config FILE", () => {
  it("starts with the configured workspaces and prints their keys, the first usable read-write key as apiKey", async () => {
    const started = await startCli(["--config", configFile(studios)], track);
    const ready = started.ready as Ready;
    expect(ready).toMatchObject({
      apiKey: "sk_north_rw",
      readOnlyApiKey: "sk_north_ro",
      workspaceId: "ws_north",
      otherWorkspaceId: "ws_south",
    });
    expect(ready.workspaces?.map((workspace) => [workspace.id, workspace.keys.map((key) => key.key)])).toEqual([
      ["ws_north", ["sk_north_old", "sk_north_ro", "sk_north_rw"]],
      ["ws_south", []],
    ]);
    const fonts = await gql(
      ready.graphqlUrl,
      ready.apiKey,
      '{ fonts(workspaceId: "ws_north", limit: 1) { edges { cursor } } }',
    );
    expect(fonts).toEqual({ data: { fonts: { edges: [] } } });
    const expired = await gql(ready.graphqlUrl, "sk_north_old", "{ apiCredentialWorkspace { id } }");
    expect(expired.errors?.[0]?.message).toMatch(/expired/);
  });

  it.each([
    [
      "a field with a mistake",
      { workspaces: [{ id: "ws_a", keys: [{ key: "k1", readOnly: "yes" }] }] },
      / workspaces\[0\]\.keys\[0\]\.readOnly: must be true or false, got "yes"/,
    ],
    ["a file that is not JSON", "{ workspaces: [] }", /: is not JSON/],
    [
      "drift naming an argument the schema lacks",
      { drift: [{ rename: "Query.fonts(count)", to: "limit" }] },
      /drift\[0\]\.rename: the schema has no argument count on Query\.fonts/,
    ],
  ])("refuses %s with exit 2 and a message naming the file and the field", async (_, config, message) => {
    const file = configFile(config);
    const refused = await startCli(["--config", file], track);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(message);
    expect(refused.stderr).toContain(`studio-sandbox: @studio-kit/sandbox: ${file}`);
  });
});
