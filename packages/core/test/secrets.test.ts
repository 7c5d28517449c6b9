import { inspect } from "node:util";
import { ApiCredentialWorkspaceDocument, ImageDocument } from "@studio-kit/operations";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { createRedactor, createStudioClient } from "../src/index.js";
import { BASE_URL, GRAPHQL_URL, type LogLine, rejection, useStudio } from "./support/studio.js";

const studio = useStudio();

// Sentinels: if either string shows up anywhere the client emits, a secret leaked.
const KEY = "sk_live_SENTINELKEY_7f3a9c";
const SIGNATURE = "SENTINELSIG0123456789abcdef";
const SIGNED_URL = `https://files.example.com/img.png?X-Amz-Expires=900&X-Amz-Signature=${SIGNATURE}`;

/** Everything an error can turn into: its message, stack, JSON, and Node's inspection with its cause chain. */
const renderings = (error: unknown) => [
  String(error),
  (error as Error).stack ?? "",
  JSON.stringify(error),
  inspect(error, { depth: 20, showHidden: true }),
];

describe("secrets never leave the client", () => {
  it("keeps the API key and signed-URL signatures out of every error, serialized error and log line", async () => {
    const logs: LogLine[] = [];
    const log = (level: string) => (fields: Record<string, unknown>, message: string) => {
      logs.push({ level, fields, message });
    };
    let answer = 0;
    studio.server.use(
      http.post(GRAPHQL_URL, ({ request }) => {
        const authorization = request.headers.get("authorization") ?? "";
        answer += 1;
        switch (answer) {
          case 1: // a server that echoes the key in its error
            return HttpResponse.json(
              { errors: [{ message: `Invalid key ${authorization}`, extensions: { code: "UNAUTHENTICATED" } }] },
              { status: 401 },
            );
          case 2: // partial data with a signed URL beside an error that repeats it
            return HttpResponse.json({
              data: { image: { id: "img_1", downloadUrl: SIGNED_URL } },
              errors: [{ message: `could not sign ${SIGNED_URL}`, extensions: { code: "INTERNAL_SERVER_ERROR" } }],
            });
          default: // a 5xx whose body holds both, retried and logged, then given up
            return new HttpResponse(`upstream said ${authorization} for ${SIGNED_URL}`, { status: 503 });
        }
      }),
    );
    const client = createStudioClient({
      apiKey: KEY,
      baseUrl: BASE_URL,
      sleep: async () => {},
      logger: { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") },
    });
    const failing: typeof fetch = async () => {
      throw new TypeError(`fetch failed for ${SIGNED_URL} with Bearer ${KEY}`);
    };
    const networkClient = createStudioClient({ apiKey: KEY, baseUrl: BASE_URL, fetch: failing, retry: false });

    const errors = [
      await rejection(client.request(ApiCredentialWorkspaceDocument)),
      await rejection(client.request(ImageDocument, { id: "img_1" })),
      await rejection(client.request(ImageDocument, { id: "img_1" })),
      await rejection(networkClient.request(ApiCredentialWorkspaceDocument)),
    ];
    expect(errors.map((error) => (error as Error).name)).toEqual([
      "StudioAuthenticationError",
      "StudioServerError",
      "StudioServerError",
      "StudioNetworkError",
    ]);
    expect(logs.length).toBeGreaterThan(0);

    const emitted = [...errors.flatMap(renderings), ...logs.map((line) => JSON.stringify(line))].join("\n");
    expect(emitted).not.toContain(KEY);
    expect(emitted).not.toContain(SIGNATURE);
    // Redacted, not dropped: the rest of the URL still says which file it was.
    expect(emitted).toContain("https://files.example.com/img.png?X-Amz-Expires=900&X-Amz-Signature=[REDACTED]");
  });
});

describe("createRedactor", () => {
  it("redacts a signed form's policy and signature fields, and nested signed URLs, keeping the rest", () => {
    const redact = createRedactor([KEY]);
    const fields = { key: "uploads/a.png", policy: "eyJleHBpcmF0aW9uIjo", "x-amz-signature": SIGNATURE };
    expect(redact({ uploadForm: { url: SIGNED_URL, fields }, note: `key ${KEY}` })).toEqual({
      uploadForm: {
        url: "https://files.example.com/img.png?X-Amz-Expires=900&X-Amz-Signature=[REDACTED]",
        fields: { key: "uploads/a.png", policy: "[REDACTED]", "x-amz-signature": "[REDACTED]" },
      },
      note: "key [REDACTED]",
    });
  });
});
