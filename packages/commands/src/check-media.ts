import { type Catalog, type CatalogModel, pickSpeakingModel, pickVideoModel } from "./catalog.js";
import { checkModel, modelsHelp, type OptionProblem } from "./check-problems.js";
import { echo } from "./flags.js";
import type { AvatarCommand, GenerationKind, LipsyncCommand } from "./types.js";

// The checks issue 20 added: reference images against the model's limit, the model a video with references
// gets, and the speaking commands (`avatar`, `lipsync`), whose models are their role's defaults.

/**
 * `--ref` against the chosen model's `maxReferenceImages` (the API refuses more: spec, Generation model entry).
 * The message names the limit; `valid` lists the models of the role that take that many. A model whose catalog
 * entry gives no limit is not judged here: the API decides.
 */
export function checkReferences(
  problems: OptionProblem[],
  references: readonly string[] | undefined,
  model: CatalogModel,
  candidates: readonly CatalogModel[],
  role: GenerationKind,
  invocation: string,
): void {
  const given = references?.length ?? 0;
  const max = model.maxReferenceImages;
  if (!given || max === null || max === undefined || given <= max) return;
  const takes = max === 0 ? "takes no reference images" : `takes at most ${max} reference image${max === 1 ? "" : "s"}`;
  problems.push({
    option: "--ref",
    message: `${model.id} ${takes} (got ${given}).`,
    valid: candidates.filter((other) => (other.maxReferenceImages ?? 0) >= given).map((other) => other.id),
    validIntro: `Models that take ${given}:`,
    help: modelsHelp(role, invocation),
  });
}

// With reference images the API picks among the video and reference-to-video models (catalog.ts, pickVideoModel).
export function checkVideoModel(
  problems: OptionProblem[],
  catalog: Catalog,
  id: string | undefined,
  invocation: string,
): CatalogModel | undefined {
  const model = pickVideoModel(catalog, id, true);
  if (model) return model;
  const models = [...(catalog.videoModels ?? []), ...(catalog.referenceToVideoModels ?? [])].map((each) => each.id);
  problems.push({
    option: "--model",
    message: models.length
      ? `There is no video model \`${echo(id ?? "")}\`.`
      : "No video models are available right now.",
    valid: models,
    help: modelsHelp("video", invocation),
  });
  return undefined;
}

const SPEAKING_ROLE = { avatar: "speaking avatar", lipsync: "lip-sync" } as const;

// `avatar` and `lipsync` use the catalog's default model of their role (they take no `--model`): it must exist.
function checkSpeakingModel(
  problems: OptionProblem[],
  catalog: Catalog,
  kind: AvatarCommand["kind"] | LipsyncCommand["kind"],
): CatalogModel | undefined {
  const model = pickSpeakingModel(catalog, kind);
  if (!model) {
    problems.push({ option: kind, message: `No ${SPEAKING_ROLE[kind]} models are available right now.`, valid: [] });
  }
  return model;
}

/** `avatar`: its voice (as `voice` checks `--voice`) and the speaking-avatar model. */
export function checkAvatar(problems: OptionProblem[], command: AvatarCommand, catalog: Catalog, invocation: string) {
  checkModel(problems, catalog, "voice", command.voice, invocation, "--voice");
  return checkSpeakingModel(problems, catalog, "avatar");
}

/** `lipsync`: the voiceover's options only with a script, and the lip-sync model. */
export function checkLipsync(problems: OptionProblem[], command: LipsyncCommand, catalog: Catalog, invocation: string) {
  if (command.audio !== undefined) {
    // With an audio clip nothing is read aloud, so the options of the voiceover would be silently ignored.
    for (const [option, value] of [
      ["--voice", command.voice],
      ["--language", command.language],
    ] as const) {
      if (value !== undefined) {
        problems.push({
          option,
          message: `\`${option}\` is for a script read aloud; with \`--audio\` nothing is read: drop one of the two.`,
          valid: [],
        });
      }
    }
  } else checkModel(problems, catalog, "voice", command.voice, invocation, "--voice");
  return checkSpeakingModel(problems, catalog, "lipsync");
}
