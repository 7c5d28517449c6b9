import type { SlackbotCallAnswer, SlackbotToolView } from "../../shared/slackbot.js";
import type { RouteContext } from "../context.js";
import { HttpError } from "../http/errors.js";
import { json, readJson, requireString } from "../http/responses.js";
import type { Router } from "../http/router.js";
import { simAction } from "../sim-errors.js";
import { personOf } from "../workspace.js";

// "Ask Slackbot": the bot's MCP tools called as Slackbot's MCP client calls them (slack-sim's `sim.slackbot`: every
// request signed with the stand-in's signing secret, the person in each tool call's `_meta.slack`), so the page
// shows what Slackbot would get. What Slackbot's language model would choose is not emulated: the person picks the
// tool and fills its form.

const person = (id: string) => {
  if (!personOf(id)) throw new HttpError(400, "unknown_user", "Pick a person of the workspace (GET /api/workspace).");
  return id;
};

/** GET /api/slackbot/tools and POST /api/slackbot/call. */
export function register(router: Router, context: RouteContext) {
  const { sim } = context;

  router.add("GET", "/api/slackbot/tools", async (request) => {
    const user = person(new URL(request.url).searchParams.get("user") ?? "");
    const tools = await simAction(() => sim.slackbot.listTools({ user })).catch((error: unknown) => {
      // 404 from the bot (STUDIO_MCP=off), or no HTTP receiver to reach (PLAYGROUND_SOCKET_MODE).
      throw error instanceof HttpError && (error.code === "app_unreachable" || error.code === "invalid_options")
        ? new HttpError(
            503,
            "mcp_off",
            "The bot serves no MCP endpoint here: start the playground over HTTP (not PLAYGROUND_SOCKET_MODE) with STUDIO_MCP on.",
          )
        : error;
    });
    const views: SlackbotToolView[] = tools.map((tool) => ({
      name: tool.name,
      title: tool.title ?? tool.annotations?.title ?? tool.name,
      description: tool.description ?? "",
      inputSchema: tool.inputSchema as SlackbotToolView["inputSchema"],
      readOnly: tool.annotations?.readOnlyHint === true,
    }));
    return json({ tools: views });
  });

  router.add("POST", "/api/slackbot/call", async (request) => {
    const body = await readJson(request);
    const user = person(requireString(body, "user"));
    const tool = requireString(body, "tool");
    const given = body.arguments ?? {};
    if (typeof given !== "object" || given === null || Array.isArray(given)) {
      throw new HttpError(400, "invalid_request", '"arguments" must be an object of argument name to value.');
    }
    const progress: { progress: number; total?: number; message?: string }[] = [];
    const outcome = await simAction(() =>
      sim.slackbot.callTool({
        user,
        name: tool,
        arguments: given as Record<string, unknown>,
        onProgress: (update) => void progress.push(update),
        signal: request.signal,
      }),
    );
    if (!outcome.ok)
      return json({ ok: false, status: outcome.status, error: outcome.error } satisfies SlackbotCallAnswer);
    const text = outcome.result.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("\n");
    const answer: SlackbotCallAnswer = {
      ok: true,
      isError: outcome.result.isError === true,
      text,
      ...(outcome.result.structuredContent ? { structured: outcome.result.structuredContent } : {}),
      progress,
    };
    return json(answer);
  });
}
