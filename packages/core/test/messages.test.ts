// The client's messages quote the server's (or the network's) words and go on with what to do. Those words often
// end with a full stop of their own, which used to give "…in the workspace settings.." (issue 27): every kind of
// error is made here with server words ending each way, and every message is scanned for a doubled full stop.
import { ApiCredentialWorkspaceDocument, CreateStudioSessionDocument, ImageDocument } from "@studio-kit/operations";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { createStudioClient } from "../src/index.js";
import { BASE_URL, GRAPHQL_URL, rejection, useStudio } from "./support/studio.js";

const studio = useStudio();

/** A full stop doubled (`..`), not an ellipsis (`...`). */
const DOUBLED_STOP = /(?<!\.)\.\.(?!\.)/;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

// How the server's words may end: a full stop, another closing mark, an ellipsis, spaces after, nothing at all.
const ENDINGS = ["Invalid API key.", "Slow down!", "Which board?", "Wait...", "Gone. ", "No reason", ""];

// Every kind classify tells apart, by the GraphQL code (first) or the HTTP status (second) it comes from.
const KINDS: { kind: string; status: number; code?: string }[] = [
  { kind: "auth", status: 401, code: "UNAUTHENTICATED" },
  { kind: "permission", status: 403, code: "FORBIDDEN" },
  { kind: "bad input", status: 400, code: "BAD_USER_INPUT" },
  { kind: "rate limited", status: 429, code: "RATE_LIMITED" },
  { kind: "server", status: 500, code: "INTERNAL_SERVER_ERROR" },
  { kind: "other code", status: 200, code: "NOT_FOUND" },
  { kind: "no code", status: 200 },
  { kind: "status only", status: 422 },
];

describe("no message ends a sentence twice", () => {
  it.each(KINDS)("$kind errors, whatever the server's words end with", async ({ status, code }) => {
    const { client } = studio.create({ retry: false });
    const messages: string[] = [];
    for (const words of ENDINGS) {
      studio.server.use(
        http.post(GRAPHQL_URL, () =>
          HttpResponse.json(
            { data: null, errors: [{ message: words, ...(code ? { extensions: { code } } : {}) }] },
            { status, headers: status === 429 ? { "retry-after": "3" } : {} },
          ),
        ),
      );
      messages.push(message(await rejection(client.request(ApiCredentialWorkspaceDocument))));
    }
    expect(messages).toHaveLength(ENDINGS.length);
    expect(messages.filter((text) => DOUBLED_STOP.test(text))).toEqual([]);
    // The server's words are kept, and each message still ends as a sentence.
    expect(messages[0]).toContain("Invalid API key");
    expect(messages.every((text) => /[.!?…)]$/.test(text))).toBe(true);
  });

  it("the sandbox's own refusals: an unknown key, a read-only key's mutation, a missing id", async () => {
    const { sandbox, client } = studio.create({ retry: false });
    const unknownKey = createStudioClient({ apiKey: "sk_not_a_real_key", baseUrl: BASE_URL, retry: false });
    const readOnly = createStudioClient({ apiKey: sandbox.keys.readOnly, baseUrl: BASE_URL, retry: false });
    const messages = [
      message(await rejection(unknownKey.request(ApiCredentialWorkspaceDocument))),
      message(
        await rejection(
          readOnly.request(CreateStudioSessionDocument, { workspaceId: sandbox.workspaceId, title: "Nope" }),
        ),
      ),
      message(await rejection(client.request(ImageDocument, { id: "img_missing" }))),
    ];
    expect(messages.filter((text) => DOUBLED_STOP.test(text))).toEqual([]);
    expect(messages[0]).toMatch(/workspace settings\.$/);
  });

  it("network errors, whatever the failure's own message ends with", async () => {
    const messages: string[] = [];
    for (const words of ["socket hang up.", "other side closed", "Connection reset!"]) {
      const client = createStudioClient({
        apiKey: "sk_test",
        baseUrl: BASE_URL,
        retry: false,
        fetch: async () => {
          throw new TypeError(words);
        },
      });
      messages.push(message(await rejection(client.request(ApiCredentialWorkspaceDocument))));
    }
    expect(messages).toHaveLength(3);
    expect(messages.filter((text) => DOUBLED_STOP.test(text))).toEqual([]);
  });
});
