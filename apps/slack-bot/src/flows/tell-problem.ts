import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { problemMessage } from "../messages/problems.js";

/**
 * Logs a failure and tells the asker what happened (ephemeral `problemMessage`); a failure to tell them is logged
 * too, never thrown. The one ending of every flow that could not do what was asked.
 */
export async function tellProblem(
  deps: BotDeps,
  surface: Pick<Surface, "user" | "ephemeral">,
  error: unknown,
  what: string,
  fields: Record<string, unknown> = {},
  options: { nothingSpent?: boolean } = {},
): Promise<void> {
  deps.logger.error({ err: error, user: surface.user, ...fields }, what);
  await surface.ephemeral(problemMessage(error, options)).catch((reason: unknown) => {
    deps.logger.error({ err: reason, user: surface.user }, "could not tell the user about a failure");
  });
}
