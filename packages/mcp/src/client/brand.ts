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
import { StudioToolRefusal } from "../errors.js";

// A workspace without a brand answers `brand` with NOT_FOUND (the sandbox does, as the API's other lookups do):
// that is "no brand", said as such, not an error of the request.
const isNotFound = (error: unknown) => error instanceof StudioError && error.graphqlCode === "NOT_FOUND";

/**
 * Reads the workspace's brand and colours (two queries at once) into `@studio-kit/commands`' reading: what the
 * CLI's `--brand` and the `brand: true` of a generation tool both apply.
 */
export async function fetchBrand(client: StudioClient, options: { signal?: AbortSignal } = {}): Promise<BrandReading> {
  const workspaceId = await client.workspaceId(options);
  const orNull =
    <T>(fallback: T) =>
    (error: unknown) => {
      if (isNotFound(error)) return fallback;
      throw error;
    };
  const [brand, colors] = await Promise.all([
    client.request(BrandDocument, { workspaceId }, options).then((answer) => answer.brand, orNull(null)),
    client.request(BrandColorsDocument, { workspaceId }, options).then((a) => a.brandColors ?? [], orNull([])),
  ]);
  return readBrand(brand, colors);
}

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
