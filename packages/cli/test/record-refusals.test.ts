// Issue 42, point 2: a refusal about one record names the flag and id the person typed, and what to do: not a retry
// (the API said NOT_FOUND) and not the key (the API said FORBIDDEN for that record; the key is fine).
import { SANDBOX_KEYS } from "@studio-kit/sandbox";
import { describe, expect, it } from "vitest";
import { startTestSandbox, studio } from "./support/studio.js";

/** The other workspace's image in the sandbox's seed (sandbox README: ws_globex has a board and an image). */
const FOREIGN_IMAGE = "img_globex_secret";

describe("a refusal about one record", () => {
  it("--from an unknown image names the flag and the id, and says retrying will not help", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["video", "waves", "--from", "img_nope"], { env: sandbox.env });
    expect(ran.code).toBe(1);
    const [first] = ran.stderr.split("\n");
    expect(first).toMatch(/^studio: --from img_nope: /);
    expect(first).toContain("Image img_nope was not found in this workspace.");
    expect(first).toContain("retrying will not help");
  });

  it("--ref another workspace's image names it and says the key is fine; --json carries the record", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["image", "a fox", `--ref=${FOREIGN_IMAGE}`, "--json"], { env: sandbox.env });
    expect(ran.code).toBe(1);
    const [first] = ran.stderr.split("\n");
    expect(first).toMatch(new RegExp(`^studio: --ref ${FOREIGN_IMAGE}: `));
    expect(first).toContain("The key itself is fine");
    expect(first).not.toMatch(/read-only/);
    const { error } = ran.json<{ error: { code: string; record: unknown } }>();
    expect(error).toMatchObject({ code: "FORBIDDEN", record: { id: FOREIGN_IMAGE, field: "referenceImages" } });
    expect(sandbox.operations().GenerateImage).toBe(1);
  });

  it("a refusal of the key itself names no flag: a read-only key's generation", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["image", "a fox", "--from", "img_nope"], {
      env: { ...sandbox.env, STUDIO_API_KEY: SANDBOX_KEYS.readOnly },
    });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/^studio: @studio-kit\/core: not allowed/);
    expect(ran.stderr).toContain("read-only");
  });
});
