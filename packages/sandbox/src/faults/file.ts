import { readFileSync } from "node:fs";
import { FaultError, parseFaults } from "./parse.js";
import type { Fault } from "./types.js";

/**
 * Reads the faults of `--faults FILE`: a JSON list of faults (or one fault), the
 * bodies `POST /__sandbox/faults` takes. Throws FaultError naming the file and
 * what is wrong with it.
 */
export function loadFaultsFile(path: string): Fault[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message;
    throw new FaultError(`@studio-kit/sandbox: cannot read the faults file ${path}: ${reason}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FaultError(`@studio-kit/sandbox: the faults file ${path} is not JSON: ${(error as Error).message}.`);
  }
  try {
    return parseFaults(json);
  } catch (error) {
    if (!(error instanceof FaultError)) throw error;
    throw new FaultError(error.message.replace("@studio-kit/sandbox: ", `@studio-kit/sandbox: ${path}: `));
  }
}
