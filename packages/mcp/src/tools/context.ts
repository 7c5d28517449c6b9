import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { ToolContext, ToolProgress } from "../backend.js";

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * The backend's context for one tool call: the request's abort signal (cancelled by the client or a closed
 * connection) and progress sent as `notifications/progress` with the client's token, only when it sent one
 * (https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress). Progress only grows, as the
 * spec asks; a failed notification is dropped, since progress is a courtesy, not the result.
 */
export function toolContext(tool: string, extra: Extra): ToolContext {
  const token = extra._meta?.progressToken;
  let last = -1;
  return {
    signal: extra.signal,
    tool,
    async progress(update: ToolProgress) {
      if (token === undefined || extra.signal.aborted || update.progress <= last) return;
      last = update.progress;
      await extra
        .sendNotification({
          method: "notifications/progress",
          params: {
            progressToken: token,
            progress: update.progress,
            ...(update.total !== undefined ? { total: update.total } : {}),
            ...(update.message !== undefined ? { message: update.message } : {}),
          },
        })
        .catch(() => undefined);
    },
  };
}
