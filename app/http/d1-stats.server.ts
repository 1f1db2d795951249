import { AsyncLocalStorage } from "node:async_hooks";

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

/** The request being served, for requestD1's one wrapper per binding. */
const current = new AsyncLocalStorage<D1Stats>();
const counted = new WeakMap<D1Database, D1Database>();

/**
 * The binding wrapped once per isolate, counting into the stats of whichever request calls it
 * (runWithD1Stats): the binding keeps one identity, so getDb's drizzle instance, whose making
 * walks the whole schema, is made once per isolate rather than on every request.
 */
export function requestD1(db: D1Database): D1Database {
  let wrapped = counted.get(db);
  if (!wrapped) {
    wrapped = countingD1(db, () => current.getStore());
    counted.set(db, wrapped);
  }
  return wrapped;
}

/** Runs a request's work with `stats` as the figures requestD1 counts into. */
export function runWithD1Stats<T>(stats: D1Stats, work: () => T): T {
  return current.run(stats, work);
}

export function countingD1(db: D1Database, into: D1Stats | (() => D1Stats | undefined)): D1Database {
  const statsOf = typeof into === "function" ? into : () => into;
  const targets = new WeakMap<object, D1PreparedStatement>();
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    const stats = statsOf();
    if (!stats) return work();
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
