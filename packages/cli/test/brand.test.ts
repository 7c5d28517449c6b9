// `--brand` as the built bin sends it: the workspace's brand read with the core client and summarised by
// @studio-kit/commands (the bot's words), after the prompt the API records; refused before anything is spent when
// the workspace has no brand to follow.
import { describe, expect, it } from "vitest";
import { startTestSandbox, studio, type TestSandbox } from "./support/studio.js";

type Queued = { records: { id: string }[]; brand?: { summary: string } };

const ACME =
  "in the style of Acme Outdoor: plain-spoken, warm, quietly confident; colours forest #2F5D3A, clay #C8643B, " +
  "stone #D9D4CC, night #1B1F24; avoid superlatives, exclamation marks, extreme-sports clichés";

/** The prompt the sandbox recorded for a generated asset. */
function recordedPrompt(sandbox: TestSandbox, id: string | undefined): string | null | undefined {
  const asset = id ? sandbox.server.sandbox.state.assets.get(id) : undefined;
  return asset && "prompt" in asset ? (asset.prompt as string | null) : undefined;
}
const generations = (sandbox: TestSandbox) =>
  (sandbox.operations().GenerateImage ?? 0) + (sandbox.operations().GenerateVideo ?? 0);

describe("--brand", () => {
  it("puts the brand's summary after an image's prompt: the sandbox records it, --json and stderr say it", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["image", "a tent at dawn", "--brand", "--json"], { env: sandbox.env });
    expect(ran.code).toBe(0);
    const queued = ran.json<Queued>();
    expect(queued.brand).toEqual({ summary: ACME });
    expect(recordedPrompt(sandbox, queued.records[0]?.id)).toBe(`a tent at dawn, ${ACME}`);
    expect(ran.stderr).toContain(`Brand applied: ${ACME}`);
  });

  it("does the same for a video", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["video", "waves on a rocky shore.", "--brand", "--json"], { env: sandbox.env });
    expect(ran.code).toBe(0);
    const id = ran.json<Queued>().records[0]?.id;
    expect(recordedPrompt(sandbox, id)).toBe(`waves on a rocky shore. I${ACME.slice(1)}`);
  });

  it("leaves the prompt as typed without --brand", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["image", "a tent at dawn", "--json"], { env: sandbox.env });
    expect(ran.json<Queued>().brand).toBeUndefined();
    expect(recordedPrompt(sandbox, ran.json<Queued>().records[0]?.id)).toBe("a tent at dawn");
  });

  it("is a usage error when the brand is not set up: what to do, and nothing generated", async () => {
    const sandbox = await startTestSandbox();
    for (const brand of sandbox.server.sandbox.state.brands.values()) brand.isConfigured = false;
    const ran = await studio(["image", "a tent", "--brand"], { env: sandbox.env });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(
      "`--brand` follows the workspace's brand, but the workspace's brand (Acme Outdoor) is not set up yet.",
    );
    expect(ran.stderr).toContain("or run the command without `--brand`. Nothing was generated.");
    expect(generations(sandbox)).toBe(0);
  });

  it("is a usage error when the workspace has no brand at all (the API's NOT_FOUND)", async () => {
    const sandbox = await startTestSandbox();
    sandbox.server.sandbox.state.brands.clear();
    const ran = await studio(["video", "waves", "--brand"], { env: sandbox.env });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("`--brand` follows the workspace's brand, and this workspace has none yet.");
    expect(generations(sandbox)).toBe(0);
  });
});
