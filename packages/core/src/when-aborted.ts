// A caller may pass one AbortSignal to many requests at once (the Slack bot passes its stop signal to every job's
// requests and waits: 25 jobs in flight are 25 or more). Each listener added to that one signal counts against
// Node's EventTarget limit of ten, and past it Node prints `MaxListenersExceededWarning: 11 abort listeners added to
// [AbortSignal]`, which operators rightly read as a leak (issue 38). So every request, wait and sleep of these
// packages listens through here: ONE listener per signal, whatever the number of callers, removed when the last of
// them is done. Raising the signal's limit (`events.setMaxListeners`) would change an object the caller owns.

interface Listeners {
  callbacks: Set<() => void>;
  listener: () => void;
}

const bySignal = new WeakMap<AbortSignal, Listeners>();

/**
 * Calls `callback` once when `signal` aborts; returns the function that stops listening (call it when the work is
 * done). However many callers listen to one signal, it carries one listener of ours. An already aborted signal
 * calls nothing: check `signal.aborted` first, as with `addEventListener`.
 *
 * @example
 * const stop = whenAborted(signal, () => controller.abort(signal.reason));
 * try { return await work(controller.signal); } finally { stop(); }
 */
export function whenAborted(signal: AbortSignal, callback: () => void): () => void {
  let entry = bySignal.get(signal);
  if (!entry) {
    const callbacks = new Set<() => void>();
    const listener = () => {
      bySignal.delete(signal);
      for (const each of [...callbacks]) each();
    };
    entry = { callbacks, listener };
    bySignal.set(signal, entry);
    signal.addEventListener("abort", listener, { once: true });
  }
  // A wrapper of our own, so that one callback given twice is two subscriptions, each removed by its own stop.
  const once = () => {
    entry.callbacks.delete(once);
    callback();
  };
  entry.callbacks.add(once);
  const listeners = entry;
  return () => {
    if (!listeners.callbacks.delete(once) || listeners.callbacks.size > 0) return;
    signal.removeEventListener("abort", listeners.listener);
    if (bySignal.get(signal) === listeners) bySignal.delete(signal);
  };
}
