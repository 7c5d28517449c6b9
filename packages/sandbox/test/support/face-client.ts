import {
  CreateSignedUploadUrlDocument,
  CreditsBalanceDocument,
  GenerateImageDocument,
  ImageDocument,
  type TypedDocumentNode,
  UploadImageDocument,
} from "@studio-kit/operations";
import { print } from "graphql";
import { PNG } from "pngjs";
import { expect } from "vitest";
import type { Fault, JournalEntry, ListedFault } from "../../src/index.js";

// A client for any face of the sandbox (msw, HTTP server, CLI) by plain fetch:
// the msw face intercepts its base URL in-process, the others are real loopback
// HTTP. Faults are added and read through the admin API, state through GraphQL.

/** Where a face answers, and with which key and workspace. */
export interface Face {
  baseUrl: string;
  key: string;
  workspaceId: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test reads of arbitrary GraphQL answers
  json: any;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, text, json };
}

/** A small client for one face: GraphQL, the admin API and uploads, all by fetch. */
export function faceClient(face: Face) {
  const send = <R, V>(document: TypedDocumentNode<R, V>, variables?: V) =>
    fetch(`${face.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${face.key}` },
      body: JSON.stringify({ query: print(document), variables }),
    });
  const admin = async (method: string, path: string, body?: unknown) =>
    answer(
      await fetch(`${face.baseUrl}/__sandbox/${path}`, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
      }),
    );
  const client = {
    face,
    send,
    gql: async <R, V>(document: TypedDocumentNode<R, V>, variables?: V) => answer(await send(document, variables)),
    admin,
    addFault: async (fault: Fault): Promise<ListedFault> => {
      const added = await admin("POST", "faults", fault);
      expect(added.status, added.text).toBe(201);
      return added.json.faults[0];
    },
    faults: async (): Promise<ListedFault[]> => (await admin("GET", "faults")).json.faults,
    requests: async (): Promise<JournalEntry[]> => (await admin("GET", "requests")).json.requests,
    reset: async () => {
      await admin("DELETE", "faults");
      await admin("DELETE", "requests");
    },
    advance: (ms: number) => admin("POST", "advance", { ms }),
    credits: async () => {
      const { json } = await client.gql(CreditsBalanceDocument, { workspaceId: face.workspaceId });
      const credits = json.data.creditsBalance;
      return credits.balance + credits.bonusBalance + credits.dailyFree.remaining;
    },
    generate: (prompt = "a lighthouse at dusk") =>
      send(GenerateImageDocument, { workspaceId: face.workspaceId, prompt, aspectRatio: "16:9" }),
    image: async (id: string) => (await client.gql(ImageDocument, { id })).json.data.image,
    signUpload: async () => {
      const { json } = await client.gql(CreateSignedUploadUrlDocument, {
        category: "UGC_IMAGE",
        filename: "photo.png",
        contentType: "image/png",
        workspaceId: face.workspaceId,
      });
      return json.data.createSignedUploadUrl as {
        fileId: string;
        signedUrl: string;
        uploadForm: { url: string; fields: Record<string, string> };
        requiredHeaders: Record<string, string>;
      };
    },
    register: (fileId: string) => client.gql(UploadImageDocument, { workspaceId: face.workspaceId, fileId }),
  };
  return client;
}

export type FaceClient = ReturnType<typeof faceClient>;

/** A small real PNG: the sandbox measures an image's size from its bytes. */
export const PNG_BYTES = new Uint8Array(PNG.sync.write(new PNG({ width: 4, height: 3 })));

export function postForm(upload: Awaited<ReturnType<FaceClient["signUpload"]>>, bytes = PNG_BYTES) {
  const body = new FormData();
  for (const [name, value] of Object.entries(upload.uploadForm.fields)) body.append(name, value);
  body.append("file", new Blob([bytes]), "photo.png");
  return fetch(upload.uploadForm.url, { method: "POST", body });
}

export function putBytes(upload: Awaited<ReturnType<FaceClient["signUpload"]>>, bytes: Uint8Array<ArrayBuffer>) {
  return fetch(upload.signedUrl, {
    method: "PUT",
    body: bytes,
    headers: { ...upload.requiredHeaders, "content-length": String(bytes.byteLength) },
  });
}

/** The journal's entry for the last request to an operation. */
export async function lastEntry(client: FaceClient, operation: string) {
  return (await client.requests()).filter((entry) => entry.operation === operation).at(-1);
}

/** What fetch rejects with (a network error), or fails the test when it answers. */
export async function networkError(pending: Promise<Response>): Promise<Error> {
  try {
    const response = await pending;
    throw new Error(`expected a network error, got HTTP ${response.status}`);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("expected a network error")) throw error;
    return error as Error;
  }
}
