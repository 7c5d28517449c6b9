import { type CreditsBalance, createStudioClient, getCredits } from "@studio-kit/core";
import {
  AvailableGenerationModelsDocument,
  type AvailableGenerationModelsQuery,
  StudioPresetsPageDocument,
  type StudioPresetsPageQuery,
} from "@studio-kit/operations";
import { createSandbox } from "@studio-kit/sandbox";
import { sandboxHandlers } from "@studio-kit/sandbox/msw";
import { setupServer } from "msw/node";

const BASE_URL = "https://api.studio-kit.test";

/** What the checks need from the platform, read from a fresh sandbox through the real client. */
export interface StudioData {
  /** The model catalog (`@studio-kit/commands`' `Catalog`). */
  catalog: NonNullable<AvailableGenerationModelsQuery["availableGenerationModels"]>;
  /** The presets (`@studio-kit/commands`' `Preset`). */
  presets: NonNullable<NonNullable<StudioPresetsPageQuery["studioPresetsPage"]>["items"]>;
  credits: CreditsBalance;
}

/**
 * Fetches the sandbox's model catalog, presets and credits through @studio-kit/core and msw, so the checks are
 * tested against the documented catalog rather than a hand-written copy. Shared by the grammar's tests
 * (`@studio-kit/commands`) and the bot's, which read the same catalog.
 */
export async function loadStudioData(): Promise<StudioData> {
  const sandbox = createSandbox();
  const server = setupServer(...sandboxHandlers(sandbox, BASE_URL));
  server.listen({ onUnhandledRequest: "error" });
  try {
    const client = createStudioClient({ apiKey: sandbox.keys.readWrite, baseUrl: BASE_URL, retry: false });
    const { availableGenerationModels } = await client.request(AvailableGenerationModelsDocument);
    const { studioPresetsPage } = await client.request(StudioPresetsPageDocument, { limit: 100 });
    const credits = await getCredits(client);
    if (!availableGenerationModels) throw new Error("the sandbox returned no catalog");
    return { catalog: availableGenerationModels, presets: studioPresetsPage?.items ?? [], credits };
  } finally {
    server.close();
    await sandbox.close();
  }
}
