// The command grammar and option checks that every app of the creative platform shares: the Slack bot reads
// `/studio ...` texts with them and the `studio` CLI its arguments, so a flag has one name, one meaning and one
// error text in both. Texts that tell the user what to type take the caller's invocation.

export type { BrandColorFacts, BrandFacts, BrandProblem, BrandProfile, BrandReading, BrandSwatch } from "./brand.js";
export { brandedPrompt, brandProblemText, MAX_BRAND_SUMMARY, readBrand, swatchWords } from "./brand.js";
export type { Catalog, CatalogModel, Preset } from "./catalog.js";
export { modelsFor, pickModel, pickSpeakingModel, pickVideoModel } from "./catalog.js";
export type { CheckResult, OptionProblem } from "./check.js";
export { checkOptions, MAX_COUNT, MUSIC_SECONDS } from "./check.js";
export { withoutControls } from "./control-characters.js";
export type { CreditsDecision, CreditsVerdict } from "./cost.js";
export { creditsDecision, estimateCost } from "./cost.js";
export { DEFAULT_RATIOS } from "./defaults.js";
export { fetchBrand } from "./fetch-brand.js";
export { echo, readNumber } from "./flags.js";
export type { FlagValues, GenerationCommands } from "./generation.js";
export { generationCommand } from "./generation.js";
export type { FlagKind, FlagSpec } from "./grammar.js";
export { DESCRIPTIONS, description, FLAGS, usage } from "./grammar.js";
export { emptyPromptError, MAX_HISTORY, parseCommand } from "./parse.js";
export type { RatioCheck } from "./ratio.js";
export { checkRatio, RATIO_BOUNDS, ratioRuleText, SUGGESTED_RATIO_VALUES, SUGGESTED_RATIOS } from "./ratio.js";
export { type QueuedRecordKind, type SentGeneration, sendGeneration } from "./send-generation.js";
export type { Token } from "./tokenize.js";
export { tokenize } from "./tokenize.js";
export type {
  AvatarCommand,
  Command,
  CommandWord,
  GenerationCommand,
  GenerationKind,
  GenerationWord,
  ImageCommand,
  InfoCommand,
  InvocationOptions,
  LipsyncCommand,
  MusicCommand,
  ParseError,
  ParseErrorCode,
  ParseResult,
  SpeakingKind,
  VideoCommand,
  VoiceCommand,
} from "./types.js";
export { COMMAND_WORDS, GENERATION_WORDS, isGeneration } from "./types.js";
export {
  imageVariables,
  musicVariables,
  spokenVoiceVariables,
  videoVariables,
  voiceVariables,
} from "./variables.js";
