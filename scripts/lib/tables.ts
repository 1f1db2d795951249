/**
 * The tables a dump or backup holds, read from the database's own schema (so a table a later
 * migration adds is included without touching this file), in an order that satisfies their
 * foreign keys, with the filter that keeps one journal's rows. Shared by `npm run backup`,
 * `npm run restore` and `npm run export`.
 */
import type { Row, Statement } from "./targets.ts";

/**
 * Derived or transient tables, never dumped: the FTS5 indexes (+ shadow tables, rebuilt from
 * the articles), SQLite and D1 internals, the applied-migrations list (a restore applies them
 * itself), throttling counters, sign-in sessions (staff sign in again after a restore),
 * remembered form submissions (kept a day) and one-time set-password links (a day at most; an
 * admin makes a new one). `maintenance_jobs` is kept: it says which one-off
 * data jobs have run over these rows, so a restore neither re-runs nor skips one.
 */
export const NOT_DUMPED = /^(articles_fts.*|sqlite_.*|_cf_.*|d1_migrations|login_attempts|staff_sessions|form_submissions|staff_password_links)$/;

export interface TableInfo {
  name: string;
  columns: string[];
  /** Tables this one references (foreign keys), itself excluded. */
  parents: string[];
  /** WHERE clause keeping one journal's rows (its parameter: the slug), or null for a global table. */
  journalFilter: string | null;
  /** How its rows are ordered: rowid, or the primary key of a WITHOUT ROWID table. */
  order: string;
}

type Query = (sql: string, params?: (string | number | null)[]) => Promise<Row[]>;
type QueryAll = (statements: Statement[]) => Promise<Row[][]>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The dumped tables, parents before children (ties by name), with their columns and filters. */
export async function dumpedTables(source: { query: Query; queryAll: QueryAll }): Promise<TableInfo[]> {
  const master = (await source.query("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")).filter((t) => !NOT_DUMPED.test(String(t.name)));
  // Every table's columns and foreign keys in one round trip (one wrangler run in production).
  const pragmas = await source.queryAll(
    master.flatMap((t) => [
      { sql: `PRAGMA table_info(${quote(String(t.name))})`, params: [] },
      { sql: `PRAGMA foreign_key_list(${quote(String(t.name))})`, params: [] },
    ]),
  );
  const raw = new Map<string, { columns: string[]; pk: string[]; fks: { table: string; from: string; to: string | null }[]; withoutRowid: boolean }>();
  for (const [i, t] of master.entries()) {
    const name = String(t.name);
    const info = pragmas[2 * i];
    const fks = pragmas[2 * i + 1];
    raw.set(name, {
      columns: info.map((c) => String(c.name)),
      pk: info.filter((c) => Number(c.pk) > 0).sort((a, b) => Number(a.pk) - Number(b.pk)).map((c) => String(c.name)),
      fks: fks.map((f) => ({ table: String(f.table), from: String(f.from), to: f.to == null ? null : String(f.to) })),
      withoutRowid: /\bWITHOUT\s+ROWID\b/i.test(String(t.sql ?? "")),
    });
  }
  // One journal's rows: the journal itself, rows carrying its id, and rows of tables that only
  // reach it through a parent (found by following foreign keys).
  const filters = new Map<string, string | null>();
  const filterOf = (name: string, seen = new Set<string>()): string | null => {
    if (filters.has(name)) return filters.get(name)!;
    const t = raw.get(name);
    if (!t || seen.has(name)) return null;
    seen.add(name);
    let filter: string | null = null;
    if (name === "journals") filter = `${quote("id")} = (SELECT id FROM journals WHERE slug = ?)`;
    else if (t.columns.includes("journal_id")) filter = `${quote("journal_id")} = (SELECT id FROM journals WHERE slug = ?)`;
    else {
      for (const fk of t.fks) {
        const parent = filterOf(fk.table, seen);
        const key = fk.to ?? raw.get(fk.table)?.pk[0] ?? "rowid";
        if (parent) {
          filter = `${quote(fk.from)} IN (SELECT ${quote(key)} FROM ${quote(fk.table)} WHERE ${parent})`;
          break;
        }
      }
    }
    filters.set(name, filter);
    return filter;
  };
  const tables = [...raw.keys()].map((name) => {
    const t = raw.get(name)!;
    return {
      name,
      columns: t.columns,
      parents: [...new Set(t.fks.map((f) => f.table).filter((p) => p !== name && raw.has(p)))],
      journalFilter: filterOf(name),
      order: t.withoutRowid ? t.pk.map(quote).join(", ") : "rowid",
    };
  });
  return parentsFirst(tables);
}

