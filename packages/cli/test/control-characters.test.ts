// Issue 42, point 3: an ESC in a prompt or in anything the API returns must not recolour, retitle or rewrite a
// terminal. The human (non --json) output is printed without control characters and bidi overrides; --json keeps
// the data as the API returned it (JSON escapes them, so a terminal shows them as text).
import { describe, expect, it } from "vitest";
import { runStudio } from "../src/index.js";
import { startTestSandbox } from "./support/studio.js";

const HOSTILE = "fox\u0000\u0007\u001b[31m\u202e\r\nred\u001b]0;owned\u0007";
// C0 controls but the newline, DEL, C1 controls, and the bidi embeddings, overrides and isolates.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const FORBIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** A terminal: keeps what is written. */
function terminal() {
  const stream = {
    text: "",
    isTTY: true,
    columns: 100,
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream;
}

describe("a prompt or an API string with control characters, printed for a person", () => {
  it("reaches the terminal without them, its words still there", async () => {
    const sandbox = await startTestSandbox();
    const out = terminal();
    const err = terminal();
    const io = { stdout: out, stderr: err, env: sandbox.env };
    // A board's title is the API's string: created with the escape sequences in it, then listed and shown.
    expect(await runStudio(["board", "new", HOSTILE], io)).toBe(0);
    expect(await runStudio(["boards"], io)).toBe(0);
    expect(await runStudio(["board", "show", HOSTILE], io)).toBe(0);
    expect(await runStudio(["image", HOSTILE, "--wait"], io)).toBe(0);
    expect(out.text).toContain("fox red");
    // The board's title is shown bold (a style): its colour codes come from the printer alone, and nothing of how
    // the printer marks a styled span is left in the text.
    expect(out.text).toMatch(/fox\s+red · 0 cards/);
    expect(out.text).not.toMatch(/\u{E000}/u);
    expect(out.text.split("\n").filter((line) => FORBIDDEN.test(line))).toEqual([]);
    // stderr draws progress bars with the terminal's own cursor codes: none of the person's or the API's is there.
    for (const piece of ["\u0000", "\u0007", "\u001b[31m", "\u202e", "\u001b]0;", "\r\n"]) {
      expect(err.text.includes(piece), JSON.stringify(piece)).toBe(false);
    }
  });

  it("keeps the API's string as it is with --json", async () => {
    const sandbox = await startTestSandbox();
    const out = terminal();
    const io = { stdout: out, stderr: terminal(), env: sandbox.env };
    expect(await runStudio(["board", "new", HOSTILE, "--json"], io)).toBe(0);
    expect((JSON.parse(out.text) as { board: { title: string } }).board.title).toBe(HOSTILE);
  });
});
