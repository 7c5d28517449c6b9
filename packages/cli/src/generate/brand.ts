import {
  type BrandReading,
  brandedPrompt,
  brandProblemText,
  type ImageCommand,
  readBrand,
  type VideoCommand,
} from "@studio-kit/commands";
import { type StudioClient, StudioError } from "@studio-kit/core";
import { BrandColorsDocument, BrandDocument } from "@studio-kit/operations";
import { usageError } from "../errors.js";

// A workspace without a brand answers `brand` with NOT_FOUND (the sandbox does, as the API's other lookups do):
// that is "no brand", said as such, not an error of the request.
const isNotFound = (error: unknown) => error instanceof StudioError && error.graphqlCode === "NOT_FOUND";

/** Reads the workspace's brand and colours (two queries at once) into `@studio-kit/commands`' reading. */
export async function fetchBrand(client: StudioClient): Promise<BrandReading> {
  const workspaceId = await client.workspaceId();
  const [brand, colors] = await Promise.all([
    client.request(BrandDocument, { workspaceId }).then(
      (answer) => answer.brand,
      (error: unknown) => {
        if (isNotFound(error)) return null;
        throw error;
      },
    ),
    client.request(BrandColorsDocument, { workspaceId }).then(
      (answer) => answer.brandColors ?? [],
      (error: unknown) => {
        if (isNotFound(error)) return [];
        throw error;
      },
    ),
  ]);
  return readBrand(brand, colors);
}

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