function parentsFirst(tables: TableInfo[]): TableInfo[] {
  const out: TableInfo[] = [];
  const placed = new Set<string>();
  const pending = [...tables];
  while (pending.length) {
    const i = pending.findIndex((t) => t.parents.every((p) => placed.has(p)));
    // A cycle of foreign keys: take the next by name (the restore defers foreign keys anyway).
    const [next] = pending.splice(i === -1 ? 0 : i, 1);
    out.push(next);
    placed.add(next.name);
  }
  return out;
}

/** One page of a table's rows (of one journal when `slug` is given), in a stable order. */
export function pageStatement(table: TableInfo, slug: string | undefined, offset: number, page: number): Statement {
  const where = slug !== undefined ? ` WHERE ${table.journalFilter}` : "";
  return { sql: `SELECT * FROM ${quote(table.name)}${where} ORDER BY ${table.order} LIMIT ${page} OFFSET ${offset}`, params: slug !== undefined ? [slug] : [] };
}

/** How many rows a table holds (of one journal when `slug` is given), as `n`. */
export function countStatement(table: TableInfo, slug?: string | null): Statement {
  const where = slug != null ? ` WHERE ${table.journalFilter}` : "";
  return { sql: `SELECT count(*) AS n FROM ${quote(table.name)}${where}`, params: slug != null ? [slug] : [] };
}

/** Every row of a table (of one journal when `slug` is given) from `offset` on, in pages, in a stable order. */
export async function* tableRows(query: Query, table: TableInfo, slug?: string, page = 1000, offset = 0): AsyncGenerator<Row[]> {
  for (; ; offset += page) {
    const s = pageStatement(table, slug, offset, page);
    const rows = await query(s.sql, s.params);
    if (rows.length) yield rows;
    if (rows.length < page) return;
  }
}

/**
 * An INSERT of one row with bound parameters (only text, numbers and nulls: the schema has no
 * BLOBs). OR REPLACE: a row a migration wrote into the empty database (a maintenance job it
 * flags) gives way to the backup's.
 */
export function insertStatement(table: string, columns: string[], values: unknown[]): Statement {
  const params = values.map((v, i) => {
    if (v === null || typeof v === "string" || typeof v === "number") return v;
    if (typeof v === "boolean") return v ? 1 : 0;
    throw new Error(`${table}.${columns[i]} holds a ${typeof v} value, which dumps do not carry`);
  });
  return {
    sql: `INSERT OR REPLACE INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    params,
  };
}

/**
 * The search indexes re-filled from the restored articles, exactly as their triggers fill them:
 * enabled articles in `articles_fts` (migrations/0002), disabled ones in `articles_fts_disabled`
 * (0015). FTS5's 'rebuild' would read every article whatever its status, and the triggers only
 * remove entries of their own status, so a disabled article indexed that way would stay
 * searchable by readers for good.
 */
export const SEARCH_INDEX_REFILL: string[] = [
  "INSERT INTO `articles_fts`(`articles_fts`) VALUES ('delete-all')",
  "INSERT INTO `articles_fts`(`rowid`, `search_title`, `authorname`, `keywords`, `search_abstract`)" +
    " SELECT `id`, `search_title`, `authorname`, `keywords`, `search_abstract` FROM `articles` WHERE `status` = 'enabled'",
  "INSERT INTO `articles_fts_disabled`(`articles_fts_disabled`) VALUES ('delete-all')",
  "INSERT INTO `articles_fts_disabled`(`rowid`, `search_title`, `authorname`)" +
    " SELECT `id`, `search_title`, `authorname` FROM `articles` WHERE `status` = 'disabled'",
];

/**
 * A value as an SQL literal for a dump file. Text that is not plain printable text (NUL, other
 * control characters) is written as its UTF-8 bytes cast to text, which every
 * SQL reader takes as it is; the rest stays readable.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "NULL";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    const bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    return `X'${Buffer.from(bytes).toString("hex")}'`;
  }
  const text = String(value);
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) return `CAST(X'${Buffer.from(text, "utf8").toString("hex")}' AS TEXT)`;
  return `'${text.replace(/'/g, "''")}'`;
}
