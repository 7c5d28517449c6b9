import type { TypedDocumentNode } from "@studio-kit/operations";
import { print } from "graphql";
import { setupServer } from "msw/node";
import { afterAll, beforeAll } from "vitest";
import { createSandbox, type Sandbox, type SandboxOptions } from "../../src/index.js";
import { sandboxHandlers } from "../../src/msw.js";

// Tests reach each sandbox through its msw face, as a package's tests would: a
// plain `fetch` to the sandbox's own base URL, intercepted in-process. Every
// sandbox gets a base URL of its own, so two in one test cannot answer for each
// other, and a request to any other address fails the test.
const server = setupServer();
const baseUrls = new WeakMap<Sandbox, string>();
const direct = new WeakSet<Sandbox>();
const DIRECT_BASE_URL = "http://sandbox.direct.test";
let created = 0;

/** The base URL the sandbox answers on in tests: its URLs (downloads, upload forms) start with it. */
export function baseUrlOf(sandbox: Sandbox): string {
  const baseUrl = baseUrls.get(sandbox);
  if (!baseUrl) throw new Error("test: this sandbox was not made with useSandbox().create()");
  return baseUrl;
}

export interface GraphQLResponse<T> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/**
 * Lets the helpers reach a sandbox without msw, through its fetch handler: for
 * the one test where msw's copy of a request body would hide what is measured.
 */
export function reachDirectly(sandbox: Sandbox): Sandbox {
  direct.add(sandbox);
  return sandbox;
}

/** Sends a typed document to the sandbox, as a client would over HTTP. */
export async function send<TResult, TVariables>(
  sandbox: Sandbox,
  document: TypedDocumentNode<TResult, TVariables>,
  variables?: TVariables,
  key: string | null = sandbox.keys.readWrite,
): Promise<GraphQLResponse<TResult>> {
  return sendRaw(sandbox, { query: print(document), variables }, key) as Promise<GraphQLResponse<TResult>>;
}

export async function sendRaw(sandbox: Sandbox, body: unknown, key: string | null = sandbox.keys.readWrite) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const init = { method: "POST", headers, body: JSON.stringify(body) };
  const response = direct.has(sandbox)
    ? await sandbox.handle(new Request(`${DIRECT_BASE_URL}/graphql`, init))
    : await fetch(`${baseUrlOf(sandbox)}/graphql`, init);
  const payload = (await response.json()) as Omit<GraphQLResponse<unknown>, "status">;
  return { status: response.status, ...payload };
}

/** The `extensions.code` of a response's first error. */
export const errorCode = (response: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  response.errors?.[0]?.extensions?.code;

/** Past the longest job of a `useSandbox` sandbox: jobMs 1000, jittered ±25%, video ×2. */
export const PAST_ANY_JOB_MS = 5_000;

/** Sends and fails the test with the GraphQL errors if there are any. */
export async function ok<TResult, TVariables>(
  sandbox: Sandbox,
  document: TypedDocumentNode<TResult, TVariables>,
  variables?: TVariables,
): Promise<TResult> {
  const response = await send(sandbox, document, variables);
  if (response.errors?.length || !response.data) {
    throw new Error(`expected data, got ${response.status}: ${JSON.stringify(response.errors)}`);
  }
  return response.data;
}

/**
 * Fresh sandboxes for the tests of one file, each mounted through msw on a base
 * URL of its own; call `closeAll` after each test.
 */
export function useSandbox(options: SandboxOptions = {}) {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());
  const sandboxes: Sandbox[] = [];
  return {
    create: (overrides: SandboxOptions = {}) => {
      const sandbox = createSandbox({ jobMs: 1000, ...options, ...overrides });
      created += 1;
      const baseUrl = `https://sandbox-${created}.studio-kit.test`;
      baseUrls.set(sandbox, baseUrl);
      server.use(...sandboxHandlers(sandbox, baseUrl));
      sandboxes.push(sandbox);
      return sandbox;
    },
    closeAll: async () => {
      server.resetHandlers();
      await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
    },
  };
}
