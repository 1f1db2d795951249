/**
 * Backups that restore (docs/decisions/022-backups.md): one folder holding the rows of every
 * table that matters, every stored object a row references, and a manifest with the count, size
 * and SHA-256 of every part. Written and checked part by part, resumable, and incremental (an
 * object already in an earlier backup is copied from there, not fetched again); verified again
 * before it is declared done and before it is restored.
 *
 *   DIR/manifest.json          what the backup holds (written last: no manifest, no backup)
 *   DIR/rows/{table}.jsonl     line 1: {"table","columns"}; then one JSON array per row
 *   DIR/objects/{R2 key}       each object, byte for byte
 *   DIR/.progress.jsonl        objects already written by an interrupted run (removed at the end)
 *
 * Rows are JSON, so every text value comes back exactly as it was read, whatever characters it
 * holds; the restore binds them as parameters (or, through wrangler, writes them as UTF-8 bytes
 * cast to text), never as text spliced into SQL.
 */
import { createHash } from "node:crypto";
import { constants, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, appendFileSync } from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { childEnv, root } from "./run.mjs";
import { countStatement, dumpedTables, insertStatement, pageStatement, SEARCH_INDEX_REFILL, tableRows, type TableInfo } from "./tables.ts";
import type { Row, Statement, Target } from "./targets.ts";

const FORMAT = "journal-site-backup";
const FORMAT_VERSION = 1;

interface TablePart {
  name: string;
  file: string;
  columns: string[];
  rows: number;
  bytes: number;
  sha256: string;
}

interface ObjectPart {
  key: string;
  file: string;
  bytes: number;
  sha256: string;
  contentType: string;
  /** The rows that reference it: "articles#12.file", "settings#3.logo". */
  referencedBy: string[];
}

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  created: string;
  /** Where it was read from: "local" or "remote". */
  source: string;
  /** The journal's slug for a one-journal backup; null for the whole deployment. */
  journal: string | null;
  /** D1 migrations applied to the source (a restore applies exactly these before the rows). */
  migrations: string[];
  /** In restore order (parents first). */
  tables: TablePart[];
  /** Tables without journal rows, left out of a one-journal backup. */
  leftOut: string[];
  objects: ObjectPart[];
  /** Objects a row referenced that the source did not have (storage-check lists them too). */
  missing: { key: string | null; referencedBy: string }[];
  totals: { rows: number; objects: number; objectBytes: number };
}

/** A refusal the CLI prints as one line (exit 1), nothing half-done. */
export class Refused extends Error {}

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

