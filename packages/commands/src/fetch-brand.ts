// `--brand`'s read: the workspace's brand and colours, two queries at once, into `readBrand`'s reading. One function
// for every app (the CLI's `--brand`, the MCP tools' `brand: true`, the bot's cached read), so they read the same
// answers the same way; the reading itself stays pure in brand.ts.

import { type StudioClient, StudioNotFoundError } from "@studio-kit/core";
import { BrandColorsDocument, BrandDocument } from "@studio-kit/operations";
import { type BrandReading, readBrand } from "./brand.js";

/** A workspace without a brand answers `brand` with NOT_FOUND, as the API's other lookups do: no brand, not a failure. */
function noneIfNotFound<T>(none: T) {
  return (error: unknown): T => {
    if (error instanceof StudioNotFoundError) return none;
    throw error;
  };
}

/**
 * Reads the workspace's brand and its colours into the reading `--brand` applies (`brandedPrompt`) or refuses
 * (`brandProblemText`). Any other error of either request is thrown as the client threw it.
 *
 * @example
 * const reading = await fetchBrand(client);
 * if (reading.ok) prompt = brandedPrompt(prompt, reading.summary);
 */
export async function fetchBrand(client: StudioClient, options: { signal?: AbortSignal } = {}): Promise<BrandReading> {
  const workspaceId = await client.workspaceId(options);
  const [brand, colors] = await Promise.all([
    client.request(BrandDocument, { workspaceId }, options).then((answer) => answer.brand, noneIfNotFound(null)),
    client
      .request(BrandColorsDocument, { workspaceId }, options)
      .then((answer) => answer.brandColors ?? [], noneIfNotFound([])),
  ]);
  return readBrand(brand, colors);
}
