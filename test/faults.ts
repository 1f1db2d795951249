/** Fault injection for tests: real bindings wrapped so that chosen operations fail. */

/** An R2 bucket whose puts fail (storage outage). */
export function failingPuts(bucket: R2Bucket): R2Bucket {
  return new Proxy(bucket, {
    get(target, prop) {
      if (prop === "put") return async () => { throw new Error("injected R2 put failure"); };
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

const POISONED = Symbol("poisoned statement");

/**
 * A D1 database whose writes to `table` fail (database outage mid-request): alone, or anywhere
 * in a batch (then the whole batch fails, as a transaction does).
 */
export function failingWrites(d1: D1Database, table: string): D1Database {
  const poison = (sql: string) => new RegExp(`^\\s*(insert into|update)\\s+"?${table}"?`, "i").test(sql);
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          if (statements.some((s) => (s as unknown as Record<symbol, boolean>)[POISONED])) throw new Error("injected D1 write failure");
          return target.batch(statements);
        };
      }
      if (prop === "prepare") {
        return (sql: string) => {
          if (!poison(sql)) return target.prepare(sql);
          const stmt = target.prepare("select 1");
          const fail = async () => { throw new Error("injected D1 write failure"); };
          return new Proxy(stmt, {
            get(s, p) {
              if (p === POISONED) return true;
              if (p === "bind") return () => new Proxy(stmt, { get: (_s2, p2) => (p2 === POISONED ? true : ["run", "all", "first", "raw"].includes(String(p2)) ? fail : Reflect.get(stmt, p2, stmt)) });
              if (["run", "all", "first", "raw"].includes(String(p))) return fail;
              const v = Reflect.get(s, p, s);
              return typeof v === "function" ? v.bind(s) : v;
            },
          });
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}


/** A D1 database whose reads of `table` fail (a database outage while a page or call reads it). */
export function failingReads(d1: D1Database, table: string): D1Database {
  const poison = (sql: string) => new RegExp(`^\\s*select\\b[\\s\\S]*\\bfrom\\s+"?${table}"?(\\s|$)`, "i").test(sql);
  const failing = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(s, p) {
        if (p === "__poisoned") return true;
        if (p === "bind") return (...args: unknown[]) => failing(s.bind(...args));
        if (["run", "all", "first", "raw"].includes(String(p))) return async () => { throw new Error(`injected D1 read failure on ${table}`); };
        const v = Reflect.get(s, p, s);
        return typeof v === "function" ? v.bind(s) : v;
      },
    });
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => (poison(sql) ? failing(target.prepare(sql)) : target.prepare(sql));
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          // A batch holding a poisoned read fails as a whole, as D1's would.
          for (const s of statements) if ((s as unknown as { __poisoned?: boolean }).__poisoned) throw new Error(`injected D1 read failure on ${table}`);
          return target.batch(statements);
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}
