import type { SandboxCore } from "../core.js";
import { answerGraphQL } from "../faults/graphql.js";
import { settleEdits } from "../generation/settle.js";
import { createGraphQLServer } from "../graphql/server.js";
import type { Call } from "../journal/journal.js";
import { sweepExpiredUploads } from "../storage/sweep.js";
import { handleAdmin } from "./admin.js";
import { handleFiles } from "./files.js";
import { type FetchHandler, internalError } from "./guard.js";
import { jsonError } from "./json.js";
import { handleStorage } from "./storage.js";

export type { FetchHandler } from "./guard.js";

/** One fetch-style handler behind all three faces (msw, HTTP server, CLI). */
export function createRouter(core: SandboxCore): FetchHandler {
  const graphql = createGraphQLServer(core);
  return async (request) => {
    const path = new URL(request.url).pathname;
    // Every request but the admin endpoints' goes in the journal, with its answer (status null: no answer).
    const call = path.startsWith("/__sandbox/") ? undefined : core.journal.begin(request);
    const response = await route(request, path, call);
    call?.finish(response.type === "error" ? null : response.status);
    return response;
  };

  async function route(request: Request, path: string, call: Call | undefined): Promise<Response> {
    try {
      // Time is virtual: what falls due as it moves (upload clean-up, finished edits) is applied here.
      sweepExpiredUploads(core);
      settleEdits(core);
      if (path === "/graphql" && call) {
        core.stats.countRequest();
        // The call reaches the resolvers through the server context: generation faults match and record with it.
        return await answerGraphQL(request, core, call, (forward) => graphql.fetch(forward, { core, call }));
      }
      if (path.startsWith("/__sandbox/")) return await handleAdmin(request, path, core);
      if (path.startsWith("/__storage/")) return await handleStorage(request, path, core, call);
      if (path.startsWith("/__files/")) return await handleFiles(request, path, core);
      return jsonError(
        404,
        "NOT_FOUND",
        `The sandbox serves /graphql, /__sandbox/*, /__storage/* and /__files/*, not ${path}.`,
      );
    } catch (error) {
      // Never a crash, never a stack trace: the answer says what failed, the log has the details.
      return internalError(request, error, core.report);
    }
  }
}
