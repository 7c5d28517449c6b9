import {
  brandedPrompt,
  brandProblemText,
  fetchBrand,
  type ImageCommand,
  type VideoCommand,
} from "@studio-kit/commands";
import type { StudioClient } from "@studio-kit/core";
import { usageError } from "../errors.js";

/**
 * `--brand`: the command with the brand's summary after its prompt, as the bot sends it, and the summary. A
 * workspace whose brand is missing, not set up or empty is a usage error (exit 2) before anything is spent: only
 * the brand was read, and a generation without the brand asked for is not what was asked.
 */
export async function withBrand<C extends ImageCommand | VideoCommand>(
  client: StudioClient,
  command: C,
): Promise<{ command: C; summary: string }> {
  const reading = await fetchBrand(client);
  if (!reading.ok) throw usageError(brandProblemText(reading, { invocation: "studio" }));
  return { command: { ...command, prompt: brandedPrompt(command.prompt, reading.summary) }, summary: reading.summary };
}
