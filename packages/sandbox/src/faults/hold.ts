import type { VirtualClock } from "../clock.js";
import type { LatencyFault } from "./types.js";

// Latency faults hold a request before it is executed. On the sandbox's clock
// (the default) the hold ends once the clock has moved `ms` past the arrival,
// whoever moves it (`advance`, the admin endpoint, or real time when the clock
// follows it): the clock has no listeners, so a held request looks at it every
// few real milliseconds. Closing the sandbox lets every held request go on.

/** How often a request held on the sandbox's clock looks at it, in real ms. */
const LOOK_EVERY_MS = 5;

export interface Holds {
  /** Resolves when the fault's latency has passed. */
  hold(fault: LatencyFault): Promise<void>;
  /** Ends every hold now (the sandbox is closing). */
  releaseAll(): void;
  /** How many requests are held now. */
  count(): number;
}

export function createHolds(clock: VirtualClock): Holds {
  const releases = new Set<() => void>();
  return {
    hold(fault) {
      return new Promise<void>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const release = () => {
          clearTimeout(timer);
          releases.delete(release);
          resolve();
        };
        releases.add(release);
        if (fault.clock === "real") {
          timer = setTimeout(release, fault.ms);
          return;
        }
        const due = clock.now() + fault.ms;
        const look = () => {
          if (clock.now() >= due) release();
          else timer = setTimeout(look, LOOK_EVERY_MS);
        };
        look();
      });
    },
    releaseAll() {
      for (const release of [...releases]) release();
    },
    count: () => releases.size,
  };
}
