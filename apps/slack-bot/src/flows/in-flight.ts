/**
 * Remembers which button clicks are being worked on, so a double click does not spend twice: the second identical
 * click (same message, button and value) is ignored while the first one's flow runs. In memory, per process; a
 * durable version is issue 8.
 */
export interface InFlight {
  /** True when the key was free (the caller now holds it), false when the same work is already running. */
  start(key: string): boolean;
  /** Frees the key once the flow is over, whatever its outcome. */
  finish(key: string): void;
}

/** A process-local {@link InFlight}. */
export function createInFlight(): InFlight {
  const running = new Set<string>();
  return {
    start(key) {
      if (running.has(key)) return false;
      running.add(key);
      return true;
    },
    finish(key) {
      running.delete(key);
    },
  };
}
