import type { RequestContext } from "../core.js";
import {
  type GenerateMusicTrackArgs,
  type GenerateVideoSfxArgs,
  type GenerateVoiceoverArgs,
  generateMusicTrack,
  generateVideoSfx,
  generateVoiceover,
} from "../generation/audio.js";
import {
  type AddSubtitlesArgs,
  addSubtitles,
  applyVideoColorAdjustments,
  type GenerateLipsyncArgs,
  type GenerateSpeakingCharacterArgs,
  generateLipsync,
  generateSpeakingCharacter,
  generateVideoFormatVariant,
} from "../generation/derived-video.js";
import { updateImage, updateVideo } from "../generation/edits.js";
import { type GenerateImageArgs, type GenerateVideoArgs, generateImage, generateVideo } from "../generation/visual.js";

// Resolvers of the generation area: image, video and audio generation, video
// edits, and updateImage/updateVideo (spec, Mutations: generation; Generation
// rules). Each returns at once with QUEUED records; the shared field resolvers
// (media.ts) derive status, progress and URLs from the virtual clock. The work
// lives in ../generation/, which tests can call without GraphQL.

type Resolver<A> = (_: unknown, args: A, ctx: RequestContext) => unknown;
const resolve =
  <A>(run: (ctx: RequestContext, args: A) => unknown): Resolver<A> =>
  (_, args, ctx) =>
    run(ctx, args);

export const generationResolvers = {
  Mutation: {
    generateImage: resolve<GenerateImageArgs>(generateImage),
    generateVideo: resolve<GenerateVideoArgs>(generateVideo),
    generateVideoFormatVariant: resolve(generateVideoFormatVariant),
    applyVideoColorAdjustments: resolve(applyVideoColorAdjustments),
    addSubtitles: resolve<AddSubtitlesArgs>(addSubtitles),
    generateLipsync: resolve<GenerateLipsyncArgs>(generateLipsync),
    generateSpeakingCharacter: resolve<GenerateSpeakingCharacterArgs>(generateSpeakingCharacter),
    generateMusicTrack: resolve<GenerateMusicTrackArgs>(generateMusicTrack),
    generateVoiceover: resolve<GenerateVoiceoverArgs>(generateVoiceover),
    generateVideoSfx: resolve<GenerateVideoSfxArgs>(generateVideoSfx),
    updateImage: resolve(updateImage),
    updateVideo: resolve(updateVideo),
  },
};
