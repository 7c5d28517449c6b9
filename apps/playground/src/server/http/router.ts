import { HttpError } from "./errors.js";
import { apiError } from "./responses.js";

/** A route's handler: the request and the `:name` segments of its path, decoded. */
export type RouteHandler = (request: Request, params: Record<string, string>) => Response | Promise<Response>;

interface Route {
  method: string;
  segments: string[];
  handler: RouteHandler;
}

/** A small method + path router; paths like `/api/boards/:conversationId/cards`. */
export interface Router {
  add(method: string, path: string, handler: RouteHandler): Router;
  /** The answer of the matching route; 405 when the path matches with another method; `fallback` otherwise. */
  handle(request: Request, fallback: (request: Request) => Response | Promise<Response>): Promise<Response>;
}

function match(route: Route, parts: string[]): Record<string, string> | undefined {
  if (route.segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of route.segments.entries()) {
    const part = parts[index] ?? "";
    if (segment.startsWith(":")) {
      if (!part) return undefined;
      params[segment.slice(1)] = part;
    } else if (segment !== part) return undefined;
  }
  return params;
}

/**
 * Creates a router. Handlers throw {@link HttpError} for refusals; the router answers them with the contract's
 * error body, so a handler never builds an error response by hand.
 */
export function createRouter(): Router {
  const routes: Route[] = [];
  return {
    add(method, path, handler) {
      routes.push({ method, segments: path.split("/").slice(1), handler });
      return this;
    },
    async handle(request, fallback) {
      const { pathname } = new URL(request.url);
      let parts: string[];
      try {
        parts = pathname.split("/").slice(1).map(decodeURIComponent);
      } catch {
        return apiError(400, "bad_path", "The path is not valid URL encoding.");
      }
      const matching = routes.flatMap((route) => {
        const params = match(route, parts);
        return params ? [{ route, params }] : [];
      });
      // HEAD is a GET without the body (the adapter drops it).
      const method = request.method === "HEAD" ? "GET" : request.method;
      const found = matching.find((entry) => entry.route.method === method);
      if (!found) {
        if (matching.length === 0) return fallback(request);
        const allow = [...new Set(matching.map((entry) => entry.route.method))].join(", ");
        return apiError(405, "method_not_allowed", `Use ${allow} for this path.`, { allow });
      }
      try {
        return await found.route.handler(request, found.params);
      } catch (error) {
        if (error instanceof HttpError) return apiError(error.status, error.code, error.publicMessage);
        throw error;
      }
    },
  };
}
