import type { ProgressBoard, ProgressLine } from "../progress.js";
import { formatBytes } from "./sizes.js";

/** The progress of a batch of uploads as a person sees it: one line per file. */
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

/** Long paths keep their end, where the file's name is: `…/launch/teaser-final.mp4`. */
const NAME_WIDTH = 40;
const shorten = (file: string) => (file.length <= NAME_WIDTH ? file : `…${file.slice(-(NAME_WIDTH - 1))}`);

/**
 * A line per file on the CLI's progress board (`progressBoard`: cli-progress on stderr, drawn only for a person at
 * a terminal, never for a pipe, a log or `--json`), labelled with the file's name and its bytes sent.
 */
export function uploadBars(board: ProgressBoard, files: readonly { file: string; size: number }[]): UploadBars {
  const width = Math.max(0, ...files.map(({ file }) => shorten(file).length));
  const label = (index: number, loaded: number, state = "") => {
    const { file, size } = files[index] ?? { file: "", size: 0 };
    const text = `${shorten(file).padEnd(width)}  ${formatBytes(loaded)} of ${formatBytes(size)}`;
    return state ? `${text}  ${state}` : text;
  };
  const percent = (index: number, loaded: number) => {
    const size = files[index]?.size ?? 0;
    // Whole percents rounded down: a bar says 100% only once every byte is out.
    return size > 0 ? Math.floor((100 * loaded) / size) : 0;
  };
  const sent = files.map(() => 0);
  const lines: ProgressLine[] = files.map((_, index) => board.line(label(index, 0)));
  return {
    progress(index, loaded) {
      sent[index] = loaded;
      lines[index]?.update(percent(index, loaded), label(index, loaded));
    },
    done(index) {
      const size = files[index]?.size ?? 0;
      lines[index]?.update(100, label(index, size, "done"));
    },
    failed(index, why) {
      const loaded = sent[index] ?? 0;
      lines[index]?.update(percent(index, loaded), label(index, loaded, why));
    },
    stop: () => board.stop(),
  };
}
