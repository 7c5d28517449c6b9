// The upload bars as a person at a terminal sees them, drawn on a stand-in for a TTY stderr; and nothing at all
// when there is no person watching.
import { describe, expect, it } from "vitest";
import { cliRedactor } from "../src/errors.js";
import type { CliIo } from "../src/io.js";
import { createPrinter } from "../src/printer.js";
import { progressBoard } from "../src/progress.js";
import { uploadBars } from "../src/upload/progress.js";

function io(terminal: boolean): CliIo & { stderr: { text: string } } {
  const stderr = {
    text: "",
    isTTY: terminal,
    columns: 120,
    write(chunk: string) {
      stderr.text += chunk;
      return true;
    },
  };
  return { stdout: { write: () => true, isTTY: terminal }, stderr, env: {} };
}

const board = (target: CliIo, json = false) =>
  progressBoard(target, createPrinter(target, { json, verbose: false, redact: cliRedactor(undefined) }));

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape sequences are what is being removed
const plain = (text: string) => text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "");

const FILES = [
  { file: "poster.png", size: 4096 },
  { file: "takes/jingle.wav", size: 2 * 1024 * 1024 },
];

describe("upload bars", () => {
  it("on a terminal, draws a bar per file with its bytes, then done or failed, and gives the cursor back", () => {
    const terminal = io(true);
    const bars = uploadBars(board(terminal), FILES);
    bars.progress(0, 1024);
    bars.done(0);
    bars.progress(1, 512 * 1024);
    bars.failed(1, "failed");
    bars.stop();
    const text = plain(terminal.stderr.text);
    expect(text).toMatch(/ 100% · poster\.png {8}4 KiB of 4 KiB {2}done/);
    expect(text).toMatch(/ 25% · takes\/jingle\.wav {2}512 KiB of 2 MiB {2}failed/);
    // The cursor, hidden while the bars draw, is shown again.
    const raw = terminal.stderr.text;
    expect(raw.lastIndexOf("\x1b[?25h")).toBeGreaterThan(raw.indexOf("\x1b[?25l"));
  });

  it("draws nothing when stderr is not a terminal, or with --json", () => {
    for (const [target, json] of [
      [io(false), false],
      [io(true), true],
    ] as const) {
      const bars = uploadBars(board(target, json), FILES);
      bars.progress(0, 4096);
      bars.done(0);
      bars.stop();
      expect(target.stderr.text).toBe("");
    }
  });
});
