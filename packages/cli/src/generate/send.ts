import { sendGeneration as sendMutation } from "@studio-kit/commands";
import type { StudioClient } from "@studio-kit/core";
import { CliError } from "../errors.js";
import type { RecordKind } from "../records.js";
import type { Cleared, CliGeneration } from "./prepare.js";

/** What a generation mutation returned: the QUEUED records' ids and how to poll them. */
export interface Queued {
  kind: RecordKind;
  ids: string[];
}

/**
 * Sends the one generation mutation of a checked command (`@studio-kit/commands`' `sendGeneration`: sent once, never
 * retried, with the variables every app sends, `--ref`, `--from` and `--end` among them), in the CLI's words when
 * the API does not accept it.
 */
export async function sendGeneration(client: StudioClient, { command, catalog, model }: Cleared): Promise<Queued> {
  // generateMusicTrack takes a provider, not a model: the checked music model's provider from the catalog.
  const musicProvider =
    command.kind === "music" ? catalog.musicModels?.find((each) => each.id === model?.id)?.provider : undefined;
  if (command.kind === "music" && !musicProvider) {
    throw new CliError("failed", "No music model is available right now. Nothing was generated.");
  }
  const sent = await sendMutation(client, command, { musicProvider });
  if (!sent.queued) {
    throw new CliError(
      "failed",
      `The API did not accept the ${sent.what} (success: false, no id). Nothing is queued; try again.`,
    );
  }
  return { kind: sent.kind, ids: sent.ids };
}

/** What a command asks for, in words, for the progress line: "2 images", "a video", "a music track", "a voiceover". */
export function whatIsAsked(command: CliGeneration): string {
  if (command.kind === "image") return (command.count ?? 1) === 1 ? "an image" : `${command.count} images`;
  return { video: "a video", music: "a music track", voice: "a voiceover" }[command.kind];
}
