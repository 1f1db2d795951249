/**
 * The rows-only SQL dump as the README documents it: `npm run export` from one throw-away local
 * D1, then into a second one, migrated (wrangler finds nothing left to apply), with `wrangler d1
 * execute --file`.
 * (Backups proper — rows, files and a manifest — are test/e2e/backup-*.test.ts.) No server
 * and no browser: miniflare (scripts/lib/local.ts) reads both databases directly.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { insertJournal, openLocal, upsertAdmin } from "../../scripts/lib/local.ts";
import { childEnv } from "../../scripts/lib/run.mjs";
import { NOT_DUMPED } from "../../scripts/lib/tables.ts";
import { migratedState } from "./states.ts";

const root = path.resolve(import.meta.dirname, "../..");
const env = childEnv();

type Row = Record<string, unknown>;

function run(cmd: string, args: string[]): string {
  const res = spawnSync(cmd, args, { cwd: root, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

/** Runs `fn` against the local D1 of a state folder, closing the proxy afterwards. */
async function withDb<T>(stateDir: string, fn: (db: D1Database) => Promise<T>): Promise<T> {
  const local = await openLocal(stateDir);
  try {
    return await fn(local.env.DB);
  } finally {
    await local.dispose();
  }
}

async function all(db: D1Database, sql: string, ...params: unknown[]): Promise<Row[]> {
  return (await db.prepare(sql).bind(...params).all<Row>()).results;
}


// Text that trips naive SQL dumpers and statement splitters: quotes, semicolons, comment
// markers, newlines, backslashes, non-Latin scripts and astral characters — and a NUL and other
// control characters, which the app refuses now but rows stored before may hold (the dump writes
// such text as UTF-8 bytes, so it loads back exactly).
const AWKWARD = "O'Brien; DROP TABLE articles; -- \"quoted\" /* not a comment */\r\nline two\\n — राजेश 🌾";
const CONTROL = "keyword\u0000with NUL\u0001 and \u001b escape";

const stateA = mkdtempSync(path.join(tmpdir(), "journal-backup-a-"));
const stateB = mkdtempSync(path.join(tmpdir(), "journal-backup-b-"));
const dumpFile = path.join(stateA, "dump.sql");
const ids = { enabled: 0, disabled: 0, disabledLater: 0, awkward: 0 };

before(async () => {
  migratedState(stateA);
  await withDb(stateA, async (db) => {
    const journalId = await insertJournal(db, {
      slug: "backup",
      name: "Backup Journal",
      hosts: ["backup.localhost", "www.backup.localhost"],
      settings: { websiteemail: "editor@backup.localhost", home_content: `<p>${AWKWARD}</p>`, show_subject_column: true },
    });
    await upsertAdmin(db, journalId, { username: "staff", password: "a long staff password" });
    const issue = await db
      .prepare("insert into issues (journal_id, year, volume, issue, frequency) values (?, 2025, 3, 2, 'Apr-Jun') returning id")
      .bind(journalId)
      .first<{ id: number }>();
    const addArticle = async (ref: string, title: string, status: "enabled" | "disabled", extra: { abstract?: string; keywords?: string; authorname?: string } = {}) => {
      const abstract = extra.abstract ?? "<p>An abstract.</p>";
      const row = await db
        .prepare(
          `insert into articles (journal_id, issue_id, refnumber, title, authorname, abstract, keywords, pagenumber, first_page, last_page,
             txnid, publishdate, year, volume, issue, file, status, search_title, search_abstract)
           values (?, ?, ?, ?, ?, ?, ?, '1-6', 1, 6, ?, '2025-04-10', 2025, 3, 2, ?, ?, ?, ?) returning id`,
        )
        .bind(
          journalId,
          issue!.id,
          ref,
          title,
          extra.authorname ?? "Dr. Anjali Sharma, Rahul Verma",
          abstract,
          extra.keywords ?? "",
          `TXN${ref}`,
          `${ref}.pdf`,
          status,
          title.replace(/<\/?i>/g, ""),
          abstract.replace(/<\/?p>/g, " ").trim(),
        )
        .first<{ id: number }>();
      return row!.id;
    };
    ids.enabled = await addArticle("100001", "Zymurgy of <i>Saccharomyces</i> in millet beer", "enabled", { keywords: "fermentation" });
    ids.disabled = await addArticle("100002", "Quokka habitat withdrawn paper", "disabled", {
      abstract: "<p>Withdrawn marsupial survey.</p>",
      keywords: "quokka, marsupial",
      authorname: "Hidden Author",
    });
    ids.disabledLater = await addArticle("100003", "Wombat burrows retracted later", "enabled");
    ids.awkward = await addArticle("100004", AWKWARD, "enabled", { abstract: `<p>${AWKWARD}</p>`, keywords: CONTROL });
    // Disabled after it was indexed: the update trigger takes it out of the index.
    await db.prepare("update articles set status = 'disabled' where id = ?").bind(ids.disabledLater).run();
    await db.batch([
      db.prepare("insert into article_stats (article_id, journal_id, views, downloads) values (?, ?, 12, 3)").bind(ids.enabled, journalId),
      db
        .prepare("insert into editors (journal_id, name, category, post, content, email) values (?, ?, 'associate editor', 'Professor', ?, 'e@x.org')")
        .bind(journalId, "Dr. Meenakshi Iyer", AWKWARD),
      db
        .prepare("insert into indexing_partners (journal_id, title, link, image, sortnumber, status) values (?, 'Index Copernicus', 'https://index.example', 'ic.png', 2, 'disabled')")
        .bind(journalId),
      db.prepare("insert into login_attempts (journal_id, ip, username, at) values (?, '203.0.113.7', 'staff', 1)").bind(journalId),
    ]);
  });

  run("node", ["scripts/export.ts", "--persist-to", stateA, "--out", dumpFile]);

  // The README's restore: migrations into an empty database, then the dump. The migrated folder is
  // states.ts's copy of what scripts/lib/migrations.ts leaves, which wrangler itself must take
  // for its own: nothing left for `wrangler d1 migrations apply` to do.
  migratedState(stateB);
  assert.match(run("wrangler", ["d1", "migrations", "list", "DB", "--local", "--config", "wrangler.toml", "--persist-to", stateB]), /No migrations to apply/);
  run("wrangler", ["d1", "execute", "DB", "--local", "--config", "wrangler.toml", "--persist-to", stateB, "--file", dumpFile]);
});

