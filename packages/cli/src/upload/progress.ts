import cliProgress, { type SingleBar } from "cli-progress";
import type { OutStream } from "../io.js";
import { formatBytes } from "./sizes.js";

/** The progress of a batch of uploads as a person sees it: one bar per file. */
export interface UploadBars {
  /** Bytes of file `index` handed to the network so far (the upload package's `onProgress`). */
  progress(index: number, loaded: number): void;
  /** File `index` is registered: its bar full and marked done. */
  done(index: number): void;
  /** File `index` failed (or was stopped): its bar stays where it got to, marked as such. */
  failed(index: number, why: "failed" | "stopped"): void;
  /** Draws the last frame and gives the terminal back (the cursor shown again). Call before printing the result. */
  stop(): void;
}

const QUIET: UploadBars = { progress() {}, done() {}, failed() {}, stop() {} };

/** Long paths keep their end, where the file's name is: `…/launch/teaser-final.mp4`. */
const NAME_WIDTH = 40;
const shorten = (file: string) => (file.length <= NAME_WIDTH ? file : `…${file.slice(-(NAME_WIDTH - 1))}`);

/**
 * One cli-progress bar per file on `stream` (stderr), or nothing at all when `show` is false: the bars are for a
 * person at a terminal, never for a pipe, a log file or `--json` (conventions, "A command-line app").
 */
export function uploadBars(
  show: boolean,
  stream: OutStream,
  files: readonly { file: string; size: number }[],
): UploadBars {
  if (!show || files.length === 0) return QUIET;
  const width = Math.max(...files.map(({ file }) => shorten(file).length));
  const multibar = new cliProgress.MultiBar({
    // cli-progress writes through readline's cursor moves, which need only write(), isTTY and columns.
    stream: stream as NodeJS.WritableStream,
    format: " {name}  {bar} {percentage}%  {sent} of {size}  {state}",
    barCompleteChar: "█",
    barIncompleteChar: "░",
    barsize: 24,
    hideCursor: true,
    autopadding: true,
    // The bin handles Ctrl-C (it aborts the uploads, which stops the bars); cli-progress must not exit on its own.
    gracefulExit: false,
  });
  const bars: SingleBar[] = files.map(({ file, size }) =>
    multibar.create(size, 0, {
      name: shorten(file).padEnd(width),
      sent: formatBytes(0),
      size: formatBytes(size),
      state: "",
    }),
  );
  const sizes = files.map(({ size }) => size);
  let stopped = false;
  return {
    progress(index, loaded) {
      bars[index]?.update(loaded, { sent: formatBytes(loaded) });
    },
    done(index) {
      const size = sizes[index] ?? 0;
      bars[index]?.update(size, { sent: formatBytes(size), state: "done" });
    },
    failed(index, why) {
      bars[index]?.update({ state: why });
    },
    stop() {
      if (stopped) return;
      stopped = true;
      multibar.stop();
    },
  };
}
