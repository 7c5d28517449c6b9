import type { OperationInfo } from "../operation.js";
import type { StudioSpanAttributes } from "./types.js";

// One CLIENT span per attempt of a GraphQL operation, named and described by OpenTelemetry's semantic conventions:
// - the name is `{graphql.operation.type} {graphql.operation.name}` ("mutation GenerateImage"). The GraphQL
//   conventions (https://opentelemetry.io/docs/specs/semconv/graphql/graphql-spans/) are written for servers and
//   default to the type alone because a server's operation names come from its clients; here they come from this
//   repository's own documents, a fixed and small set, so the descriptive form they allow is the useful one.
// - HTTP client attributes (https://opentelemetry.io/docs/specs/semconv/http/http-spans/#http-client-span):
//   `http.request.method`, `server.address`, `server.port` and `url.full` at the start (samplers read them), then
//   `http.response.status_code`, and `error.type` on failure.
// - a span per attempt, each resend carrying `http.request.resend_count`: the conventions ask for a span for each
//   physical request and no logical span around them, so a retried query shows as sibling spans with the back-off
//   between them, under whatever span the caller had active.
// Never recorded: variables (they hold prompts and ids of the caller's choosing), the document's text, headers.
// `url.full` is the endpoint, built from the base URL's origin and path: no query, no user info.

/** The endpoint's parts, read once per client. */
export interface EndpointParts {
  full: string;
  address: string;
  port: number;
}

/** Reads the server attributes off the endpoint (the default port when the URL names none). */
export function endpointParts(endpoint: string): EndpointParts {
  const url = new URL(endpoint);
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  return { full: `${url.origin}${url.pathname}`, address: url.hostname, port };
}

/** The span's name: `query Image`, `mutation GenerateImage`. */
export function operationSpanName(operation: OperationInfo): string {
  return `${operation.kind} ${operation.name}`;
}

/** What is known before the attempt is sent. `resendCount` is 0 for the first attempt. */
export function operationAttributes(
  operation: OperationInfo,
  endpoint: EndpointParts,
  resendCount: number,
): StudioSpanAttributes {
  return {
    "graphql.operation.name": operation.name,
    "graphql.operation.type": operation.kind,
    // No convention names a GraphQL operation's root fields; they say what was asked without its arguments.
    "studio.graphql.root_fields": operation.rootFields,
    "http.request.method": "POST",
    "server.address": endpoint.address,
    "server.port": endpoint.port,
    "url.full": endpoint.full,
    "http.request.resend_count": resendCount > 0 ? resendCount : undefined,
  };
}
