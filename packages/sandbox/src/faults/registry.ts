import { MAX_FAULTS } from "../http/limits.js";
import { createRandom, type Random } from "../random.js";
import { FaultError, parseFault } from "./parse.js";
import { type Fault, type FaultStage, type FaultTarget, type ListedFault, STAGE_OF } from "./types.js";

/** The faults of one sandbox: `sandbox.faults`, and `/__sandbox/faults` over HTTP. */
export interface SandboxFaults {
  /** Checks and stores a fault; it acts on the next matching request. Throws FaultError for a fault that cannot be used. */
  add(fault: Fault): ListedFault;
  /** Every fault, oldest first, with how many times each fired (spent ones too). */
  list(): ListedFault[];
  /** Removes the fault with this id, or every fault when none is given. Returns how many were removed. */
  clear(id?: string): number;
}

/** The registry behind `SandboxFaults`, with the hook the request path calls. */
export interface FaultRegistry extends SandboxFaults {
  /**
   * The first fault, in the order they were added, that matches `target` at
   * `stage`, is not spent, and wins its draw: counted as fired and returned.
   */
  fire(stage: FaultStage, target: FaultTarget): StoredFault | undefined;
}

/** A stored fault: its settings with its id. */
export type StoredFault = Fault & { id: string };

interface Entry {
  fault: StoredFault;
  fired: number;
  random: Random;
}

function matches(fault: StoredFault, stage: FaultStage, target: FaultTarget): boolean {
  const kindStage = STAGE_OF[fault.kind];
  if (kindStage !== stage) return false;
  if (target.upload) {
    // At an upload endpoint: upload kinds match any endpoint unless they name one; request kinds only name theirs.
    return fault.upload ? fault.upload === target.upload : kindStage === "upload";
  }
  if (fault.upload) return false;
  if (fault.kind === "no-credits" && target.free) return false;
  if (fault.operation && fault.operation !== target.operation) return false;
  if (fault.rootField && !(target.rootFields ?? []).includes(fault.rootField)) return false;
  return true;
}

function listed({ fault, fired }: Entry): ListedFault {
  const remaining = fault.times === undefined ? {} : { remaining: Math.max(0, fault.times - fired) };
  return { ...fault, fired, ...remaining };
}

/** Makes an empty fault registry. */
export function createFaultRegistry(): FaultRegistry {
  let entries: Entry[] = [];
  // The ids in place, so that adding n faults is linear, not quadratic (issue 27: 40,000 took 92 s).
  const ids = new Set<string>();
  let next = 1;
  return {
    add(input) {
      if (entries.length >= MAX_FAULTS) {
        throw new FaultError(
          `@studio-kit/sandbox: at most ${MAX_FAULTS} faults can be in place at once: clear some first.`,
        );
      }
      const fault = parseFault(input);
      let id = fault.id;
      if (id === undefined) {
        do id = `flt_${next++}`;
        while (ids.has(id));
      } else if (ids.has(id)) {
        throw new FaultError(`@studio-kit/sandbox: a fault with id "${id}" exists; clear it first or pick another id.`);
      }
      const entry: Entry = { fault: { ...fault, id }, fired: 0, random: createRandom(fault.seed ?? 1) };
      entries.push(entry);
      ids.add(id);
      return listed(entry);
    },
    list: () => entries.map(listed),
    clear(id) {
      const before = entries.length;
      if (id === undefined) {
        entries = [];
        ids.clear();
      } else if (ids.delete(id)) {
        entries = entries.filter((entry) => entry.fault.id !== id);
      }
      return before - entries.length;
    },
    fire(stage, target) {
      for (const entry of entries) {
        const { fault } = entry;
        if (fault.times !== undefined && entry.fired >= fault.times) continue;
        if (!matches(fault, stage, target)) continue;
        // Drawn only for matching requests, so the same requests in the same order fire the same faults.
        if (fault.probability !== undefined && entry.random.next() >= fault.probability) continue;
        entry.fired += 1;
        return fault;
      }
      return undefined;
    },
  };
}
