/**
 * The `--remote` code path of `npm run backup` and `npm run restore` (one wrangler process per
 * statement batch and per file), run against a local folder (JOURNAL_REMOTE_TARGET=local), so the
 * code production runs is the code tested; then that backup, as the code before the last
 * migration wrote it, restored: its migrations, its rows, then the later migration over them.
 */
import assert from "node:assert/strict";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { insertJournal } from "../../scripts/lib/local.ts";
import type { Manifest } from "../../scripts/lib/backup.ts";
import { all, backup, restore, root, sha, storageCheck, withEnv, workFolder } from "./backups.ts";
import { addArticle, addIssue } from "./data.ts";
import { migratedState } from "./states.ts";

const work = workFolder();

after(() => rmSync(work, { recursive: true, force: true }));

test("one journal through the wrangler CLI (the --remote code path) backs up and restores into an empty state", async () => {
  // A small journal of its own, so the one-process-per-file CLI stays quick.
  const small = path.join(work, "state-small");
  migratedState(small);
  // Right-to-left scripts, Devanagari and an astral character (in the abstract: a title is printed
  // on certificates, and the app refuses characters the document fonts lack) through the CLI's literals.
  await withEnv(small, async (env) => {
    const id = await insertJournal(env.DB, { slug: "tiny", name: "Tiny Journal", hosts: ["tiny.localhost"] });
    await insertJournal(env.DB, { slug: "other", name: "Other Journal", hosts: ["other.localhost"] });
    const issue = await addIssue(env, id, { year: 2026, volume: 1, issue: 1, frequency: "January" });
    await addArticle(
      env,
      id,
      issue,
      { refnumber: "101", txnid: "TXN101", ptype: "paid", publishdate: "2026-01-10", authorname: "राजेश कुमार, José Martínez", email: "a@b.example", pagenumber: "1-4", title: "שלום <i>Oryza</i> مرحبا", abstract: "<p>Devanagari: क्षत्रिय 🌾</p>", keywords: "" },
      { pdf: new TextEncoder().encode("%PDF-1.4\nराजेश 🌾\n%%EOF\n") },
    );
  });
  const dir = path.join(work, "remote-tiny");
  const viaCli = { JOURNAL_STATE_DIR: small, JOURNAL_REMOTE_TARGET: "local" };
  let r = backup([dir, "--remote", "--journal", "tiny"], viaCli);
  assert.equal(r.status, 0, r.err);
  assert.match(r.out, /through wrangler/);
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  assert.equal(manifest.journal, "tiny");
  assert.deepEqual(manifest.tables.find((t) => t.name === "journals")?.rows, 1);
  assert.equal(manifest.objects.length, 1);

  const target = path.join(work, "state-tiny-restored");
  r = restore([dir, "--remote"], { JOURNAL_STATE_DIR: target, JOURNAL_REMOTE_TARGET: "local" });
  assert.equal(r.status, 0, r.err);
  // Read back locally (bound parameters, not the CLI): the same rows, byte for byte.
  const again = path.join(work, "tiny-again");
  r = backup([again, "--journal", "tiny", "--since", dir], { JOURNAL_STATE_DIR: target });
  assert.equal(r.status, 0, r.err);
  for (const t of manifest.tables) {
    assert.equal(readFileSync(path.join(again, t.file), "utf8"), readFileSync(path.join(dir, t.file), "utf8"), t.name);
  }
  assert.equal(storageCheck(target).status, 0);
});

test("a backup made before the last migration restores: its migrations, its rows, then the later migration over them", () => {
  // The --remote test's backup of 'tiny' above, as the code before migration 0029 wrote it: without
  // the columns 0029 added and without 0029 in its list (each part's size and hash made to match).
  const older = path.join(work, "before-0029");
  cpSync(path.join(work, "remote-tiny"), older, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(older, "manifest.json"), "utf8")) as Manifest;
  const LAST = "0029_authors_references_licences.sql";
  assert.equal(manifest.migrations.at(-1), LAST);
  manifest.migrations = manifest.migrations.filter((m) => m !== LAST);
  const added: Record<string, string[]> = { articles: ["authors", "reference_list", "license_url", "received_date", "accepted_date"], settings: ["license_url"] };
  for (const part of manifest.tables.filter((t) => added[t.name])) {
    const file = path.join(older, part.file);
    const [head, ...lines] = readFileSync(file, "utf8").split("\n").filter(Boolean);
    const header = JSON.parse(head) as { table: string; columns: string[] };
    const keep = header.columns.flatMap((c, i) => (added[part.name].includes(c) ? [] : [i]));
    assert.equal(keep.length, header.columns.length - added[part.name].length, `${part.name} has every column 0029 added`);
    const columns = keep.map((i) => header.columns[i]);
    const text = `${[JSON.stringify({ table: header.table, columns }), ...lines.map((l) => JSON.stringify(keep.map((i) => (JSON.parse(l) as unknown[])[i])))].join("\n")}\n`;
    writeFileSync(file, text);
    Object.assign(part, { columns, bytes: Buffer.byteLength(text), sha256: sha(Buffer.from(text)) });
  }
  writeFileSync(path.join(older, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

  const target = path.join(work, "state-before-0029-restored");
  const r = restore([older], { JOURNAL_STATE_DIR: target });
  assert.equal(r.status, 0, r.err + r.out);
  assert.match(r.out, /migrations after the backup's: 0029_authors_references_licences\.sql/);
  return withEnv(target, async (env) => {
    const migrations = (await all(env.DB, "SELECT name FROM d1_migrations ORDER BY id")).map((m) => String(m.name));
    assert.deepEqual(migrations, readdirSync(path.join(root, "migrations")).filter((f) => f.endsWith(".sql")).sort());
    // The rows are the backup's; what 0029 added has its defaults, and the authors' conversion it asks for is pending.
    const [article] = await all(env.DB, "SELECT refnumber, title, authorname, authors, license_url FROM articles");
    assert.deepEqual(article, { refnumber: "101", title: "שלום <i>Oryza</i> مرحبا", authorname: "राजेश कुमार, José Martínez", authors: "[]", license_url: "" });
    assert.deepEqual(await all(env.DB, "SELECT license_url FROM settings"), [{ license_url: "https://creativecommons.org/licenses/by/4.0/" }]);
    assert.equal((await all(env.DB, "SELECT name FROM maintenance_jobs WHERE name = 'structure-authors' AND done_at IS NULL")).length, 1);
  });
});
