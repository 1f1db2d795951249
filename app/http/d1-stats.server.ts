/**
 * Counts D1 round trips (and time spent waiting on them) for one request, so every response can
 * say in `Server-Timing` how many it needed — the budget is at most 2 per reader page. A batch
 * is one round trip; so is each first/all/run/raw on a statement outside a batch.
 */
export interface D1Stats {
  trips: number;
  ms: number;
}

const EXECUTE = new Set(["first", "all", "run", "raw"]);

export function countingD1(db: D1Database, stats: D1Stats): D1Database {
  const targets = new WeakMap<object, D1PreparedStatement>();
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    stats.trips += 1;
    const start = performance.now();
    try {
      return await work();
    } finally {
      stats.ms += performance.now() - start;
    }
  };
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === "bind") return (...args: unknown[]) => wrap((value as D1PreparedStatement["bind"]).apply(target, args));
        if (typeof prop === "string" && EXECUTE.has(prop)) {
          return (...args: unknown[]) => timed(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    targets.set(proxy, stmt);
    return proxy;
  };
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch") {
        return (statements: D1PreparedStatement[]) =>
          timed(() => target.batch(statements.map((s) => targets.get(s) ?? s)));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export function serverTiming(stats: D1Stats): string {
  return `d1;desc="${stats.trips} round trips";dur=${stats.ms.toFixed(1)}`;
}
