import { readFileSync } from "node:fs";
import { createStudioClient, type StudioClient, type StudioClientOptions } from "@studio-kit/core";
import { createSandbox, type Sandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { UploadClock, UploadSettings } from "../../src/index.js";

export const BASE_URL = "https://api.upload.test";
export const GRAPHQL_URL = `${BASE_URL}/graphql`;
export const FORM_URL = `${BASE_URL}/__storage/form/:fileId`;
export const PUT_URL = `${BASE_URL}/__storage/put/:fileId`;
export const KiB = 1024;
export const MiB = 1024 * KiB;

/** A request that reached msw: what was asked, never its body. */
export interface SeenRequest {
  method: string;
  path: string;
}

/** A signed upload as createSignedUploadUrl answered it. */
export interface Signed {
  fileId: string;
  signedUrl: string;
  uploadForm: { url: string; fields: Record<string, string> };
  requiredHeaders: Record<string, string>;
}

export interface Harness {
  sandbox: Sandbox;
  client: StudioClient;
  /** Every signed upload the client received, in order. */
  signed: Signed[];
  /** Called as each signed upload arrives, before the uploader sees it (to move the clock, say). */
  onSigned: ((signed: Signed) => void) | undefined;
  /** Every request the uploader made, in order (GraphQL and storage). */
  seen: SeenRequest[];
  /** Settings for uploadFile: the sandbox's virtual clock, so that expiry agrees on both sides. */
  settings: UploadSettings & { clock: Partial<UploadClock> };
}

/**
 * The uploader against a fresh sandbox through msw, in-process with no port. The
 * client's back-off sleeps are instant; the upload's clock is the sandbox's
 * virtual clock, so `sandbox.advance()` moves time for both.
 */
export function useUploads() {
  const server = setupServer();
  let seen: SeenRequest[] = [];
  const sandboxes: Sandbox[] = [];
  beforeAll(() => {
    server.listen({ onUnhandledRequest: "error" });
    server.events.on("request:start", ({ request }) => {
      seen.push({ method: request.method, path: new URL(request.url).pathname });
    });
  });
  afterEach(async () => {
    server.resetHandlers();
    await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
  });
  afterAll(() => server.close());

  return {
    server,
    create(clientOptions: Partial<StudioClientOptions> = {}): Harness {
      const sandbox = createSandbox({ jobMs: 1000 });
      sandboxes.push(sandbox);
      server.use(...sandboxHandlers(sandbox, BASE_URL));
      seen = [];
      const harness = { sandbox, signed: [] as Signed[], onSigned: undefined as Harness["onSigned"] };
      // Records the signed uploads the client receives, as the uploader will see them.
      const recordingFetch: typeof fetch = async (input, init) => {
        const response = await globalThis.fetch(input, init);
        if (typeof init?.body === "string" && init.body.includes("CreateSignedUploadUrl")) {
          const { data } = (await response.clone().json()) as { data?: { createSignedUploadUrl?: Signed } };
          if (data?.createSignedUploadUrl) {
            harness.signed.push(data.createSignedUploadUrl);
            harness.onSigned?.(data.createSignedUploadUrl);
          }
        }
        return response;
      };
      const client = createStudioClient({
        apiKey: sandbox.keys.readWrite,
        baseUrl: BASE_URL,
        fetch: recordingFetch,
        sleep: async (_ms, signal) => {
          if (signal?.aborted) throw signal.reason;
        },
        ...clientOptions,
      });
      return Object.assign(harness, { client, seen, settings: { clock: { now: () => sandbox.clock.now() } } });
    },
  };
}

/** How many times the sandbox executed an operation. */
export const executed = (sandbox: Sandbox, operationName: string) => sandbox.stats().operations[operationName] ?? 0;

/** Requests to the storage endpoints (the bytes), as `POST form` / `PUT put`. */
export const storageRequests = (seen: readonly SeenRequest[]) =>
  seen.filter((request) => request.path.startsWith("/__storage/"));

/** The bytes the sandbox stored for an upload, or undefined when none arrived. */
export function storedBytes(sandbox: Sandbox, fileId: string): Uint8Array | undefined {
  const path = sandbox.state.files.get(fileId)?.path;
  return path ? new Uint8Array(readFileSync(path)) : undefined;
}

/** Ids of the library records made from an upload. */
export const assetsOf = (sandbox: Sandbox, fileId: string): string[] =>
  [...sandbox.state.assets.values()].flatMap((asset) =>
    "_fileId" in asset && asset._fileId === fileId ? [asset.id] : [],
  );

/** Resolves with what a promise rejected with, failing if it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

/**
 * `size` bytes that no format sniffer recognises (repeated ASCII text), so that a
 * test's declared content type is the one that counts.
 */
export function neutralBytes(size: number, seed = 0): Uint8Array<ArrayBuffer> {
  const pattern = new TextEncoder().encode(`studio-kit upload test bytes ${seed} `);
  const bytes = new Uint8Array(size);
  for (let offset = 0; offset < size; offset += pattern.byteLength) {
    bytes.set(pattern.subarray(0, Math.min(pattern.byteLength, size - offset)), offset);
  }
  return bytes;
}

/** Timers that fire only when the test says so. */
export function manualTimers() {
  let next = 1;
  const pending = new Map<number, { callback: () => void; ms: number }>();
  return {
    setTimeout: (callback: () => void, ms: number) => {
      pending.set(next, { callback, ms });
      return next++;
    },
    clearTimeout: (handle: unknown) => {
      pending.delete(handle as number);
    },
    /** Delays of the timers waiting now. */
    pending: () => [...pending.values()].map((timer) => timer.ms),
    /** Fires every timer waiting now. */
    fireAll() {
      const due = [...pending.values()];
      pending.clear();
      for (const timer of due) timer.callback();
    },
  };
}
