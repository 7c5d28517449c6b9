import type { TypedDocumentNode } from "@studio-kit/operations";
import { print } from "graphql";
import { createSandbox, type Sandbox, type SandboxOptions } from "../../src/index.js";

export const BASE_URL = "http://sandbox.test";

export interface GraphQLResponse<T> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** Sends a typed document to the sandbox's fetch handler, as a client would over HTTP. */
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
  const response = await sandbox.handle(
    new Request(`${BASE_URL}/graphql`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const payload = (await response.json()) as Omit<GraphQLResponse<unknown>, "status">;
  return { status: response.status, ...payload };
}

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

/** A fresh sandbox per test, closed afterwards. */
export function useSandbox(options: SandboxOptions = {}) {
  const sandboxes: Sandbox[] = [];
  return {
    create: (overrides: SandboxOptions = {}) => {
      const sandbox = createSandbox({ jobMs: 1000, ...options, ...overrides });
      sandboxes.push(sandbox);
      return sandbox;
    },
    closeAll: async () => {
      await Promise.all(sandboxes.splice(0).map((sandbox) => sandbox.close()));
    },
  };
}
