/** A stream the CLI writes to: process.stdout / process.stderr, or a buffer in tests. */
export interface OutStream {
  write(text: string): unknown;
  /** True when a person is watching (a terminal); progress bars and colour only then. */
  isTTY?: boolean;
  columns?: number;
}

/** Everything the CLI touches outside itself, injected so tests run it in-process without a terminal. */
export interface CliIo {
  stdout: OutStream;
  stderr: OutStream;
  /** Reads one answer from the person (confirmations); absent when stdin is not a terminal. */
  ask?: (question: string) => Promise<string>;
  env: Readonly<Record<string, string | undefined>>;
  /** The fetch every request goes through. Default: the global fetch. */
  fetch?: typeof fetch;
  /** Aborted on Ctrl-C: waits stop at once, nothing queued is sent again. */
  signal?: AbortSignal;
  /**
   * Told which command a run starts, by its words (`["boards", "list"]`; never its arguments or options), before
   * it does anything: the bin names the run's trace with it (src/telemetry.ts).
   */
  onCommand?: (words: readonly string[]) => void;
}

/** True when `stream` is a terminal and colour is allowed (`NO_COLOR` unset: https://no-color.org). */
export function colourful(stream: OutStream, env: CliIo["env"]): boolean {
  return stream.isTTY === true && (env.NO_COLOR ?? "") === "" && env.TERM !== "dumb";
}