const MANIFEST = "manifest.json";
const PROGRESS = ".progress.jsonl";
const SAFE_KEY = /^journals\/\d+\/(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*$/;

function objectFile(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unexpected object key ${JSON.stringify(key)}`);
  return `objects/${key}`;
}

/** A file inside the backup folder (manifest paths can never point outside it). */
function inside(dir: string, file: string): string {
  const full = path.resolve(dir, file);
  if (!full.startsWith(path.resolve(dir) + path.sep)) throw new Error(`path ${file} leaves the backup folder`);
  return full;
}

/** Writes `bytes` to `file` through a temporary name (a present file is a complete one), then reads it back. */
function writeChecked(file: string, bytes: Uint8Array | string): { bytes: number; sha256: string } {
  mkdirSync(path.dirname(file), { recursive: true });
  const expected = sha256(bytes);
  writeFileSync(`${file}.partial`, bytes);
  renameSync(`${file}.partial`, file);
  const back = readFileSync(file);
  const actual = sha256(back);
  if (actual !== expected) throw new Error(`${file} reads back differently from what was written (disk or filesystem fault)`);
  return { bytes: back.length, sha256: actual };
}

function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return ({ pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp", gif: "image/gif" } as Record<string, string>)[ext] ?? "application/octet-stream";
}

function encodeValue(table: string, column: string, v: unknown): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return v;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`${table}.${column} holds ${v}, which JSON cannot carry`);
    return v;
  }
  throw new Error(`${table}.${column} holds a ${typeof v} value; backups carry text, numbers and nulls (the schema has no BLOB columns)`);
}

async function migrationsOf(target: Target): Promise<string[]> {
  const exists = await target.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'");
  if (!exists.length) return [];
  return (await target.query("SELECT name FROM d1_migrations ORDER BY id")).map((r) => String(r.name));
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(workers);
}

/** The newest complete backup beside `dir` (same parent folder), for incremental object copies. */
function earlierBackup(dir: string): string | null {
  const parent = path.dirname(path.resolve(dir));
  if (!existsSync(parent)) return null;
  let best: { dir: string; created: string } | null = null;
  for (const name of readdirSync(parent)) {
    const candidate = path.join(parent, name);
    if (candidate === path.resolve(dir)) continue;
    try {
      const m = JSON.parse(readFileSync(path.join(candidate, MANIFEST), "utf8")) as Manifest;
      if (m.format === FORMAT && (!best || m.created > best.created)) best = { dir: candidate, created: m.created };
    } catch {
      /* not a backup */
    }
  }
  return best?.dir ?? null;
}

interface BackupResult {
  manifest: Manifest;
  fetched: number;
  copied: number;
  resumed: number;
  since: string | null;
}

/**
 * Writes a backup of `target` (the whole deployment, or one journal) into `dir`: a new folder, or
 * the folder of an interrupted run (objects it already wrote are kept once they hash right).
 */
export async function writeBackup(
  target: Target,
  dir: string,
  opts: { journal?: string; since?: string | null; source: string; log?: (line: string) => void },
): Promise<BackupResult> {
  const log = opts.log ?? (() => {});
  if (existsSync(path.join(dir, MANIFEST))) throw new Refused(`${dir} already holds a complete backup; give a new folder.`);
  mkdirSync(dir, { recursive: true });
  const migrations = await migrationsOf(target);
  if (!migrations.length) throw new Refused(`${target.label} has no journal-site database (no migrations applied).`);
  if (opts.journal !== undefined && !(await target.query("SELECT id FROM journals WHERE slug = ?", [opts.journal])).length) {
    throw new Refused(`No journal '${opts.journal}' in ${target.label}.`);
  }

  // Rows, table by table.
  const all = await dumpedTables(target);
  const tables = opts.journal === undefined ? all : all.filter((t) => t.journalFilter !== null);
  const leftOut = opts.journal === undefined ? [] : all.filter((t) => t.journalFilter === null).map((t) => t.name);
  rmSync(path.join(dir, "rows"), { recursive: true, force: true });
  // Through the CLI every read is a wrangler run (seconds each): the counts come in one run, then
  // the first pages of several tables per run, as many as hold at most PAGE rows between them (no
  // bigger an answer than one page of one table). A table counted empty is not read: a row
  // written since is one written after the backup read it, as when any table is read.
  const counts = (await target.queryAll(tables.map((t) => countStatement(t, opts.journal)))).map(([row]) => Number(row?.n ?? 0));
  const firstPages = new Map<string, Row[]>();
  for (let i = 0; i < tables.length; ) {
    const group: TableInfo[] = [];
    for (let rows = 0; i < tables.length && (!group.length || rows + counts[i] <= PAGE); i++) {
      if (counts[i] > 0) group.push(tables[i]);
      else firstPages.set(tables[i].name, []);
      rows += counts[i];
    }
    if (!group.length) continue;
    const pages = await target.queryAll(group.map((t) => pageStatement(t, opts.journal, 0, PAGE)));
    group.forEach((t, j) => firstPages.set(t.name, pages[j] ?? []));
  }
  const parts: TablePart[] = [];
  for (const table of tables) parts.push(await writeTable(target, dir, table, firstPages.get(table.name)!, opts.journal));
  log(`  rows: ${parts.map((p) => `${p.name} ${p.rows}`).join(", ")}`);

  // Objects the rows reference.
  const { storedObjectRowsStatement, objectReferences } = await import("../../app/models/stored-objects.server.ts");
  const statement = storedObjectRowsStatement(opts.journal);
  const references = objectReferences(await target.query(statement.sql, statement.params));
  const byKey = new Map<string, string[]>();
  const missing: Manifest["missing"] = [];
  for (const r of references) {
    const label = `${r.table}#${r.rowId}.${r.column}`;
    if (r.key === null) missing.push({ key: null, referencedBy: `${label} (${JSON.stringify(r.name)} is not an object name)` });
    else byKey.set(r.key, [...(byKey.get(r.key) ?? []), label]);
  }

  const progress = new Map<string, { sha256: string; bytes: number }>();
  const progressFile = path.join(dir, PROGRESS);
  if (existsSync(progressFile)) {
    for (const line of readFileSync(progressFile, "utf8").split("\n")) {
      if (!line) continue;
      try {
        const p = JSON.parse(line) as { key: string; sha256: string; bytes: number };
        progress.set(p.key, p);
      } catch {
        /* a line cut by the interruption */
      }
    }
  }
  const since = opts.since === undefined ? earlierBackup(dir) : opts.since;
  const earlier = new Map<string, ObjectPart & { dir: string }>();
  if (since) {
    try {
      const m = JSON.parse(readFileSync(path.join(since, MANIFEST), "utf8")) as Manifest;
      for (const o of m.objects) earlier.set(o.key, { ...o, dir: since });
    } catch {
      throw new Refused(`${since} is not a complete backup (no readable manifest.json).`);
    }
  }

  const objects: ObjectPart[] = [];
  let fetched = 0;
  let copied = 0;
  let resumed = 0;
  const keys = [...byKey.keys()].sort();
  await pool(keys, target.parallel, async (key) => {
    const file = objectFile(key);
    const full = inside(dir, file);
    const record = (bytes: number, hash: string) => {
      objects.push({ key, file, bytes, sha256: hash, contentType: contentTypeOf(key), referencedBy: byKey.get(key)! });
      appendFileSync(progressFile, `${JSON.stringify({ key, sha256: hash, bytes })}\n`);
    };
    const done = progress.get(key);
    if (done && existsSync(full) && sha256(readFileSync(full)) === done.sha256) {
      resumed++;
      objects.push({ key, file, bytes: done.bytes, sha256: done.sha256, contentType: contentTypeOf(key), referencedBy: byKey.get(key)! });
      return;
    }
    // Object keys are written once (every upload gets a new key, ADR 004): an earlier backup's
    // copy of the same key is the same object, once it hashes to what that backup recorded.
    const before = earlier.get(key);
    if (before) {
      const source = inside(before.dir, before.file);
      if (existsSync(source) && sha256(readFileSync(source)) === before.sha256) {
        mkdirSync(path.dirname(full), { recursive: true });
        copyFileSync(source, `${full}.partial`, constants.COPYFILE_FICLONE);
        renameSync(`${full}.partial`, full);
        const hash = sha256(readFileSync(full));
        if (hash !== before.sha256) throw new Error(`${file} copied from ${since} reads back differently`);
        copied++;
        record(before.bytes, hash);
        return;
      }
    }
    const bytes = await target.getObject(key);
    if (!bytes) {
      missing.push({ key, referencedBy: byKey.get(key)!.join(", ") });
      return;
    }
    const written = writeChecked(full, bytes);
    fetched++;
    record(written.bytes, written.sha256);
  });
  objects.sort((a, b) => (a.key < b.key ? -1 : 1));
  missing.sort((a, b) => String(a.key).localeCompare(String(b.key)));
  removeStrays(dir, new Set(objects.map((o) => o.file)));

  const manifest: Manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    created: new Date().toISOString(),
    source: opts.source,
    journal: opts.journal ?? null,
    migrations,
    tables: parts,
    leftOut,
    objects,
    missing,
    totals: { rows: parts.reduce((n, p) => n + p.rows, 0), objects: objects.length, objectBytes: objects.reduce((n, o) => n + o.bytes, 0) },
  };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  writeFileSync(path.join(dir, `${MANIFEST}.partial`), text);
  // Checked whole before it is declared a backup: the manifest goes in place only then.
  const problems = verifyParts(dir, manifest);
  if (problems.length) throw new Error(`the backup in ${dir} does not verify:\n  ${problems.join("\n  ")}`);
  renameSync(path.join(dir, `${MANIFEST}.partial`), path.join(dir, MANIFEST));
  rmSync(progressFile, { force: true });
  return { manifest, fetched, copied, resumed, since };
}

