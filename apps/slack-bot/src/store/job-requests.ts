// What a job asks for, as stored: everything needed to send it, follow it and answer, even after a restart. The
// store owns these shapes (the layers above build and read them); values are kept as they were sent, so a later
// change of a table (a colour look's values, the upscale scale) never changes what an old job says it did.

import type {
  AvatarCommand,
  ImageCommand,
  LipsyncCommand,
  MusicCommand,
  VideoCommand,
  VoiceCommand,
} from "@studio-kit/commands";
import type { DefaultBoard } from "./channel-defaults.js";

/** What a result button does to an image, in the words the progress and notes use. */
export type ImageEditKind = "variations" | "upscale" | "removeBackground";

/** The two format variants a video result offers. */
export type VideoFormatRatio = "9:16" | "1:1";

/** A colour grade's seven adjustments (`applyVideoColorAdjustments`), each a whole number; 0 leaves it unchanged. */
export interface ColourAdjustments {
  exposure: number;
  contrast: number;
  saturation: number;
  temperature: number;
  tint: number;
  highlights: number;
  shadows: number;
}

/** One video tool, with what it needs to run again after a restart. */
export type VideoTool =
  /** `generateVideoSfx`: a sound track made for the video (an audio, shown as its own result). */
  | { name: "sound" }
  /** `addSubtitles` in one language. */
  | { name: "subtitles"; language: string }
  /** `updateVideo` on a copy of the video (decision 0008), at the scale sent (messages/video-tools.ts). */
  | { name: "upscale"; scale: string }
  /** `applyVideoColorAdjustments` with a named look's seven values, as sent (a later change of the table is not). */
  | { name: "colour"; look: string; adjustments: ColourAdjustments };

/**
 * The Workflow Builder step a job runs for (a custom step's `function_executed`: jobs/workflow-step.ts): the job
 * completes it, once, when it ends. Decision 0022.
 */
export interface WorkflowStepRef {
  /** The function's `callback_id` (`generate_image`). */
  callbackId: string;
  /** `function_execution_id`: what functions.completeSuccess / completeError name. */
  executionId: string;
  /**
   * The event's `bot_access_token`, which Bolt completes a step with: a secret, kept in the store only (like a
   * `response_url`), never logged, so that a restarted bot completes the step the same way.
   */
  token: string;
}

/** What a job asks the API for: everything needed to send it, follow it and answer, even after a restart. */
export type JobRequest =
  | {
      kind: "image";
      command: ImageCommand;
      /**
       * A change asked in a result's thread (issue 39): the prompt it changed (`of`) and what was asked (`said`);
       * `command` holds the changed prompt and `--from` the image it starts from. Absent for any other image job.
       */
      change?: { of: string; said: string };
      /** `--board`: finished results go onto it. */
      pushTo: DefaultBoard | null;
      /** The channel's default board when the job started: its results carry "Add to <title>". */
      defaultBoard: DefaultBoard | null;
      /**
       * `--brand`: the brand's summary as read when the job was stored (`readBrand`), sent after the prompt; kept so
       * that a resumed job sends the same words. Absent without `--brand`.
       */
      brand?: string;
      /** Set when a workflow's "Generate an image" step asked for it: the job completes that step when it ends. */
      workflowStep?: WorkflowStepRef;
    }
  | {
      kind: "video";
      command: VideoCommand;
      pushTo: DefaultBoard | null;
      defaultBoard: DefaultBoard | null;
      /** `--brand`: as for an image. */
      brand?: string;
    }
  | {
      kind: "audio";
      command: MusicCommand | VoiceCommand;
      /** `generateMusicTrack` takes a provider: the checked model's, chosen before the job was stored. */
      provider: string | null;
      defaultBoard: DefaultBoard | null;
    }
  | {
      kind: "image-edit";
      edit: ImageEditKind;
      /** The clicked image. Upscale and Remove background edit a copy of it, never the image itself. */
      source: { id: string; prompt: string; ratio: string };
      defaultBoard: DefaultBoard | null;
      /**
       * The settings of the request that made the source (count, model, quality, resolution, presets, ratio,
       * `--board`): Variations generate with them; edits keep them for the next click on their result. Absent on
       * jobs stored before they were kept, or when the source's job was pruned.
       */
      command?: ImageCommand;
      /** Variations: the `--board` board their results go onto. */
      pushTo?: DefaultBoard | null;
    }
  | {
      kind: "video-format";
      videoId: string;
      ratio: VideoFormatRatio;
      prompt: string;
      defaultBoard: DefaultBoard | null;
    }
  | {
      /** A video result's Add sound, Subtitles, Upscale or Colour look (jobs/video-tool-kind.ts). */
      kind: "video-tool";
      tool: VideoTool;
      /** The clicked video. No tool changes it: each makes a new asset (Upscale edits a copy, decision 0008). */
      videoId: string;
      /** The video's prompt, for the words of the progress and the result. */
      prompt: string;
      defaultBoard: DefaultBoard | null;
    }
  | {
      /**
       * `/studio avatar`: the script read aloud (step 0, `generateVoiceover`), then a speaking character from the
       * image and that voiceover (step 1, `generateSpeakingCharacter`). jobs/speaking-kinds.ts.
       */
      kind: "avatar";
      /** `image` is the image that speaks: `--image`, or the id of the photo attached and uploaded. */
      command: AvatarCommand & { image: string };
      /** The speaking-avatar model and its resolution, chosen from the catalog before the job was stored. */
      model: string;
      resolution: string | null;
      defaultBoard: DefaultBoard | null;
    }
  | {
      /**
       * `/studio lipsync`: the video lip-synced (`generateLipsync`) to an audio result, or to the script read aloud
       * first (step 0, `generateVoiceover`; the lip sync is then step 1). jobs/speaking-kinds.ts.
       */
      kind: "lipsync";
      command: LipsyncCommand & { video: string };
      /** The lip-sync model, chosen from the catalog before the job was stored. */
      model: string;
      /** `--audio`: the audio and its length in seconds (read before the job was stored); null with a script. */
      audio: { id: string; seconds: number | null } | null;
      defaultBoard: DefaultBoard | null;
    };
