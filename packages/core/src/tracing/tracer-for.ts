import type { StudioClient } from "../client.js";
import { createStudioTracer } from "./tracer.js";
import type { StudioTracer } from "./types.js";

/**
 * The tracer a package built on a client creates its spans with, under its own instrumentation scope: the
 * client's (`createStudioClient({ tracerProvider })`), or, for a client that does not carry one (a wrapper, a
 * fake), the global provider's when `@opentelemetry/api` is installed. Without the API it does nothing.
 *
 * @example
 * ```ts
 * const tracer = tracerFor(client, "my-app/uploader");
 * await tracer.span("import photos", {}, async (span) => {
 *   span.setAttribute("photos.count", paths.length);
 *   await uploadFiles(client, paths.map((path) => ({ path })));
 * });
 * ```
 */
export function tracerFor(client: Pick<StudioClient, "tracer">, scope: string): StudioTracer {
  return client.tracer?.(scope) ?? createStudioTracer(undefined, scope);
}
