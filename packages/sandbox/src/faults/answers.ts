import { jsonError } from "../http/json.js";
import type { DisconnectFault, GraphQLErrorFault, StatusFault } from "./types.js";

// What a fault answers in place of the sandbox. The spec leaves the error
// envelope and HTTP statuses open (Errors, Gaps), so these copy what sits in
// front of most GraphQL services: a gateway's HTML page for 5xx (nginx's
// wording), and a JSON GraphQL error with `Retry-After` for 429.

const REASONS: Record<number, string> = {
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Temporarily Unavailable",
};

/** The gateway's page for a 5xx: what a client gets when no GraphQL server answered. */
export function gatewayPage(status: number): string {
  const title = `${status} ${REASONS[status] ?? "Error"}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/** The answer of a `status` fault to a GraphQL request (`upload` false) or an upload. */
export function statusAnswer(fault: StatusFault, upload: boolean): Response {
  const retryAfter = fault.retryAfter ?? (fault.status === 429 ? 1 : undefined);
  const headers: Record<string, string> = retryAfter === undefined ? {} : { "retry-after": String(retryAfter) };
  if (fault.status === 429) {
    const message = `Too many requests: wait ${retryAfter} s (Retry-After) before sending again.`;
    const response = upload
      ? jsonError(429, "SlowDown", message)
      : new Response(JSON.stringify({ errors: [{ message, extensions: { code: "RATE_LIMITED" } }] }), {
          status: 429,
          headers: { "content-type": "application/json" },
        });
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  }
  return new Response(gatewayPage(fault.status), {
    status: fault.status,
    headers: { "content-type": "text/html", ...headers },
  });
}

const MESSAGES: Record<string, string> = {
  INTERNAL_SERVER_ERROR: "Unexpected error: try again later.",
  RATE_LIMITED: "Too many requests: slow down, then send again.",
  UNAUTHENTICATED: "Invalid API key: check the key, or create a new one in the workspace settings.",
  FORBIDDEN: "This API key cannot do that.",
};

/** The answer of a `graphql-error` fault: HTTP 200 with no data and one error. */
export function graphqlErrorAnswer(fault: GraphQLErrorFault): Response {
  const message = fault.message ?? MESSAGES[fault.code] ?? `The request failed with ${fault.code}.`;
  return new Response(JSON.stringify({ data: null, errors: [{ message, extensions: { code: fault.code } }] }), {
    status: 200,
    headers: { "content-type": "application/json" },
  });
}

/**
 * A closed connection: `Response.error()`, a network error. msw hands it to the
 * client as one (fetch rejects); the HTTP server destroys the socket on seeing it.
 */
export function closedConnection(): Response {
  return Response.error();
}

/** The faults that answer in place of the sandbox (a latency fault only holds the request). */
export type AnsweringFault = StatusFault | DisconnectFault | GraphQLErrorFault;

/** What an answering fault sends: for an upload endpoint (`upload`), the connection is closed after it. */
export function faultAnswer(fault: AnsweringFault, upload: boolean): Response {
  if (fault.kind === "disconnect") return closedConnection();
  const response = fault.kind === "status" ? statusAnswer(fault, upload) : graphqlErrorAnswer(fault);
  // As the storage's own refusals: the client may still be sending a body nobody will read.
  if (upload) response.headers.set("connection", "close");
  return response;
}

export function isAnswering(fault: { kind: string }): fault is AnsweringFault {
  return fault.kind === "status" || fault.kind === "disconnect" || fault.kind === "graphql-error";
}