/** Rows read per query. */
const PAGE = 1000;

/** A table's rows: its first page (read already), then the rest page by page if it was full. */
async function writeTable(target: Target, dir: string, table: TableInfo, firstPage: Row[], journal?: string): Promise<TablePart> {
  const lines = [JSON.stringify({ table: table.name, columns: table.columns })];
  let rows = 0;
  const add = (page: Row[]) => {
    for (const row of page) {
      lines.push(JSON.stringify(table.columns.map((c) => encodeValue(table.name, c, row[c]))));
      rows++;
    }
  };
  add(firstPage);
  if (firstPage.length === PAGE) for await (const page of tableRows(target.query, table, journal, PAGE, firstPage.length)) add(page);
  const file = `rows/${table.name}.jsonl`;
  const written = writeChecked(inside(dir, file), `${lines.join("\n")}\n`);
  return { name: table.name, file, columns: table.columns, rows, ...written };
}

/** Files under objects/ that no longer belong (an interrupted run's objects whose rows changed since). */
function removeStrays(dir: string, keep: Set<string>): void {
  const walk = (rel: string) => {
    const full = path.join(dir, rel);
    if (!existsSync(full)) return;
    for (const name of readdirSync(full)) {
      const child = `${rel}/${name}`;
      if (statSync(path.join(dir, child)).isDirectory()) walk(child);
      else if (!keep.has(child)) rmSync(path.join(dir, child), { force: true });
    }
  };
  walk("objects");
}

