/**
 * The seed as `npm start` runs it, against a throw-away local D1/R2: interrupted like a Ctrl-C
 * during the first start, run again (the half-seeded journal is replaced, nothing duplicated),
 * run once more (nothing changes), and healing a journal an older, interrupted seed left under
 * its real slug — while an issue staff created since is not mistaken for a gap. No server, no
 * browser; about half a minute.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { openLocal, type LocalEnv } from "../../scripts/lib/local.ts";
import { demoJournals } from "../../scripts/seed/data.ts";
import { childEnv } from "../../scripts/lib/run.mjs";
import { migratedState } from "./states.ts";

const root = path.resolve(import.meta.dirname, "../..");
const state = mkdtempSync(path.join(tmpdir(), "journal-seed-"));
const TODAY = "2027-05-20";
const expected = demoJournals(new Date(`${TODAY}T12:00:00Z`));
const env = childEnv({ JOURNAL_STATE_DIR: state });

function seed(extraEnv: Record<string, string> = {}) {
  const r = spawnSync("node", ["scripts/seed.ts", "--today", TODAY], { cwd: root, env: { ...env, ...extraEnv }, encoding: "utf8" });
  return { status: r.status, signal: r.signal, out: `${r.stdout}${r.stderr}` };
}

type Row = Record<string, unknown>;
async function withEnv<T>(fn: (e: LocalEnv) => Promise<T>): Promise<T> {
  const local = await openLocal(state);
  try {
    return await fn(local.env);
  } finally {
    await local.dispose();
  }
}
const rows = (db: D1Database, sql: string, ...params: unknown[]) =>
  db.prepare(sql).bind(...params).all<Row>().then((r) => r.results);

const TABLES = ["settings", "journal_hosts", "editors", "indexing_partners", "issues", "articles", "users"];

/** Everything that identifies the demo data's state: journals, per-table counts, files. */
async function snapshot() {
  return withEnv(async (e) => {
    const journals = await rows(e.DB, "select id, slug from journals order by id");
    const counts: Record<string, Row[]> = {};
    for (const t of TABLES) counts[t] = await rows(e.DB, `select journal_id, count(*) as n from ${t} group by journal_id order by journal_id`);
    const orphans: Record<string, number> = {};
    for (const t of TABLES) {
      const [r] = await rows(e.DB, `select count(*) as n from ${t} where journal_id not in (select id from journals)`);
      orphans[t] = Number(r.n);
    }
    const files: string[] = [];
    let cursor: string | undefined;
    do {
      const list = await e.FILES.list({ cursor });
      files.push(...list.objects.map((o) => o.key));
      cursor = list.truncated ? list.cursor : undefined;
    } while (cursor);
    const articles = await rows(
      e.DB,
      "select journal_id, year, volume, issue, refnumber, file from articles order by journal_id, year, volume, issue, first_page",
    );
    return { journals, counts, orphans, files: files.sort(), articles };
  });
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The state a complete seed leaves: both journals under their slugs, every row and file once. */
function assertComplete(s: Snapshot) {
  assert.deepEqual(s.journals.map((j) => j.slug), ["ijals", "jacer"]);
  assert.deepEqual(Object.values(s.orphans), TABLES.map(() => 0), "no rows of removed journals");
  for (const [k, j] of expected.entries()) {
    const id = s.journals[k].id;
    const count = (t: string) => Number(s.counts[t].find((r) => r.journal_id === id)?.n ?? 0);
    const articles = j.issues.reduce((n, i) => n + i.articles.length, 0);
    assert.equal(count("issues"), j.issues.length, `${j.slug} issues`);
    assert.equal(count("articles"), articles, `${j.slug} articles`);
    assert.equal(count("editors"), j.editors.length, `${j.slug} editors`);
    assert.equal(count("indexing_partners"), j.partners.length, `${j.slug} partners`);
    assert.equal(count("users"), 2, `${j.slug} users`);
    assert.equal(count("settings"), 1, `${j.slug} settings`);
    assert.equal(count("journal_hosts"), j.hosts.length, `${j.slug} hosts`);
    const mine = s.files.filter((f) => f.startsWith(`journals/${id}/`));
    const pictures = j.editors.filter((e) => e.picture).length;
    const journalLogo = j.settings.logo ? 1 : 0;
    assert.equal(mine.length, articles + pictures + j.partners.length + journalLogo, `${j.slug}: one file per article, picture, partner logo and journal logo`);
    if (j.settings.logo) assert.ok(mine.includes(`journals/${id}/logo/${j.settings.logo}`), `${j.slug}: the journal's logo`);
    for (const a of s.articles.filter((a) => a.journal_id === id)) {
      assert.ok(mine.includes(`journals/${id}/archives/${a.year}/vol${a.volume}issue${a.issue}/${a.file}`), `${j.slug}: PDF of ${a.refnumber}`);
    }
  }
  const ids = new Set(s.journals.map((j) => `journals/${j.id}/`));
  assert.deepEqual(s.files.filter((f) => !ids.has(f.split("/").slice(0, 2).join("/") + "/")), [], "no files of removed journals");
}

before(() => {
  migratedState(state);
});

after(() => rmSync(state, { recursive: true, force: true }));

let complete: Snapshot;

test("a seed interrupted like Ctrl-C leaves only a provisional journal, which the next run replaces", async () => {
  const stopped = seed({ SEED_INTERRUPT_AFTER_ISSUES: "5" });
  assert.ok(stopped.status === 130 || stopped.signal === "SIGINT", `stopped by SIGINT: ${stopped.status} ${stopped.signal}\n${stopped.out}`);
  const half = await snapshot();
  assert.deepEqual(half.journals.map((j) => j.slug), ["seeding:ijals"], "only journal A, under its provisional slug");
  assert.equal(Number(half.counts.issues[0].n), 5);

  const again = seed();
  assert.equal(again.status, 0, again.out);
  assert.match(again.out, /ijals: removing the incomplete journal 1 of an interrupted run/);
  complete = await snapshot();
  assertComplete(complete);
  assert.ok(!complete.journals.some((j) => j.id === half.journals[0].id), "the half-seeded journal is gone");
});

test("a second run leaves complete journals alone and duplicates nothing", async () => {
  const r = seed();
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /ijals: already seeded .*skipped/);
  assert.match(r.out, /jacer: already seeded .*skipped/);
  assert.deepEqual(await snapshot(), complete);
});

