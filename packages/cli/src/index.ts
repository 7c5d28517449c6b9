// @studio-kit/cli: the `studio` command. The bin is dist/bin.js; this entry lets a program run it in-process.

export type { CliErrorCode, ExitCode } from "./errors.js";
export { CliError, EXIT } from "./errors.js";
export type { CliIo, OutStream } from "./io.js";
export { runStudio } from "./run.js";
