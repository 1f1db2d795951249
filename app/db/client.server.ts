import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = DrizzleD1Database<typeof schema>;

// One drizzle wrapper per D1 binding object, built once per isolate rather than per request.
const cache = new WeakMap<D1Database, Db>();
const bindings = new WeakMap<Db, D1Database>();

export function getDb(d1: D1Database): Db {
  let db = cache.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    cache.set(d1, db);
    bindings.set(db, d1);
  }
  return db;
}

/** The raw D1 binding behind a drizzle instance, for the few queries drizzle can't express (FTS5). */
export function d1Of(db: Db): D1Database {
  const d1 = bindings.get(db);
  if (!d1) throw new Error("drizzle instance not created by getDb");
  return d1;
}

export { schema };
