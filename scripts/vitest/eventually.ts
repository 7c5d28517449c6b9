import { TestRunner } from "vitest";

/**
 * Waits until `check` passes: what a test waits for (a message posted, a journal entry, a job done) lands a moment
 * after the action that sets it off, and on a loaded machine that moment can be long. So there is no wall-clock
 * allowance of its own here: it waits for as long as the running test may last (its limit, from its config or its
 * own third argument, read through `TestRunner.getCurrentTest()`), and gives up a second before that limit to fail
 * with the check's last error rather than vitest's bare "Test timed out". Outside a test (a hook), it waits 10 s.
 */
export async function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  const test = TestRunner.getCurrentTest();
  const deadline = test
    ? (test.result?.startTime ?? Date.now()) + test.timeout - REPORT_MS
    : Date.now() + OUTSIDE_A_TEST_MS;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

/** Time left before the test's own limit to report the last failure of the check. */
const REPORT_MS = 1000;
/** In a hook, which has its own limit (10 s by default), no test is running to take one from. */
const OUTSIDE_A_TEST_MS = 10_000;
