import { StudioError } from "@studio-kit/core";

/**
 * The flag and id a person typed for the record a refusal is about (`--from img_nope`), found in the run's words:
 * the API names its own field (`firstFrame`, `referenceImages`), which is not what was typed (issue 42). Undefined
 * when the error is about no one record, or the id was not given with a flag (a positional id, a default).
 *
 * @example recordFlag(error, ["video", "waves", "--from", "img_nope"]) // "--from img_nope"
 */
export function recordFlag(error: unknown, argv: readonly string[]): string | undefined {
  const id = error instanceof StudioError ? error.record?.id : undefined;
  if (!id) return undefined;
  for (const [index, word] of argv.entries()) {
    const [flag, value] = word.split(/=(.*)/s);
    if (flag?.startsWith("--") && value === id) return `${flag} ${id}`;
    const previous = argv[index - 1];
    if (word === id && previous?.startsWith("--") && !previous.includes("=")) return `${previous} ${id}`;
  }
  return undefined;
}
