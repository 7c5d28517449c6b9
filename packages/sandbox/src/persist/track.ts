import type { SandboxState } from "../state/store.js";

// Which records changed since the write-ahead log's last entry. Resolvers change records in place all over the
// sandbox (a card's position, credits as spent, an upload's path), so rather than asking each to say so, the
// collections of the state are replaced by maps that hand out records behind a Proxy: any write to a record, at any
// depth, marks (collection, id) changed, and so do `set` and `delete` on the map. Reads cost one trap; what is stored
// stays plain objects (proxies are unwrapped on the way in), so snapshots serialize the raw records.
//
// Limit: two records sharing one nested object (a shallow copy) and changed through one of them mark only that
// one; the next snapshot, which serializes everything, still has both right.

export type Collection = keyof SandboxState;

/** One change for the log: the record as it is now, or null when it was deleted. */
export type Change = [collection: Collection, id: string, record: unknown];

export interface ChangeTracker {
  /** Whether anything changed since the last `take`. */
  readonly pending: boolean;
  /** The changed records as they are now, and forgets them. */
  take(): Change[];
}

const targets = new WeakMap<object, object>();

/** The plain object behind a tracked view, with any views nested in a new value replaced by theirs. */
function unwrap<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  const target = targets.get(value as object);
  if (target) return target as T;
  // A new object may hold views (a spread copy of a tracked record): store plain objects only.
  const stack: object[] = [value as object];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    if (seen.has(node)) continue;
    seen.add(node);
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (typeof child !== "object" || child === null) continue;
      const raw = targets.get(child);
      if (raw) node[key] = raw;
      else stack.push(child);
    }
  }
  return value;
}

interface Owner {
  mark(): void;
  /** Views of the objects nested in this record, so the same object gets the same view. */
  nested: WeakMap<object, object>;
}

function view<T extends object>(target: T, owner: Owner): T {
  const cached = owner.nested.get(target);
  if (cached) return cached as T;
  const proxy = new Proxy(target, {
    get(object, key) {
      const value = Reflect.get(object, key, object) as unknown;
      return typeof value === "object" && value !== null ? view(value, owner) : value;
    },
    set(object, key, value) {
      const plain = unwrap(value);
      if (!Object.is(Reflect.get(object, key, object), plain)) owner.mark();
      return Reflect.set(object, key, plain, object);
    },
    deleteProperty(object, key) {
      if (Object.hasOwn(object, key)) owner.mark();
      return Reflect.deleteProperty(object, key);
    },
    defineProperty(object, key, descriptor) {
      owner.mark();
      const plain = "value" in descriptor ? { ...descriptor, value: unwrap(descriptor.value) } : descriptor;
      return Reflect.defineProperty(object, key, plain);
    },
  });
  owner.nested.set(target, proxy);
  targets.set(proxy, target);
  return proxy;
}

/** A collection whose records report their changes; iteration and `get` hand out views, `raw` the records. */
class TrackedMap<V extends object> extends Map<string, V> {
  readonly #owners = new Map<string, { record: V; owner: Owner }>();
  readonly #mark: (id: string) => void;

  constructor(entries: Iterable<[string, V]>, mark: (id: string) => void) {
    super();
    this.#mark = mark;
    for (const [id, record] of entries) super.set(id, record);
  }

  #view(id: string, record: V): V {
    let held = this.#owners.get(id);
    if (!held || held.record !== record) {
      held = { record, owner: { mark: () => this.#mark(id), nested: new WeakMap() } };
      this.#owners.set(id, held);
    }
    return view(record, held.owner);
  }

  override get(id: string): V | undefined {
    const record = super.get(id);
    return record === undefined ? undefined : this.#view(id, record);
  }

  override set(id: string, record: V): this {
    this.#mark(id);
    return super.set(id, unwrap(record));
  }

  override delete(id: string): boolean {
    this.#owners.delete(id);
    const deleted = super.delete(id);
    if (deleted) this.#mark(id);
    return deleted;
  }

  override clear(): void {
    for (const id of super.keys()) this.#mark(id);
    this.#owners.clear();
    super.clear();
  }

  override *entries(): MapIterator<[string, V]> {
    for (const [id, record] of super.entries()) yield [id, this.#view(id, record)];
  }

  override *values(): MapIterator<V> {
    for (const [id, record] of super.entries()) yield this.#view(id, record);
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    for (const [id, record] of this.entries()) callback.call(thisArg, record, id, this);
  }

  /** The records themselves, not views: for serializing. */
  raw(id: string): V | undefined {
    return super.get(id);
  }
}

/** The entries of a collection as stored (plain records), tracked or not. */
export function rawEntries<V>(map: Map<string, V>): IterableIterator<[string, V]> {
  return Map.prototype.entries.call(map) as IterableIterator<[string, V]>;
}

/** Replaces every collection of `state` by a tracked one (same records, same order) and returns the tracker. */
export function trackState(state: SandboxState): ChangeTracker {
  const changed = new Map<Collection, Set<string>>();
  for (const name of Object.keys(state) as Collection[]) {
    const ids = new Set<string>();
    changed.set(name, ids);
    const map = new TrackedMap(rawEntries(state[name] as Map<string, object>), (id) => ids.add(id));
    (state as unknown as Record<Collection, Map<string, object>>)[name] = map;
  }
  return {
    get pending() {
      for (const ids of changed.values()) if (ids.size > 0) return true;
      return false;
    },
    take() {
      const changes: Change[] = [];
      for (const [name, ids] of changed) {
        const map = state[name] as unknown as TrackedMap<object>;
        for (const id of ids) changes.push([name, id, map.raw(id) ?? null]);
        ids.clear();
      }
      return changes;
    },
  };
}
