import type { Printer } from "./printer.js";

const operationOf = (body: unknown): string => {
  if (typeof body !== "string") return "";
  try {
    const parsed = JSON.parse(body) as { operationName?: unknown };
    return typeof parsed.operationName === "string" ? ` ${parsed.operationName}` : "";
  } catch {
    return "";
  }
};

/**
 * A fetch that writes each request and its answer to the `--verbose` trace: method, URL (the printer redacts signed
 * URLs' signatures and the key), the GraphQL operation's name, status and time. Headers are never traced, so the
 * `Authorization` header cannot reach the terminal.
 */
export function tracedFetch(
  inner: typeof fetch,
  printer: Printer,
  now: () => number = performance.now.bind(performance),
) {
  return (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const started = now();
    printer.trace(`→ ${method} ${url}${operationOf(init?.body)}`);
    try {
      const response = await inner(input, init);
      printer.trace(`← ${response.status} ${method} ${url} in ${Math.round(now() - started)} ms`);
      return response;
    } catch (error) {
      printer.trace(`✗ ${method} ${url}: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }) as typeof fetch;
}
