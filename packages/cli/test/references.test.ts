// `--ref`, `--from` and `--end` as the built bin sends them (the shared grammar's flags, checked before anything is
// spent). `--brand` has its own tests (brand.test.ts).
import { describe, expect, it } from "vitest";
import { startTestSandbox, studio, type TestSandbox } from "./support/studio.js";

type Records = { records: { id: string; kind: string; status: string }[] };

/** A finished image of the sandbox's seed: a valid reference or first frame. */
function seededImage(sandbox: TestSandbox): string {
  for (const asset of sandbox.server.sandbox.state.assets.values()) {
    if (asset.__typename === "Image" && asset.workspaceId === sandbox.server.sandbox.workspaceId) return asset.id;
  }
  throw new Error("the sandbox seed has no image");
}
const generations = (sandbox: TestSandbox) =>
  (sandbox.operations().GenerateImage ?? 0) + (sandbox.operations().GenerateVideo ?? 0);

describe("reference images and frames", () => {
  it("sends --ref images and a video's --from and --end: the API accepts them and queues the generation", async () => {
    const sandbox = await startTestSandbox();
    const id = seededImage(sandbox);
    const image = await studio(["image", "the same jacket", "--ref", id, "--ref", id, "--json"], { env: sandbox.env });
    expect(image.code).toBe(0);
    expect(image.json<Records>().records[0]).toMatchObject({ kind: "image", status: "QUEUED" });
    const video = await studio(["video", "the jacket in the wind", "--from", id, "--end", id, "--json"], {
      env: sandbox.env,
    });
    expect(video.code).toBe(0);
    expect(video.json<Records>().records[0]).toMatchObject({ kind: "video", status: "QUEUED" });
  });

  it("an id that is not an image is refused by the API as a reference: proof the ids are sent", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["video", "waves", "--from", "img_nope"], { env: sandbox.env });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain("Image img_nope was not found in this workspace.");
  });

  it("more references than the model takes is a usage error naming the limit; nothing is generated", async () => {
    const sandbox = await startTestSandbox();
    const ran = await studio(["image", "a fox", "--model", "img-aurora-2-fast", "--ref", "a", "--ref", "b"], {
      env: sandbox.env,
    });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain("img-aurora-2-fast takes at most 1 reference image (got 2).");
    expect(generations(sandbox)).toBe(0);
  });

  it("--from on an image sends it as the image it is made from (parentImageId): a real one queues, an unknown one is refused", async () => {
    const sandbox = await startTestSandbox();
    const made = await studio(["image", "the same jacket, in red", "--from", seededImage(sandbox), "--json"], {
      env: sandbox.env,
    });
    expect(made.code).toBe(0);
    expect(made.json<Records>().records[0]).toMatchObject({ kind: "image", status: "QUEUED" });
    const ran = await studio(["image", "a fox", "--from", "img_nope"], { env: sandbox.env });
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain("Image img_nope was not found in this workspace.");
  });
});
