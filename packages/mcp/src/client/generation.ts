import {
  type Catalog,
  checkOptions,
  creditsDecision,
  estimateCost,
  imageVariables,
  musicVariables,
  type OptionProblem,
  type Preset,
  videoVariables,
  voiceVariables,
} from "@studio-kit/commands";
import { generateImages, getCredits, type StudioClient } from "@studio-kit/core";
import {
  AvailableGenerationModelsDocument,
  GenerateMusicTrackDocument,
  GenerateVideoDocument,
  GenerateVoiceoverDocument,
  StudioPresetsPageDocument,
} from "@studio-kit/operations";
import type { GenerationRequest, PreparedGeneration, RecordKind } from "../backend.js";
import { StudioToolRefusal } from "../errors.js";
import { withBrand } from "./brand.js";

/** What a key-backed generation keeps between its check and its send. */
export interface ClientGenerationState {
  catalog: Catalog;
}

/** The grammar's option problems in one message: each problem, the values that work, then where to read more. */
export function problemsText(problems: readonly OptionProblem[]): string {
  const lines = problems.map((problem) => {
    const valid = problem.valid.length
      ? ` ${problem.validIntro ?? "Valid:"} ${problem.valid.slice(0, 12).join(", ")}.`
      : "";
    return `${problem.message}${valid}`;
  });
  const helps = [...new Set(problems.flatMap((problem) => (problem.help ? [problem.help] : [])))];
  return `Some options cannot be used: ${lines.join(" ")} Nothing was generated and no credits were spent. ${helps.join(" ")}`.trimEnd();
}

/**
 * Checks a generation as the bot and the CLI do, sending only reads: the brand when asked (applied to the
 * prompt), the options against the catalog and presets (`checkOptions`, refused `invalid_input` with the
 * grammar's messages), and prices it (`estimateCost`) against the credits. Whether to ask first is the tools' call.
 */
export async function prepareClientGeneration(
  client: StudioClient,
  asked: GenerationRequest,
  { invocation, signal }: { invocation: string; signal: AbortSignal },
): Promise<PreparedGeneration & { state: ClientGenerationState }> {
  const request =
    (asked.kind === "image" || asked.kind === "video") && asked.brand
      ? await withBrand(client, asked, invocation, signal)
      : asked;
  const [{ availableGenerationModels: catalog }, { studioPresetsPage }, balance] = await Promise.all([
    client.request(AvailableGenerationModelsDocument, undefined, { signal }),
    client.request(StudioPresetsPageDocument, { limit: 100 }, { signal }),
    getCredits(client, { signal }),
  ]);
  if (!catalog) {
    throw new StudioToolRefusal(
      "failed",
      "The API gave no model catalog, so the options cannot be checked. Try again.",
    );
  }
  const presets: Preset[] = studioPresetsPage?.items ?? [];
  const checked = checkOptions(request, catalog, presets, { invocation });
  if (!checked.ok) {
    throw new StudioToolRefusal("invalid_input", problemsText(checked.problems), { problems: checked.problems });
  }
  // The threshold is the tools' (confirmAboveCredits): here only the cost and what is available.
  const { cost, available, refillAt } = creditsDecision(
    estimateCost(request, catalog),
    balance,
    Number.POSITIVE_INFINITY,
  );
  const model = checked.model ? { id: checked.model.id, label: checked.model.label } : null;
  return { request, estimate: { cost, available, refillAt }, model, state: { catalog } };
}

const notQueued = (what: string) =>
  new StudioToolRefusal(
    "failed",
    `The API did not accept the ${what} (success: false, no id). Nothing is queued; nothing is sent again.`,
  );

/**
 * Sends the one generation mutation of a checked request, once: the core client never retries a generation
 * mutation (a retry after the server may have applied it would spend twice), and nor does this. The variables are
 * the ones every app sends (`@studio-kit/commands`).
 */
export async function sendClientGeneration(
  client: StudioClient,
  { request, model, state }: PreparedGeneration & { state: ClientGenerationState },
): Promise<{ recordKind: RecordKind; ids: string[] }> {
  // No abort signal from here: once sent, the mutation's answer (the job) is read even if the call is cancelled,
  // so the job is known rather than spent unseen.
  const workspaceId = await client.workspaceId();
  switch (request.kind) {
    case "image": {
      const images = await generateImages(client, imageVariables(request));
      return { recordKind: "image", ids: images.map((image) => image.id) };
    }
    case "video": {
      const { generateVideo } = await client.request(GenerateVideoDocument, {
        workspaceId,
        ...videoVariables(request),
      });
      const id = generateVideo?.video?.id;
      if (!generateVideo?.success || !id) throw notQueued("video");
      return { recordKind: "video", ids: [id] };
    }
    case "music": {
      // generateMusicTrack takes a provider, not a model: the checked music model's provider from the catalog.
      const provider = state.catalog.musicModels?.find((each) => each.id === model?.id)?.provider;
      if (!provider)
        throw new StudioToolRefusal("failed", "No music model is available right now. Nothing was generated.");
      const { generateMusicTrack } = await client.request(GenerateMusicTrackDocument, {
        workspaceId,
        ...musicVariables(request, provider),
      });
      if (!generateMusicTrack?.success || !generateMusicTrack.audioId) throw notQueued("music track");
      return { recordKind: "audio", ids: [generateMusicTrack.audioId] };
    }
    case "voice": {
      const { generateVoiceover } = await client.request(GenerateVoiceoverDocument, {
        workspaceId,
        ...voiceVariables(request),
      });
      if (!generateVoiceover?.success || !generateVoiceover.audioId) throw notQueued("voiceover");
      return { recordKind: "audio", ids: [generateVoiceover.audioId] };
    }
  }
}
