// The upload bars as a person at a terminal sees them, drawn on a stand-in for a TTY stderr; and nothing at all
// when there is no person watching.
import { describe, expect, it } from "vitest";
import { uploadBars } from "../src/upload/progress.js";

function terminal() {
  const stream = {
    isTTY: true,
    columns: 120,
    text: "",
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is being removed
const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");

describe("upload bars", () => {
  it("on a terminal, draws a bar per file with its bytes, then done or failed, and gives the cursor back", () => {
    const stderr = terminal();
    const bars = uploadBars(true, stderr, [
      { file: "poster.png", size: 4096 },
      { file: "takes/jingle.wav", size: 2 * 1024 * 1024 },
    ]);
    bars.progress(0, 1024);
    bars.done(0);
    bars.progress(1, 512 * 1024);
    bars.failed(1, "failed");
    bars.stop();
    // The last frame: one line per file, the whole frame ending with a newline so the result starts on its own line.
    const lastFrame = plain(stderr.text).split("\n").slice(-3);
    expect(lastFrame[0]).toMatch(/^ poster\.png\s+█{24} 100%\s+4 KiB of 4 KiB\s+done/);
    expect(lastFrame[1]).toMatch(/^ takes\/jingle\.wav\s+█{6}░{18}\s+25%\s+512 KiB of 2 MiB\s+failed/);
    expect(lastFrame[2]).toBe("");
    // The cursor, hidden while the bars draw, is shown again.
    expect(stderr.text.indexOf("\x1b[?25h")).toBeGreaterThan(stderr.text.indexOf("\x1b[?25l"));
  });

  it("draws nothing when not asked to show (a pipe, a log or --json)", () => {
    const stderr = terminal();
    const bars = uploadBars(false, stderr, [{ file: "poster.png", size: 4096 }]);
    bars.progress(0, 4096);
    bars.done(0);
    bars.stop();
    expect(stderr.text).toBe("");
  });
});
