/**
 * A clock for a bot and a slack-sim that follows real time and jumps forward when the test says so: `now` for the
 * bot (`BotAppOptions.now`) and the sim (`simClock`), `sleep` for the bot's waits (`BotAppOptions.sleep`), which end
 * after their real time or as soon as `advance` moves the clock past them. Bolt refuses request signatures more than
 * 5 minutes in the past only, so a sim clock ahead of real time is fine.
 */
export interface TestClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Moves the clock `ms` forward and ends every sleep that is then due. */
  advance(ms: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  const sleepers = new Set<{ at: number; wake: () => void }>();
  const now = () => Date.now() + offset;
  return {
    now,
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const sleeper = {
          at: now() + ms,
          wake: () => {
            sleepers.delete(sleeper);
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(sleeper.wake, ms);
        // A bot stopped mid-wait must not hold the test process open.
        timer.unref();
        sleepers.add(sleeper);
      }),
    advance(ms) {
      offset += ms;
      for (const sleeper of [...sleepers]) if (sleeper.at <= now()) sleeper.wake();
    },
  };
}
