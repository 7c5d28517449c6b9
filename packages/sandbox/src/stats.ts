/** Request counts, read by benchmarks through `GET /__sandbox/stats`. */
export interface SandboxStats {
  /** Every POST /graphql, valid or not. */
  graphqlRequests: number;
  /** Executed operations by operation name (`(anonymous)` when unnamed): one per request. */
  operations: Record<string, number>;
  /** Executed root-field selections by field name: a request with ten aliased `image` fields adds ten. */
  rootFields: Record<string, number>;
}

export interface Stats {
  countRequest(): void;
  countOperation(name: string, rootFields: readonly string[]): void;
  snapshot(): SandboxStats;
  reset(): void;
}

export function createStats(): Stats {
  let graphqlRequests = 0;
  let operations = new Map<string, number>();
  let rootFields = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  return {
    countRequest: () => {
      graphqlRequests += 1;
    },
    countOperation(name, fields) {
      bump(operations, name);
      for (const field of fields) bump(rootFields, field);
    },
    snapshot: () => ({
      graphqlRequests,
      operations: Object.fromEntries(operations),
      rootFields: Object.fromEntries(rootFields),
    }),
    reset() {
      graphqlRequests = 0;
      operations = new Map();
      rootFields = new Map();
    },
  };
}