after(() => {
  rmSync(stateA, { recursive: true, force: true });
  rmSync(stateB, { recursive: true, force: true });
});

async function tablesOf(db: D1Database): Promise<string[]> {
  return (await all(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).map((r) => String(r.name));
}

async function dumpedTables(stateDir: string): Promise<Record<string, Row[]>> {
  return withDb(stateDir, async (db) => {
    const out: Record<string, Row[]> = {};
    for (const t of (await tablesOf(db)).filter((name) => !NOT_DUMPED.test(name))) {
      out[t] = await all(db, `SELECT * FROM "${t}" ORDER BY rowid`);
    }
    return out;
  });
}

test("every row of every ordinary table survives export and restore unchanged", async () => {
  const before = await dumpedTables(stateA);
  const restored = await dumpedTables(stateB);
  for (const t of ["journals", "journal_hosts", "settings", "users", "issues", "articles", "article_stats", "editors", "indexing_partners"]) {
    assert.ok((before[t]?.length ?? 0) > 0, `${t} has rows to compare`);
  }
  assert.deepEqual(Object.keys(restored), Object.keys(before));
  for (const t of Object.keys(before)) assert.deepEqual(restored[t], before[t], t);
  const awkward = restored.articles.find((a) => a.id === ids.awkward);
  assert.equal(awkward?.title, AWKWARD);
  assert.equal(awkward?.keywords, CONTROL);
});

test("login attempts are not restored (throttling counters start afresh)", async () => {
  const rows = await withDb(stateB, (db) => all(db, "SELECT count(*) AS n FROM login_attempts"));
  assert.equal(rows[0].n, 0);
  assert.match(readFileSync(dumpFile, "utf8"), /^INSERT OR REPLACE INTO "articles" /m);
});

test("the restored search index holds the enabled articles only, exactly as the triggers built it", async () => {
  const docs = (db: D1Database) => all(db, "SELECT id, sz FROM articles_fts_docsize ORDER BY id");
  const indexedA = await withDb(stateA, docs);
  const indexedB = await withDb(stateB, docs);
  assert.deepEqual(
    indexedB.map((r) => r.id),
    [ids.enabled, ids.awkward],
  );
  // Same per-column token counts: the same text went in.
  assert.deepEqual(indexedB, indexedA);
});

test("the restored staff search index holds the disabled articles only, and admin search finds them by title and author words", async () => {
  const docs = (db: D1Database) => all(db, "SELECT id, sz FROM articles_fts_disabled_docsize ORDER BY id");
  const indexedA = await withDb(stateA, docs);
  const indexedB = await withDb(stateB, docs);
  assert.deepEqual(
    indexedB.map((r) => r.id),
    [ids.disabled, ids.disabledLater],
  );
  assert.deepEqual(indexedB, indexedA);
  await withDb(stateB, async (db) => {
    // The FTS5 arm of admin search (app/models/search.server.ts adminSearchPage): title and
    // author words of the disabled articles, prefix-matched.
    const staff = async (words: string) =>
      (await all(db, "SELECT rowid AS id FROM articles_fts_disabled WHERE articles_fts_disabled MATCH ? ORDER BY rowid", `{search_title authorname} : (${words})`)).map((r) => r.id);
    assert.deepEqual(await staff('"quokka"*'), [ids.disabled]);
    assert.deepEqual(await staff('"hidden"* "auth"*'), [ids.disabled]);
    assert.deepEqual(await staff('"wombat"* "retract"*'), [ids.disabledLater]);
    assert.deepEqual(await staff('"zymurgy"*'), []);
    await db.prepare("INSERT INTO articles_fts_disabled(articles_fts_disabled) VALUES ('integrity-check')").run();
  });
});

test("after a restore, search finds the enabled article and never the disabled ones", async () => {
  await withDb(stateB, async (db) => {
    const match = async (q: string) => (await all(db, "SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ? ORDER BY rowid", q)).map((r) => r.id);
    assert.deepEqual(await match('"zymurgy"*'), [ids.enabled]);
    assert.deepEqual(await match('"saccharomyces"*'), [ids.enabled]);
    for (const q of ['"quokka"*', '"marsupial"*', '"hidden" "author"', '"wombat"*', '"retracted"*']) assert.deepEqual(await match(q), [], q);
    // The triggers keep working on the restored data: enabling and disabling move articles in
    // and out of the index.
    await db.prepare("update articles set status = 'enabled' where id = ?").bind(ids.disabled).run();
    assert.deepEqual(await match('"quokka"*'), [ids.disabled]);
    await db.prepare("update articles set status = 'disabled' where id = ?").bind(ids.disabled).run();
    await db.prepare("update articles set status = 'disabled' where id = ?").bind(ids.enabled).run();
    assert.deepEqual(await match('"quokka"*'), []);
    assert.deepEqual(await match('"zymurgy"*'), []);
  });
});
