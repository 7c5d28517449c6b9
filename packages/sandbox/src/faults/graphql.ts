import type { SandboxCore } from "../core.js";
import { gateGraphQL } from "../graphql/gate.js";
import { describeGraphQL } from "../journal/describe.js";
import type { Call } from "../journal/journal.js";
import { faultAnswer, isAnswering } from "./answers.js";

// The path of a GraphQL request through the faults: read what it asks, let the
// first matching request fault act (hold it, answer in its place, or close the
// connection), before or after the sandbox executes it, and tell the journal
// whether a mutation was applied.

/** Sends a request on to the GraphQL server. */
export type Execute = (request: Request) => Response | Promise<Response>;

/** Whether a mutation's answer shows it was executed: some root field answered with a value. */
async function applied(response: Response): Promise<boolean> {
  try {
    const { data } = (await response.clone().json()) as { data?: Record<string, unknown> | null };
    return Boolean(data && Object.values(data).some((value) => value !== null && value !== undefined));
  } catch {
    return false;
  }
}

/** Answers a request to /graphql, with the faults that match it. */
export async function answerGraphQL(request: Request, core: SandboxCore, call: Call, execute: Execute) {
  const bodyless = request.method === "GET" || request.method === "HEAD";
  // Bounded, and checked for size, type and depth before anything parses it (graphql/gate.ts).
  const gate = await gateGraphQL(request);
  if (!gate.ok) return gate.response;
  const { body } = gate;
  const graphql = describeGraphQL(request.method, new URL(request.url), body);
  call.describe(graphql);
  const mutation = graphql.operationType === "mutation";
  if (mutation) call.setApplied(false);

  const fault = core.faults.fire("request", { operation: graphql.operation, rootFields: graphql.rootFields });
  if (fault) call.fired(fault);
  const answering = fault && isAnswering(fault) ? fault : undefined;
  if (fault?.kind === "latency") await core.holds.hold(fault);
  if (answering && !answering.afterApplying) return faultAnswer(answering, false);

  // The body was read to match the request; the server gets the same bytes.
  const init = { method: request.method, headers: request.headers, signal: request.signal };
  const response = await execute(new Request(request.url, bodyless ? init : { ...init, body }));
  if (mutation) call.setApplied(await applied(response));
  if (answering?.afterApplying) {
    await response.body?.cancel();
    return faultAnswer(answering, false);
  }
  return response;
}
