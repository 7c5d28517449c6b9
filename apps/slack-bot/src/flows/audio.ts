import type { MusicCommand, VoiceCommand } from "@studio-kit/commands";
import type { Surface } from "../delivery/surface.js";
import type { BotDeps } from "../deps.js";
import { runJob } from "../jobs/run.js";
import { clearForGeneration, type PrecheckOptions } from "./precheck.js";

/**
 * `/studio music` and `/studio voice` (and their mentions): checks the options and the credits before anything is
 * spent, then runs the job (jobs/run.ts): `generateMusicTrack` with the checked music model's provider, or
 * `generateVoiceover`; the audio with its Add to board button; the file. Resolves true when a generation was sent.
 */
export async function runAudio(
  deps: BotDeps,
  surface: Surface,
  command: MusicCommand | VoiceCommand,
  checks: PrecheckOptions = {},
): Promise<boolean> {
  const cleared = await clearForGeneration(deps, surface, command, checks);
  if (!cleared) return false;
  const defaultBoard = (await deps.store.channelDefaults.get(surface.channel)) ?? null;
  // generateMusicTrack takes a provider, not a model: the checked model's provider from the catalog.
  const provider =
    command.kind === "music"
      ? (cleared.catalog.musicModels?.find((model) => model.id === cleared.model?.id)?.provider ?? null)
      : null;
  return runJob(deps, surface, {
    request: { kind: "audio", command, provider, defaultBoard },
    outputs: 1,
    credits: cleared.cost,
    ...(checks.origin ? { origin: checks.origin } : {}),
  });
}
