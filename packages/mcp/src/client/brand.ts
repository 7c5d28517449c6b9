import {
  brandedPrompt,
  brandProblemText,
  fetchBrand,
  type ImageCommand,
  type VideoCommand,
} from "@studio-kit/commands";
import type { StudioClient } from "@studio-kit/core";
import { StudioToolRefusal } from "../errors.js";

/**
 * `brand: true`: the command with the brand's summary after its prompt, as the bot and the CLI send it. A workspace
 * whose brand is missing or empty is refused (`invalid_input`) before anything is spent.
 */
export async function withBrand<C extends ImageCommand | VideoCommand>(
  client: StudioClient,
  command: C,
  invocation: string,
  signal: AbortSignal,
): Promise<C> {
  const reading = await fetchBrand(client, { signal });
  if (!reading.ok) throw new StudioToolRefusal("invalid_input", brandProblemText(reading, { invocation }));
  return { ...command, prompt: brandedPrompt(command.prompt, reading.summary) };
}
