import {
  createStudioClient,
  generateImages,
  StudioBadInputError,
  type StudioClient,
  StudioPermissionError,
} from "@studio-kit/core";
import { GenerateImageDocument, ImageDocument, UpdateImageDocument } from "@studio-kit/operations";
import { createSandbox, SANDBOX_OTHER_WORKSPACE_ID, type Sandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKeyMode, isReadOnlyRefusal, MUTATION_OPERATIONS } from "../src/services/key-mode.js";

const BASE_URL = "https://key-mode.studio-kit.test";
/** An image of the sandbox's other workspace (packages/sandbox/src/seed/library.ts): no key reaches it. */
const OTHER_WORKSPACE_IMAGE = "img_globex_secret";

let sandbox: Sandbox;
const server = setupServer();
beforeAll(() => {
  sandbox = createSandbox();
  server.use(...sandboxHandlers(sandbox, BASE_URL));
  server.listen({ onUnhandledRequest: "error" });
});
afterAll(async () => {
  server.close();
  await sandbox.close();
});

const client = (apiKey: string): StudioClient => createStudioClient({ apiKey, baseUrl: BASE_URL, retry: false });

/** What a request threw (fails the test when it succeeded). */
async function refusal(request: Promise<unknown>): Promise<unknown> {
  try {
    await request;
  } catch (error) {
    return error;
  }
  throw new Error("expected the API to refuse the request");
}

/** A permission error shaped like core's, for the cases the sandbox does not produce. */
const permissionError = (operationName: string, errors: { message: string; path?: string[] }[]) =>
  new StudioPermissionError("FORBIDDEN", "@studio-kit/core: not allowed", {
    operationName,
    status: 200,
    graphqlCode: "FORBIDDEN",
    graphqlErrors: errors.map((error) => ({ ...error, extensions: { code: "FORBIDDEN" } })),
  });

describe("key mode against the sandbox", () => {
  it("learns the key is read-only from a generation the sandbox refuses for the read-only key", async () => {
    const keyMode = createKeyMode();
    const error = await refusal(
      generateImages(client(sandbox.keys.readOnly), { prompt: "a lighthouse", aspectRatio: "16:9" }),
    );
    expect(error).toBeInstanceOf(StudioPermissionError);
    expect(keyMode.isReadOnly()).toBe(false);
    expect(keyMode.learnFrom(error)).toBe(true);
    expect(keyMode.isReadOnly()).toBe(true);
  });

  it("does not take another workspace's record, refused with the same FORBIDDEN, for a read-only key", async () => {
    const keyMode = createKeyMode();
    const error = await refusal(
      client(sandbox.keys.readWrite).request(UpdateImageDocument, { id: OTHER_WORKSPACE_IMAGE, upscaleScale: "2x" }),
    );
    expect(error).toBeInstanceOf(StudioPermissionError);
    expect(keyMode.learnFrom(error)).toBe(false);
    expect(keyMode.isReadOnly()).toBe(false);
  });

  it("does not take a mutation naming another workspace for a read-only key", async () => {
    const error = await refusal(
      client(sandbox.keys.readWrite).request(GenerateImageDocument, {
        workspaceId: SANDBOX_OTHER_WORKSPACE_ID,
        prompt: "a lighthouse",
        aspectRatio: "16:9",
      }),
    );
    expect(error).toBeInstanceOf(StudioPermissionError);
    expect(createKeyMode().learnFrom(error)).toBe(false);
  });

  it("does not learn from a refused read, even with the read-only key", async () => {
    const error = await refusal(client(sandbox.keys.readOnly).request(ImageDocument, { id: OTHER_WORKSPACE_IMAGE }));
    expect(error).toBeInstanceOf(StudioPermissionError);
    expect(createKeyMode().learnFrom(error)).toBe(false);
  });

  it("does not learn from other refusals of a mutation", async () => {
    const error = await refusal(
      generateImages(client(sandbox.keys.readWrite), { prompt: "a lighthouse", aspectRatio: "16:9", count: 9 }),
    );
    expect(error).toBeInstanceOf(StudioBadInputError);
    expect(createKeyMode().learnFrom(error)).toBe(false);
  });
});

describe("isReadOnlyRefusal", () => {
  it("knows the generation, upload and board mutations of @studio-kit/operations, and no query", () => {
    for (const name of ["GenerateImage", "GenerateVideo", "UpdateImage", "UploadImage", "CreateStudioSession"]) {
      expect(MUTATION_OPERATIONS.has(name), name).toBe(true);
    }
    expect(MUTATION_OPERATIONS.has("Image")).toBe(false);
    expect(MUTATION_OPERATIONS.has("CreditsBalance")).toBe(false);
  });

  it("takes an HTTP 403 on a mutation with no GraphQL errors as a read-only key", () => {
    const error = new StudioPermissionError("FORBIDDEN", "@studio-kit/core: not allowed", {
      operationName: "GenerateVideo",
      status: 403,
    });
    expect(isReadOnlyRefusal(error)).toBe(true);
  });

  it("takes a field's refusal that says the key is read-only as a read-only key", () => {
    const error = permissionError("GenerateImage", [{ message: "API key is Read only", path: ["generateImage"] }]);
    expect(isReadOnlyRefusal(error)).toBe(true);
  });

  it("does not take a field's refusal that does not mention read-only access", () => {
    const error = permissionError("GenerateImage", [{ message: "Not allowed", path: ["generateImage"] }]);
    expect(isReadOnlyRefusal(error)).toBe(false);
  });

  it("does not learn from an operation it does not know to be a mutation, nor from a plain error", () => {
    expect(isReadOnlyRefusal(permissionError("SomethingElse", [{ message: "read-only key" }]))).toBe(false);
    expect(isReadOnlyRefusal(new Error("This API key is read-only"))).toBe(false);
    expect(isReadOnlyRefusal(undefined)).toBe(false);
  });

  it("stays read-only once learned, whatever comes after", () => {
    const keyMode = createKeyMode();
    expect(keyMode.learnFrom(permissionError("UploadImage", [{ message: "forbidden" }]))).toBe(true);
    expect(keyMode.learnFrom(new Error("network"))).toBe(false);
    expect(keyMode.isReadOnly()).toBe(true);
  });

  it("uses the mutation names it is given", () => {
    const keyMode = createKeyMode({ mutations: new Set(["Custom"]) });
    expect(keyMode.learnFrom(permissionError("GenerateImage", [{ message: "forbidden" }]))).toBe(false);
    expect(keyMode.learnFrom(permissionError("Custom", [{ message: "forbidden" }]))).toBe(true);
  });
});
