import { expectTypeOf, test } from "vitest";
import {
  generationCommand,
  type ImageCommand,
  type MusicCommand,
  type VideoCommand,
  type VoiceCommand,
} from "../src/index.js";

test("generationCommand returns the command type of its kind", () => {
  expectTypeOf(generationCommand("image", "p", {})).toEqualTypeOf<ImageCommand>();
  expectTypeOf(generationCommand("video", "p", {})).toEqualTypeOf<VideoCommand>();
  expectTypeOf(generationCommand("music", "p", {})).toEqualTypeOf<MusicCommand>();
  expectTypeOf(generationCommand("voice", "p", {})).toEqualTypeOf<VoiceCommand>();
});