/** What does not match the manifest: every table file and object re-read and re-hashed. */
function verifyParts(dir: string, manifest: Manifest): string[] {
  const problems: string[] = [];
  const check = (file: string, bytes: number, hash: string): Buffer | null => {
    let full: string;
    try {
      full = inside(dir, file);
    } catch (error) {
      problems.push((error as Error).message);
      return null;
    }
    if (!existsSync(full)) {
      problems.push(`${file}: missing`);
      return null;
    }
    const data = readFileSync(full);
    if (data.length !== bytes) problems.push(`${file}: ${data.length} bytes, the manifest says ${bytes}`);
    else if (sha256(data) !== hash) problems.push(`${file}: SHA-256 ${sha256(data)}, the manifest says ${hash}`);
    else return data;
    return null;
  };
  for (const t of manifest.tables) {
    const data = check(t.file, t.bytes, t.sha256);
    if (!data) continue;
    const lines = data.toString("utf8").split("\n").filter(Boolean);
    if (lines.length - 1 !== t.rows) problems.push(`${t.file}: ${lines.length - 1} rows, the manifest says ${t.rows}`);
  }
  for (const o of manifest.objects) check(o.file, o.bytes, o.sha256);
  return problems;
}

/** Reads and checks a backup: its manifest, then every part against it. */
export function verifyBackup(dir: string): { manifest: Manifest | null; problems: string[] } {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), "utf8")) as Manifest;
  } catch {
    const partial = existsSync(path.join(dir, PROGRESS)) || existsSync(path.join(dir, "rows"));
    return { manifest: null, problems: [partial ? `${dir} holds an unfinished backup (no manifest.json): run the backup into it again to finish it` : `${dir}/manifest.json is missing or unreadable`] };
  }
  if (manifest.format !== FORMAT || manifest.version !== FORMAT_VERSION) {
    return { manifest: null, problems: [`${dir}/manifest.json is not a ${FORMAT} version ${FORMAT_VERSION} manifest`] };
  }
  return { manifest, problems: verifyParts(dir, manifest) };
}