test("a journal an older seed left half-done under its real slug is seeded again; staff's empty issue is not a gap", async () => {
  const [a, b] = complete.journals.map((j) => Number(j.id));
  await withEnv(async (e) => {
    // An older seed wrote the issue row, then was stopped before that issue's articles.
    const [last] = await rows(e.DB, "select id from issues where journal_id = ? order by year desc, issue desc limit 1", b);
    await e.DB.prepare("delete from articles where issue_id = ?").bind(last.id).run();
    // Staff created this year's next issue in the admin; it has no articles yet.
    await e.DB.prepare("insert into issues (journal_id, year, volume, issue, frequency, createdby) values (?, 2027, 4, 3, 'Jul-Sep', 'admin')")
      .bind(a)
      .run();
  });
  const r = seed();
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /ijals: already seeded .*skipped/);
  assert.match(r.out, new RegExp(`jacer: journal ${b} is incomplete \\(no articles\\), seeding it again`));
  const s = await snapshot();
  assert.equal(s.journals[0].id, a, "journal A kept");
  assert.notEqual(s.journals[1].id, b, "journal B replaced");
  const issuesA = Number(s.counts.issues.find((x) => x.journal_id === a)?.n);
  assert.equal(issuesA, expected[0].issues.length + 1, "the staff's issue is still there");
  await withEnv((e) => e.DB.prepare("delete from issues where journal_id = ? and year = 2027 and issue = 3").bind(a).run());
  assertComplete(await snapshot());
});
