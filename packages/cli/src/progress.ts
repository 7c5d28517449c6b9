import cliProgress from "cli-progress";
import type { CliIo } from "./io.js";
import type { Printer } from "./printer.js";
import { terminalText } from "./terminal-text.js";

/** One line of progress: advanced with a percent, stopped once. */
export interface ProgressLine {
  update(percent: number, label?: string): void;
  stop(): void;
}

/** A set of progress lines on stderr, one per item; no output at all when the printer is not interactive. */
export interface ProgressBoard {
  line(label: string): ProgressLine;
  stop(): void;
}

const silent: ProgressBoard = { line: () => ({ update() {}, stop() {} }), stop() {} };

/**
 * Progress bars (cli-progress) on stderr, only when a person watches a terminal and `--json` is off: a script,
 * a pipe or CI gets none, so its stderr holds only what it needs to read.
 */
export function progressBoard(io: CliIo, printer: Printer): ProgressBoard {
  if (!printer.interactive) return silent;
  const bars = new cliProgress.MultiBar(
    {
      stream: io.stderr as NodeJS.WriteStream,
      format: " {bar} {percentage}% · {label}",
      hideCursor: true,
      clearOnComplete: false,
      barsize: 24,
    },
    cliProgress.Presets.shades_classic,
  );
  return {
    line(label) {
      // Labels name what the API returned: written to the terminal as the printer writes (terminal-text.ts).
      const bar = bars.create(100, 0, { label: terminalText(label, { newlines: false }) });
      return {
        update: (percent, next) =>
          bar.update(
            Math.max(0, Math.min(100, Math.round(percent))),
            next ? { label: terminalText(next, { newlines: false }) } : {},
          ),
        stop: () => bar.stop(),
      };
    },
    stop: () => bars.stop(),
  };
}