// ---- Restore -----------------------------------------------------------------------------------

const repoMigrations = () =>
  readdirSync(path.join(root, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort();

/** Migrations applied by `wrangler d1 migrations apply` (production), with the target closed. */
function wranglerMigrations(wranglerTarget: string[], only?: string[]): void {
  let config = path.join(root, "wrangler.toml");
  let scratch: string | null = null;
  if (only) {
    // The backup's own migrations first, so the data migrations that came after it run over the
    // restored rows, as they ran over the original's.
    scratch = path.join(root, ".wrangler", "tmp", `restore-migrations-${process.pid}`);
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(path.join(scratch, "migrations"), { recursive: true });
    for (const name of only) copyFileSync(path.join(root, "migrations", name), path.join(scratch, "migrations", name));
    config = path.join(scratch, "wrangler.toml");
    writeFileSync(
      config,
      readFileSync(path.join(root, "wrangler.toml"), "utf8")
        .replace(/^main\s*=\s*"\.\/(.*)"$/m, (_m, p: string) => `main = "${path.join(root, p)}"`)
        .replace(/^migrations_dir\s*=\s*".*"$/m, `migrations_dir = "${path.join(scratch, "migrations")}"`),
    );
  }
  const r = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", ...wranglerTarget, "--config", config], {
    cwd: root,
    env: childEnv({ CI: "1" }),
    encoding: "utf8",
  });
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`wrangler d1 migrations apply failed:\n${r.stdout}\n${r.stderr}`);
}

interface RestoreResult {
  rows: Record<string, number>;
  objects: number;
  replaced: boolean;
}

