import { Lexer, Source, TokenKind } from "graphql";
import { describeBytes, readBodyText } from "../http/body.js";
import { MAX_DOCUMENT_DEPTH, MAX_DOCUMENT_TOKENS, MAX_GRAPHQL_BODY_BYTES, MAX_JSON_DEPTH } from "../http/limits.js";

// What a /graphql request must be before anything parses, validates or executes it (issue 27): a content type the
// spec's transport uses (else 415, naming the accepted ones), a body no longer than the limit (else 413, read no
// further), JSON nested no deeper than the limit, and a document nested no deeper than the limit (else 400). Every
// refusal is the GraphQL error envelope, `{"errors": [{"message", "extensions": {"code"}}]}`.
//
// graphql-js bounds a document's size (`maxTokens`, set on yoga's parser in server.ts) but not its nesting: its
// parser and validation recurse once per level, so a document nested a few thousand levels deep overflows the stack
// before any validation rule could see it. The nesting is therefore counted here on graphql-js's own Lexer, token by
// token without recursion, before the parser runs. JSON.parse copes with deep input, but what walks the variables
// afterwards (coercion, the journal's redaction) recurses, so JSON is measured here too, character by character.

/** The spec's transport is JSON (spec, Transport rules); yoga's JSON parser also reads application/graphql+json. */
export const GRAPHQL_CONTENT_TYPES = ["application/json", "application/graphql+json"] as const;

/** A request allowed through, with its body text (empty for GET), or the refusal to answer instead. */
export type Gate = { ok: true; body: string } | { ok: false; response: Response };

/** A refusal of a /graphql request in the GraphQL error envelope. */
export function graphqlRefusal(
  status: number,
  code: string,
  message: string,
  extensions: Record<string, unknown> = {},
): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code, ...extensions } }] }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** Checks a /graphql request and reads its body, bounded; see the comment at the top of this file. */
export async function gateGraphQL(request: Request): Promise<Gate> {
  const url = new URL(request.url);
  if (request.method === "GET" || request.method === "HEAD") {
    const problem =
      parameterProblem(url.searchParams.get("variables"), "variables") ??
      parameterProblem(url.searchParams.get("extensions"), "extensions") ??
      documentProblem(url.searchParams.get("query"));
    return problem ? refuse(problem) : { ok: true, body: "" };
  }
  if (request.method !== "POST") {
    const response = graphqlRefusal(
      405,
      "METHOD_NOT_ALLOWED",
      `/graphql takes POST (or GET for a query), not ${request.method}.`,
    );
    response.headers.set("allow", "GET, POST");
    return { ok: false, response };
  }
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!(GRAPHQL_CONTENT_TYPES as readonly string[]).includes(type)) {
    const got = type === "" ? "none" : type;
    const response = graphqlRefusal(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      `POST /graphql takes a JSON body with Content-Type: application/json (spec, Transport rules); got ${got}.`,
      { acceptedContentTypes: [...GRAPHQL_CONTENT_TYPES] },
    );
    response.headers.set("accept-post", GRAPHQL_CONTENT_TYPES.join(", "));
    return { ok: false, response };
  }
  const body = await readBodyText(request, MAX_GRAPHQL_BODY_BYTES);
  if (!body.ok && body.problem === "too-large") {
    const response = graphqlRefusal(
      413,
      "REQUEST_ENTITY_TOO_LARGE",
      `The request body is over ${describeBytes(body.limit)}, the most the sandbox reads: send a smaller document ` +
        "or fewer variables.",
    );
    return { ok: false, response };
  }
  if (!body.ok) return refuse(`The request body broke off before its end: ${body.message}`);
  const problem = jsonProblem(body.text, "the request body") ?? documentProblem(queryOf(body.text));
  return problem ? refuse(problem) : { ok: true, body: body.text };
}

function refuse(message: string): Gate {
  return { ok: false, response: graphqlRefusal(400, "BAD_REQUEST", message) };
}

function queryOf(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { query?: unknown } | null;
    return typeof parsed?.query === "string" ? parsed.query : null;
  } catch {
    return null; // Not JSON: yoga answers that with its own 400.
  }
}

/** Why a GET's JSON parameter cannot be used, or null (yoga would fail on unparseable JSON with a 500). */
function parameterProblem(value: string | null, name: string): string | null {
  if (value === null) return null;
  const deep = jsonProblem(value, `the ${name} parameter`);
  if (deep) return deep;
  try {
    JSON.parse(value);
    return null;
  } catch {
    return `The ${name} parameter is not JSON: send it as a JSON object, URL-encoded.`;
  }
}

/** Why `text` (JSON) nests too deep, or null. Strings are skipped, so brackets inside them do not count. */
export function jsonProblem(text: string | null, what: string): string | null {
  if (text === null) return null;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) {
        return `JSON in ${what} nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays, the most the sandbox accepts.`;
      }
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    }
  }
  return null;
}

const OPENERS = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSERS = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/** Why the document nests too deep, or null (a syntax error, or too many tokens, is left to graphql-js to report). */
export function documentProblem(query: string | null): string | null {
  if (query === null) return null;
  const lexer = new Lexer(new Source(query));
  let depth = 0;
  try {
    for (let token = lexer.advance(), count = 1; token.kind !== TokenKind.EOF; token = lexer.advance(), count += 1) {
      if (count > MAX_DOCUMENT_TOKENS) return null;
      if (OPENERS.has(token.kind)) {
        depth += 1;
        if (depth > MAX_DOCUMENT_DEPTH) {
          return (
            `The GraphQL document nests deeper than ${MAX_DOCUMENT_DEPTH} levels (selection sets, fragments, lists, ` +
            `objects and arguments, at line ${token.line}), the most the sandbox accepts.`
          );
        }
      } else if (CLOSERS.has(token.kind)) {
        depth -= 1;
      }
    }
  } catch {
    return null;
  }
  return null;
}
