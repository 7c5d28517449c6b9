import type { Command } from "@studio-kit/commands";
import { quote } from "./blocks.js";

/** "2 images", "a video", "a music track", "a voiceover": what a command asks for, in words. */
export function whatIsAsked(command: Command): string {
  switch (command.kind) {
    case "image": {
      const count = command.count ?? 1;
      return count === 1 ? "an image" : `${count} images`;
    }
    case "video":
      return "a video";
    case "music":
      return "a music track";
    case "voice":
      return "a voiceover";
    case "avatar":
      return "a speaking avatar";
    case "lipsync":
      return "a lip-synced video";
    default:
      return command.kind;
  }
}

/** The prompt or script of a generation command, quoted for mrkdwn and cut to `max`; "" for other commands. */
export function promptOf(command: Command, max = 300): string {
  const text = "script" in command ? command.script : "prompt" in command ? command.prompt : "";
  return text ? `“${quote(text, max)}”` : "";
}

/**
 * A count with its noun, singular for one: "1 asset", "3 assets", "1 credit". `count` is printed as given (a
 * formatted number such as "1,200" still counts as many).
 *
 * @example counted(1, "asset") // "1 asset"
 */
export function counted(count: number | string, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 || count === "1" ? one : many}`;
}
