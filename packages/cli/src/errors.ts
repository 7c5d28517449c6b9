import { createRedactor, type Redactor } from "@studio-kit/core";

/** What each exit code means (documented in the README; scripts rely on them). */
export const EXIT = {
  ok: 0,
  /** An API or generation failure: a refused request, a FAILED generation, a broken download. */
  failed: 1,
  /** A usage error found before any request: nothing was sent, so no credit was spent. */
  usage: 2,
  /** Ctrl-C: polling stopped; nothing already queued is sent again. */
  interrupted: 130,
} as const;

/** One of {@link EXIT}'s values. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Why the CLI stopped: `usage` (exit 2), `failed` (exit 1) or `interrupted` (exit 130). */
export type CliErrorCode = "usage" | "failed" | "interrupted";

const EXIT_OF: Record<CliErrorCode, ExitCode> = {
  usage: EXIT.usage,
  failed: EXIT.failed,
  interrupted: EXIT.interrupted,
};

/**
 * The CLI's own error: a message for the person at the terminal (what happened and what to do next) and the exit
 * code it ends with. Errors of the packages underneath (StudioError, UploadError, PollerError) are reported as they
 * are, with exit 1; this one is for what the CLI itself decides.
 */
export class CliError extends Error {
  // string, not the literal: a subclass (OutDirError) names itself.
  override readonly name: string = "CliError";
  readonly code: CliErrorCode;

  constructor(code: CliErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }

  get exitCode(): ExitCode {
    return EXIT_OF[this.code];
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message };
  }
}

/** A usage error: found before any request, so nothing was sent (exit 2). */
export const usageError = (message: string) => new CliError("usage", message);

/** The redactor for everything the CLI prints: the key wherever it appears, bearer tokens, URL signatures. */
export function cliRedactor(apiKey: string | undefined): Redactor {
  return createRedactor(apiKey ? [apiKey] : []);
}
