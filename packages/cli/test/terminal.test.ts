// What a person at a terminal gets that a script does not: progress bars and a confirmation before spending.
// Run in-process through runStudio with streams that say whether they are a terminal.
import { describe, expect, it } from "vitest";
import { runStudio } from "../src/index.js";
import { startTestSandbox } from "./support/studio.js";

/** A stream that keeps what is written, and says whether it is a terminal. */
function capture(terminal: boolean) {
  const stream = {
    text: "",
    isTTY: terminal,
    columns: 100,
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream;
}

const streams = (terminal: boolean) => ({ out: capture(terminal), err: capture(terminal) });

describe("on a terminal", () => {
  it("draws a progress bar per generation on stderr while waiting; piped, stderr holds only the queued line", async () => {
    const sandbox = await startTestSandbox();
    const tty = streams(true);
    const code = await runStudio(["image", "a fox", "--count", "2", "--wait"], {
      stdout: tty.out,
      stderr: tty.err,
      env: sandbox.env,
    });
    expect(code).toBe(0);
    expect(tty.err.text).toMatch(/100% · image img_\S+ completed/);
    expect(tty.out.text).toMatch(/COMPLETED/);

    const piped = streams(false);
    await runStudio(["image", "a fox", "--wait"], { stdout: piped.out, stderr: piped.err, env: sandbox.env });
    expect(piped.err.text).toMatch(/^Queued an image: img_\S+\n$/);
  });

  it("asks before spending above the threshold, and generates nothing when the answer is no", async () => {
    const sandbox = await startTestSandbox();
    const env = { ...sandbox.env, CREDITS_CONFIRM_THRESHOLD: "1" };
    const questions: string[] = [];
    const asked = (answer: string) => async (question: string) => {
      questions.push(question);
      return answer;
    };
    const no = streams(true);
    expect(await runStudio(["image", "a fox"], { stdout: no.out, stderr: no.err, env, ask: asked("n") })).toBe(2);
    expect(questions).toEqual(["This will spend about 4 credits (of 470 available). Go ahead? [y/N] "]);
    expect(no.err.text).toContain("Not confirmed: nothing was generated.");
    expect(sandbox.operations().GenerateImage).toBeUndefined();

    const yes = streams(true);
    expect(await runStudio(["image", "a fox"], { stdout: yes.out, stderr: yes.err, env, ask: asked("y") })).toBe(0);
    expect(sandbox.operations().GenerateImage).toBe(1);
  });
});
