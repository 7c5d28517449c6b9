import { http, passthrough } from "msw";
import type { Sandbox } from "./sandbox.js";

/** The base URL tests point clients at when the sandbox is mounted through msw. */
export const SANDBOX_MSW_BASE_URL = "https://sandbox.studio-kit.test";

/**
 * msw request handlers that answer every request under `baseUrl` from the
 * sandbox, in-process with no port: mount them with `setupServer(...handlers)`.
 *
 * @example
 * ```ts
 * const sandbox = createSandbox();
 * const server = setupServer(...sandboxHandlers(sandbox));
 * server.listen({ onUnhandledRequest: "error" });
 * // @studio-kit/core: baseUrl SANDBOX_MSW_BASE_URL (the API root: the client adds /graphql);
 * // any other GraphQL client: `${SANDBOX_MSW_BASE_URL}/graphql`
 * ```
 */
export function sandboxHandlers(sandbox: Sandbox, baseUrl: string = SANDBOX_MSW_BASE_URL) {
  const origin = new URL(baseUrl).origin;
  return [
    http.all(`${origin}/*`, ({ request }) => {
      if (new URL(request.url).origin !== origin) return passthrough();
      return sandbox.handle(request);
    }),
  ];
}
