import { checkRatio, FLAGS, type FlagValues, type GenerationKind, readNumber } from "@studio-kit/commands";
import { type Command, InvalidArgumentError, Option } from "commander";

// The generation options come from the one grammar both apps import (@studio-kit/commands FLAGS): the same names,
// kinds and hints as the bot's, and the same words for a bad number or ratio. Commander reads argv (the shell has
// already split it); the values go back into the shared `generationCommand` as the bot's parser gives them.

const DESCRIBE: Record<string, string> = {
  ratio: "width:height, such as 16:9",
  count: "how many images (1-4)",
  model: "a model id (studio models)",
  quality: "a quality the model offers",
  resolution: "a resolution the model offers",
  preset: "a preset slug (studio presets); may repeat",
  board: "put the results on this board (created if missing; implies --wait)",
  duration: "seconds, one the model offers",
  audio: "with sound",
  instrumental: "no vocals",
  lyrics: "the words to sing",
  "min-duration": "shortest track, in seconds",
  "max-duration": "longest track, in seconds",
  voice: "a voice id (studio models voice)",
  language: "a language code, such as en",
  ref: "the id of an image to use as a reference (an earlier result or a library image); may repeat",
  brand: "follow the workspace's brand",
  from: "the id of an image to start the video from (its first frame)",
  end: "the id of an image to end the video on",
};

/** A flag that is not repeatable, given twice: the bot's words (commander would keep the last one silently). */
function once(flag: string, previous: unknown) {
  if (previous !== undefined) throw new InvalidArgumentError(`\`--${flag}\` was given twice: give it once.`);
}

/** The shared number rule, in commander's words: the bot's message when the value is not a whole number. */
function number(flag: string) {
  return (value: string, previous: unknown) => {
    once(flag, previous);
    const read = readNumber(flag, value);
    if (typeof read === "string") throw new InvalidArgumentError(read);
    return String(read);
  };
}

/** The shared ratio rule, checked while reading argv, so a bad ratio is a usage error before any request. */
function ratio(value: string, previous: unknown) {
  once("ratio", previous);
  const checked = checkRatio(value);
  if (!checked.ok) throw new InvalidArgumentError(checked.reason);
  return value.trim();
}

const collect = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** Adds `kind`'s options from the shared grammar to `command`. */
export function addGenerationOptions(command: Command, kind: GenerationKind): Command {
  for (const [name, spec] of Object.entries(FLAGS[kind])) {
    const description = DESCRIBE[name] ?? name;
    if (spec.kind === "switch") {
      command.addOption(new Option(`--${name}`, description));
      continue;
    }
    const option = new Option(`--${name} <${spec.hint ?? "value"}>`, description);
    if (spec.kind === "number") option.argParser(number(name));
    else if (name === "ratio") option.argParser(ratio);
    else if (spec.repeatable) option.argParser(collect);
    else {
      option.argParser((value: string, previous: unknown) => {
        once(name, previous);
        return value.trim();
      });
    }
    command.addOption(option);
  }
  return command;
}

/** The values commander read for `kind`'s options, as the shared `generationCommand` takes them. */
export function flagValues(command: Command, kind: GenerationKind): FlagValues {
  const values: Record<string, string[]> = {};
  for (const option of command.options) {
    const name = option.long?.slice(2) ?? "";
    if (!Object.hasOwn(FLAGS[kind], name)) continue;
    const value: unknown = command.getOptionValue(option.attributeName());
    if (value === undefined || value === false) continue;
    values[name] = value === true ? ["true"] : Array.isArray(value) ? value.map(String) : [String(value)];
  }
  return values;
}
