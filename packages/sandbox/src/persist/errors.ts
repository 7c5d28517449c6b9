/**
 * A state file the sandbox refuses to load: corrupt, not a sandbox state file,
 * or written in a newer format. The file is left as it is (never overwritten),
 * and the message names it and says what to do.
 */
export class SandboxStateError extends Error {
  override readonly name = "SandboxStateError";
  readonly file: string;
  constructor(file: string, problem: string, options?: ErrorOptions) {
    super(`@studio-kit/sandbox: state file ${file} ${problem}`, options);
    this.file = file;
  }
}
