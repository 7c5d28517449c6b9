import { describe, expect, it } from "vitest";
import { readsAsClose } from "../src/intent/close-session.js";
import { decideIntent } from "../src/intent/decide.js";

// Closing a thread's agent session in words (decision 0028): a few close phrases, alone; anything that could be a
// request is read as one. Each row is a person's whole message in a thread, as the bot gets it.

describe("a message that closes the thread's session", () => {
  it.each([
    "done",
    "Done.",
    "DONE!",
    "done, thanks!",
    "all done 🎉",
    "I'm done",
    "i’m done for now",
    "we're done",
    "close",
    "close this",
    "Close this thread",
    "close the session",
    "you can close this",
    "that's all",
    "That’s all, thank you!",
    "that is all",
    "that's it",
    "ok, that's all",
    "great, done",
    "perfect, that's it thanks",
    "end session",
  ])("%s", (text) => {
    expect(readsAsClose(text)).toBe(true);
  });
});

describe("a message that is read as usual (a request, a question, small talk)", () => {
  it.each([
    // Prompts that use the words: images, not closes.
    "a door closed at night",
    "close up of a rose",
    "close-up of a dragonfly on a leaf",
    "done deal poster, bold type",
    "a job well done, gold medal",
    "that's all folks cartoon ending",
    "the end of the world",
    "end credits of an old film",
    // Questions and requests about the work.
    "are you done?",
    "is it done",
    "done?",
    "close the door and paint it red",
    "not done yet, make it bluer",
    "almost done, one more please",
    // Small talk without a close.
    "thanks",
    "ok",
    "bye",
    "",
    "   ",
    // A close phrase followed by a long text is not a close.
    `done ${"and then a red fox on the snow ".repeat(10)}`,
    `done${" ".repeat(500)}`,
  ])("%j", (text) => {
    expect(readsAsClose(text)).toBe(false);
  });

  it("never closes a text the intent rule would generate from without asking", () => {
    for (const text of ["a door closed at night", "close up of a rose", "done deal poster, bold type"]) {
      expect(readsAsClose(text)).toBe(false);
      expect(decideIntent(text).action).toBe("generate");
    }
  });
});