/** Whether the target holds journal data already (rows, or for a listable bucket, journal objects). */
async function targetContents(target: Target, journal: string | null): Promise<string[]> {
  const found: string[] = [];
  const hasJournals = (await target.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'journals'")).length > 0;
  if (hasJournals) {
    const rows = journal === null ? await target.query("SELECT slug FROM journals ORDER BY id") : await target.query("SELECT slug FROM journals WHERE slug = ?", [journal]);
    if (rows.length) found.push(`journals ${rows.map((r) => r.slug).join(", ")}`);
  }
  if (journal === null && target.listObjects) {
    const keys = await target.listObjects("journals/");
    if (keys.length) found.push(`${keys.length} stored objects`);
  }
  return found;
}

/**
 * Restores `dir` into the target `open` opens: refuses a backup that does not verify, one made
 * with migrations this code does not have, and a target that holds data unless `force` (which
 * replaces the journal(s) the backup holds). Migrations are applied up to the backup's, then the
 * rows go in, then the remaining migrations, then the objects; counts are checked at the end.
 * A local folder is migrated through the open target (scripts/lib/migrations.ts); production is
 * closed while wrangler migrates it.
 */
export async function restoreBackup(
  open: () => Promise<Target>,
  dir: string,
  opts: { force: boolean; log?: (line: string) => void },
): Promise<RestoreResult> {
  const log = opts.log ?? (() => {});
  const { manifest, problems } = verifyBackup(dir);
  if (!manifest || problems.length) throw new Refused(`The backup in ${dir} does not verify; nothing was restored:\n  ${problems.join("\n  ")}`);
  const known = repoMigrations();
  const unknown = manifest.migrations.filter((m) => !known.includes(m));
  if (unknown.length) throw new Refused(`The backup was made by a newer version (migrations ${unknown.join(", ")} are not in migrations/): update the code first.`);

  const during = async <T>(fn: (target: Target) => Promise<T>): Promise<T> => {
    const target = await open();
    try {
      return await fn(target);
    } finally {
      await target.close();
    }
  };
  const { present, wrangler, label, here } = await during(async (t) => ({
    present: await targetContents(t, manifest.journal),
    wrangler: t.wrangler,
    label: t.label,
    here: !!t.migrate,
  }));
  if (present.length && !opts.force) {
    throw new Refused(`${label} is not empty (${present.join("; ")}): restore into an empty state, or add --force to replace ${manifest.journal ? `journal '${manifest.journal}'` : "everything in it"}.`);
  }

  if (!here) wranglerMigrations(wrangler, manifest.migrations);
  const counts: Record<string, number> = {};
  await during(async (target) => {
    await target.migrate?.(manifest.migrations);
    const tables = await dumpedTables(target);
    const byName = new Map(tables.map((t) => [t.name, t]));
    if (present.length) {
      log(`  replacing ${present.join("; ")}`);
      await wipe(target, tables, manifest.journal);
    }
    // Every table's rows in order (parents first), then the search indexes, in runs of 2000
    // statements: through the CLI each run is a wrangler process, so small tables share one.
    const statements: Statement[] = [];
    for (const part of manifest.tables) {
      if (!byName.has(part.name)) throw new Error(`table ${part.name} does not exist after applying the backup's migrations`);
      const lines = readFileSync(inside(dir, part.file), "utf8").split("\n").filter(Boolean);
      const header = JSON.parse(lines[0]) as { table: string; columns: string[] };
      const rows = lines.slice(1).map((line) => insertStatement(part.name, header.columns, JSON.parse(line) as unknown[]));
      statements.push(...rows);
      counts[part.name] = rows.length;
    }
    statements.push(...SEARCH_INDEX_REFILL.map((sql) => ({ sql, params: [] })));
    for (let i = 0; i < statements.length; i += 2000) await target.execute(statements.slice(i, i + 2000));
  });
  log(`  rows: ${manifest.tables.map((t) => `${t.name} ${t.rows}`).join(", ")}`);

  // The migrations that came after the backup, over its rows as they ran over the original's (a
  // backup made with every migration has none: no wrangler run, which in production is a round trip).
  const later = known.filter((m) => !manifest.migrations.includes(m));
  if (later.length && !here) wranglerMigrations(wrangler);

  await during(async (target) => {
    if (later.length) await target.migrate?.();
    if (later.length) log(`  migrations after the backup's: ${later.join(", ")}`);
    await pool(manifest.objects, target.parallel, async (o) => {
      await target.putObject(o.key, new Uint8Array(readFileSync(inside(dir, o.file))), o.contentType);
    });
    log(`  objects: ${manifest.objects.length}`);
    // What is there now, against the manifest.
    const restoredTables = await dumpedTables(target);
    const restored = await target.queryAll(manifest.tables.map((part) => countStatement(restoredTables.find((x) => x.name === part.name)!, manifest.journal)));
    for (const [i, part] of manifest.tables.entries()) {
      const n = restored[i][0]?.n;
      if (Number(n) !== part.rows) throw new Error(`after the restore ${part.name} holds ${n} rows, the backup ${part.rows}`);
    }
    if (target.listObjects) {
      const stored = new Set(await target.listObjects("journals/"));
      const absent = manifest.objects.filter((o) => !stored.has(o.key));
      if (absent.length) throw new Error(`after the restore ${absent.length} objects are not stored: ${absent.slice(0, 5).map((o) => o.key).join(", ")}`);
    }
  });
  return { rows: counts, objects: manifest.objects.length, replaced: present.length > 0 };
}

/** Deletes what a restore replaces: everything dumped, or one journal's rows and objects. */
async function wipe(target: Target, tables: TableInfo[], journal: string | null): Promise<void> {
  let prefix = "journals/";
  if (journal !== null) {
    const [row] = await target.query("SELECT id FROM journals WHERE slug = ?", [journal]);
    prefix = `journals/${row.id}/`;
  }
  const statements = [...tables]
    .reverse()
    .filter((t) => journal === null || t.journalFilter !== null)
    .map((t) => ({ sql: `DELETE FROM "${t.name}"${journal === null ? "" : ` WHERE ${t.journalFilter}`}`, params: journal === null ? [] : [journal] }));
  await target.execute(statements);
  if (target.listObjects && target.deleteObjects) await target.deleteObjects(await target.listObjects(prefix));
}
