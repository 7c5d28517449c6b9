/**
 * A configuration the sandbox refuses to start with. `field` is the path of the
 * entry at fault (`workspaces[1].keys[0].key`; empty for the whole file), and
 * the message names it too, with the file when there is one, so a mistake is
 * found without reading the sandbox's code.
 */
export class SandboxConfigError extends Error {
  override readonly name = "SandboxConfigError";
  readonly field: string;
  constructor(field: string, problem: string, source?: string) {
    const where = source ? `${source}${field ? ` ${field}` : ""}` : `config${field ? ` ${field}` : ""}`;
    super(`@studio-kit/sandbox: ${where}: ${problem}`);
    this.field = field;
  }
}
