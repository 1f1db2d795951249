/**
 * Backups that restore, as the README's restore drill runs them: `npm run backup` of a copy of
 * the demo, `npm run restore` into an empty state served on another port, and every article
 * PDF, logo, photo and signature downloaded from both servers byte for byte; row counts match;
 * `--verify` finds one flipped byte; a non-empty target is refused unless --force; an
 * interrupted backup is finished and a later one copies what an earlier one holds; the
 * `--remote` code path (wrangler's CLI) runs against a local folder; `storage-check` finds
 * orphans and missing files. Then the property test: random rows written through the JSON API
 * (control characters, emoji, RTL, Devanagari, long fields, empty optional fields), backed up,
 * restored and backed up again — the rows come back byte-identical, and so does `npm run export`.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { insertJournal, openLocal, upsertAdmin, type LocalEnv } from "../../scripts/lib/local.ts";
import { childEnv } from "../../scripts/lib/run.mjs";
import { NOT_DUMPED } from "../../scripts/lib/tables.ts";
import type { Manifest } from "../../scripts/lib/backup.ts";
import { rgbaPng } from "../images.ts";
import { fetchOnHost, serveState, type App } from "./harness.ts";
import { addArticle, addIssue } from "./data.ts";
import { demoState, migratedState } from "./states.ts";

const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "journal-backup-e2e-"));
const stateA = path.join(work, "state-a");
const stateB = path.join(work, "state-b");
const backups = path.join(work, "backups");
const first = path.join(backups, "first");

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync("node", [script, ...args], { cwd: root, env: childEnv(env), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, out: r.stdout, err: r.stderr };
}
const backup = (args: string[], env: Record<string, string> = {}) => run("scripts/backup.ts", args, env);
const restore = (args: string[], env: Record<string, string> = {}) => run("scripts/restore.ts", args, env);
const storageCheck = (stateDir: string) => run("scripts/storage-check.ts", [], { JOURNAL_STATE_DIR: stateDir });

/** Every migration applied, no data (a copy of the state the migrations leave; see states.ts). */
function migrate(stateDir: string): void {
  migratedState(stateDir);
}

async function withEnv<T>(stateDir: string, fn: (env: LocalEnv) => Promise<T>): Promise<T> {
  const local = await openLocal(stateDir);
  try {
    return await fn(local.env);
  } finally {
    await local.dispose();
  }
}

type Row = Record<string, unknown>;
const all = async (db: D1Database, sql: string, ...params: unknown[]) => (await db.prepare(sql).bind(...params).all<Row>()).results;
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function rowCounts(stateDir: string): Promise<Record<string, number>> {
  return withEnv(stateDir, async (env) => {
    const out: Record<string, number> = {};
    for (const t of await all(env.DB, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
      const name = String(t.name);
      if (NOT_DUMPED.test(name)) continue;
      out[name] = Number((await all(env.DB, `SELECT count(*) AS n FROM "${name}"`))[0].n);
    }
    return out;
  });
}

/** Every file a reader (or the certificates) can download, by journal host: PDFs, pictures, partner logos, logo, signature, stamp. */
async function publicFiles(stateDir: string): Promise<{ host: string; path: string }[]> {
  return withEnv(stateDir, async (env) => {
    const hosts = new Map((await all(env.DB, "SELECT journal_id, hostname FROM journal_hosts WHERE is_primary = 1")).map((r) => [Number(r.journal_id), String(r.hostname)]));
    const files: { host: string; path: string }[] = [];
    for (const a of await all(env.DB, "SELECT journal_id, year, volume, issue, refnumber FROM articles WHERE status = 'enabled' AND file != ''")) {
      files.push({ host: hosts.get(Number(a.journal_id))!, path: `/archives/${a.year}/${a.volume}/${a.issue}/${a.refnumber}.pdf` });
    }
    for (const e of await all(env.DB, "SELECT journal_id, picture FROM editors WHERE picture != ''")) files.push({ host: hosts.get(Number(e.journal_id))!, path: `/assets/editors/${e.picture}` });
    for (const p of await all(env.DB, "SELECT journal_id, image FROM indexing_partners WHERE image != ''")) files.push({ host: hosts.get(Number(p.journal_id))!, path: `/assets/indexing/${p.image}` });
    for (const s of await all(env.DB, "SELECT journal_id, logo, signature_image, stamp_image FROM settings")) {
      const host = hosts.get(Number(s.journal_id))!;
      if (s.logo) files.push({ host, path: `/assets/logo/${s.logo}` });
      if (s.signature_image) files.push({ host, path: `/assets/signature/${s.signature_image}` });
      if (s.stamp_image) files.push({ host, path: `/assets/signature/${s.stamp_image}` });
    }
    return files;
  });
}

const signature = rgbaPng(60, 24);
const stamp = rgbaPng(40, 40);

before(async () => {
  // A copy of the demo, as `npm start` seeds it, with a signature and a stamp on journal A's certificates.
  demoState(stateA);
  await withEnv(stateA, async (env) => {
    const { getDb } = await import("../../app/db/client.server.ts");
    const { setSettingsImage, checkCertificateImage, CERTIFICATE_IMAGE_COLUMN } = await import("../../app/models/settings.server.ts");
    const { cliActor } = await import("../../app/models/history.server.ts");
    const [{ id }] = await all(env.DB, "SELECT id FROM journals WHERE slug = 'ijals'");
    for (const [kind, png] of [["signature", signature], ["stamp", stamp]] as const) {
      const image = await checkCertificateImage(new File([png as BlobPart], `${kind}.png`, { type: "image/png" }));
      await setSettingsImage(env, getDb(env.DB), Number(id), CERTIFICATE_IMAGE_COLUMN[kind], image, cliActor("test"));
    }
  });
  const r = backup([first], { JOURNAL_STATE_DIR: stateA });
  assert.equal(r.status, 0, r.err + r.out);
});

after(() => rmSync(work, { recursive: true, force: true }));

test("--help on backup, restore and storage-check prints the usage and exits 0 without doing anything", () => {
  for (const [script, words] of [
    ["scripts/backup.ts", /usage: npm run backup -- DIR[\s\S]*--verify DIR/],
    ["scripts/restore.ts", /usage: npm run restore -- DIR[\s\S]*--force/],
    ["scripts/storage-check.ts", /usage: npm run storage-check[\s\S]*orphans/],
  ] as const) {
    const empty = path.join(work, `help-${path.basename(script)}`);
    const r = run(script, ["--help", empty], { JOURNAL_STATE_DIR: path.join(work, "never-created") });
    assert.equal(r.status, 0, script);
    assert.match(r.out, words, script);
    assert.equal(existsSync(empty), false, `${script} --help wrote nothing`);
  }
  assert.equal(existsSync(path.join(work, "never-created")), false);
});

test("backup of the demo → restore into an empty state on another port: every PDF, logo, photo and signature downloads byte-identical, row counts match", async () => {
  const manifest = JSON.parse(readFileSync(path.join(first, "manifest.json"), "utf8")) as Manifest;
  assert.ok(manifest.objects.length > 200, `the demo's files are in the backup (${manifest.objects.length})`);
  assert.deepEqual(manifest.missing, []);
  for (const kind of ["archives", "editors", "indexing", "logo", "signature"]) {
    assert.ok(manifest.objects.some((o) => o.key.includes(`/${kind}/`)), `${kind} files are in the backup`);
  }
  const verify = backup(["--verify", first]);
  assert.equal(verify.status, 0, verify.err);
  assert.match(verify.out, /verifies: \d+ tables, \d+ rows, \d+ files/);

  const r = restore([first], { JOURNAL_STATE_DIR: stateB });
  assert.equal(r.status, 0, r.err + r.out);
  assert.match(r.out, /counts checked/);
  assert.deepEqual(await rowCounts(stateB), await rowCounts(stateA));

  const files = await publicFiles(stateA);
  assert.deepEqual(await publicFiles(stateB), files);
  assert.ok(files.filter((f) => f.path.endsWith(".pdf")).length > 150);
  const original = await serveState(stateA, "localhost", { keep: true });
  const restored = await serveState(stateB, "localhost", { keep: true });
  try {
    assert.notEqual(original.port, restored.port);
    for (const f of files) {
      const [a, b] = await Promise.all([fetchOnHost(original, f.host, f.path), fetchOnHost(restored, f.host, f.path)]);
      assert.equal(a.status, 200, `${f.host}${f.path} on the original`);
      assert.equal(b.status, 200, `${f.host}${f.path} on the restored copy`);
      const [x, y] = [new Uint8Array(await a.arrayBuffer()), new Uint8Array(await b.arrayBuffer())];
      assert.equal(sha(y), sha(x), `${f.host}${f.path} is byte-identical`);
      assert.ok(x.length > 0);
    }
    // A page of each journal renders from the restored rows.
    for (const host of ["localhost", "journal-b.localhost"]) {
      const home = await fetchOnHost(restored, host, "/");
      assert.equal(home.status, 200);
    }
  } finally {
    await original.stop();
    await restored.stop();
  }
});

test("--verify finds one flipped byte in a stored file (and in a rows file), names it and exits 1", () => {
  const copy = path.join(work, "flipped");
  cpSync(first, copy, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(copy, "manifest.json"), "utf8")) as Manifest;
  const pdf = manifest.objects.find((o) => o.key.endsWith(".pdf"))!;
  const file = path.join(copy, pdf.file);
  const bytes = readFileSync(file);
  bytes[Math.floor(bytes.length / 2)] ^= 0x01;
  writeFileSync(file, bytes);
  let r = backup(["--verify", copy]);
  assert.equal(r.status, 1);
  assert.match(r.err, new RegExp(`${pdf.file.replace(/[.]/g, "\\.")}: SHA-256 [0-9a-f]{64}, the manifest says ${pdf.sha256}`));
  // A refused restore writes nothing.
  const empty = path.join(work, "state-never-restored");
  r = restore([copy], { JOURNAL_STATE_DIR: empty });
  assert.equal(r.status, 1);
  assert.match(r.err, /does not verify; nothing was restored/);
  assert.equal(existsSync(empty), false);
  // A rows file too.
  bytes[Math.floor(bytes.length / 2)] ^= 0x01;
  writeFileSync(file, bytes);
  assert.equal(backup(["--verify", copy]).status, 0);
  const rows = path.join(copy, "rows/articles.jsonl");
  writeFileSync(rows, readFileSync(rows, "utf8").replace("Oryza", "Oryzb"));
  r = backup(["--verify", copy]);
  assert.equal(r.status, 1);
  assert.match(r.err, /rows\/articles\.jsonl: SHA-256/);
});

test("restore refuses a state that holds data unless --force, which replaces it", async () => {
  let r = restore([first], { JOURNAL_STATE_DIR: stateB });
  assert.equal(r.status, 1);
  assert.match(r.err, /is not empty \(journals ijals, jacer; \d+ stored objects\): restore into an empty state, or add --force/);
  // Something that must go: an extra journal row and an extra object.
  await withEnv(stateB, async (env) => {
    await insertJournal(env.DB, { slug: "stray", name: "Stray", hosts: ["stray.localhost"] });
    await env.FILES.put("journals/999/editors/stray.png", rgbaPng(2, 2));
  });
  r = restore([first, "--force"], { JOURNAL_STATE_DIR: stateB });
  assert.equal(r.status, 0, r.err);
  assert.match(r.out, /replacing/);
  assert.deepEqual(await rowCounts(stateB), await rowCounts(stateA));
  const check = storageCheck(stateB);
  assert.equal(check.status, 0, check.out + check.err);
  assert.match(check.out, /0 orphans[\s\S]*0 missing/);
});

test("storage-check lists objects no row references and rows whose object is missing, and exits 1", async () => {
  const manifest = JSON.parse(readFileSync(path.join(first, "manifest.json"), "utf8")) as Manifest;
  const gone = manifest.objects.find((o) => o.key.includes("/editors/"))!;
  await withEnv(stateB, async (env) => {
    await env.FILES.delete(gone.key);
    await env.FILES.put("journals/1/archives/2020/vol1issue1/orphan-0000.pdf", new TextEncoder().encode("%PDF-1.4 orphan"));
  });
  const r = storageCheck(stateB);
  assert.equal(r.status, 1);
  assert.match(r.out, /1 orphan \(stored, referenced by no row\):\n  journals\/1\/archives\/2020\/vol1issue1\/orphan-0000\.pdf/);
  assert.match(r.out, new RegExp(`1 missing \\(referenced by a row, not stored\\):\\n  ${gone.key.replace(/[.]/g, "\\.")} ← editors #\\d+ picture`));
});

test("an interrupted backup is finished by running it again; a later backup copies the files an earlier one holds", () => {
  // Interrupted: no manifest yet, half the files written and recorded, the rest absent.
  const partial = path.join(backups, "partial");
  cpSync(first, partial, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(partial, "manifest.json"), "utf8")) as Manifest;
  unlinkSync(path.join(partial, "manifest.json"));
  const half = manifest.objects.slice(0, Math.floor(manifest.objects.length / 2));
  writeFileSync(path.join(partial, ".progress.jsonl"), half.map((o) => JSON.stringify({ key: o.key, sha256: o.sha256, bytes: o.bytes })).join("\n") + "\n");
  for (const o of manifest.objects.slice(half.length)) unlinkSync(path.join(partial, o.file));
  assert.equal(backup(["--verify", partial]).status, 1);
  let r = backup([partial, "--since", path.join(work, "no-earlier")], { JOURNAL_STATE_DIR: stateA });
  assert.equal(r.status, 1);
  assert.match(r.err, /is not a complete backup/);
  renameSync(path.join(backups, "first"), path.join(work, "first-aside"));
  try {
    r = backup([partial], { JOURNAL_STATE_DIR: stateA });
  } finally {
    renameSync(path.join(work, "first-aside"), path.join(backups, "first"));
  }
  assert.equal(r.status, 0, r.err);
  assert.match(r.out, new RegExp(`${manifest.objects.length - half.length} fetched, 0 copied from \\(no earlier backup\\), ${half.length} kept from the interrupted run`));
  assert.equal(existsSync(path.join(partial, ".progress.jsonl")), false);
  assert.equal(backup(["--verify", partial]).status, 0);

  // Incremental: the newest complete backup beside it supplies every file.
  const later = path.join(backups, "later");
  r = backup([later], { JOURNAL_STATE_DIR: stateA });
  assert.equal(r.status, 0, r.err);
  assert.match(r.out, new RegExp(`0 fetched, ${manifest.objects.length} copied from ${backups}/(first|partial)`));
  for (const name of ["first", "later"]) assert.equal(backup(["--verify", path.join(backups, name)]).status, 0);
  // The copies are files of their own: damaging one backup leaves the other whole.
  const one = manifest.objects[0];
  writeFileSync(path.join(later, one.file), "damaged");
  assert.equal(backup(["--verify", later]).status, 1);
  assert.equal(backup(["--verify", first]).status, 0);
  r = backup([first], { JOURNAL_STATE_DIR: stateA });
  assert.equal(r.status, 1);
  assert.match(r.err, /already holds a complete backup/);
});

test("one journal through the wrangler CLI (the --remote code path) backs up and restores into an empty state", async () => {
  // A small journal of its own, so the one-process-per-file CLI stays quick.
  const small = path.join(work, "state-small");
  migrate(small);
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

// ---- The property test ----------------------------------------------------------------------

/** mulberry32: a small seeded generator, so a failure can be replayed (PROPERTY_SEED). */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  return { next, int, pick };
}

const PIECES = [
  "rice", "Oryza sativa", "yield", "naïve café", "Zoë", "🌾", "🧪", "😀", "👩🏽‍🔬", "e\u0301", "مرحبا بالعالم", "שלום עולם", "\u200fRTL mark", "राजेश कुमार", "क्षत्रिय", "研究", "Ω≤≥", "&amp;", "<i>x</i>", "'quote'", "\"dq\"", "a;b", "-- not a comment", "back\\slash", "tab\there", "line\nbreak",
];
const NAMES = ["Anjali Sharma", "राजेश कुमार", "José Martínez", "Zoë Brontë", "सुनीता देवी", "Dr. Kavita Rao", "Ünal Öztürk", "Nguyễn Văn An"];
const CONTROL = ["\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u007f", "\uffff"];

// Texts that are printed on documents (titles, editors, the journal's name and publisher) are
// refused when no document font can draw a character, as emoji are: those fields get the pieces
// every document prints; the others carry emoji too.
const EMOJI = /\p{Extended_Pictographic}/u;
const PRINTED_PIECES = PIECES.filter((piece) => !EMOJI.test(piece));

function text(rng: ReturnType<typeof random>, words: number, printed = false): string {
  return Array.from({ length: words }, () => rng.pick(printed ? PRINTED_PIECES : PIECES)).join(" ");
}

async function postForm(app: App, host: string, path: string, token: string, form: FormData) {
  const request = new Request("http://x/", { method: "POST", body: form });
  return fetchOnHost(app, host, path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": request.headers.get("content-type")! },
    body: Buffer.from(await request.arrayBuffer()) as unknown as string,
  });
}

async function postJson(app: App, host: string, path: string, token: string, body: unknown) {
  return fetchOnHost(app, host, path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

test("property: random rows through the API survive backup → restore → backup byte-identical, and npm run export too", async () => {
  const seed = Number(process.env.PROPERTY_SEED ?? 20261127);
  const rng = random(seed);
  const state = path.join(work, "state-property");
  const host = "prop.localhost";
  migrate(state);
  await withEnv(state, async (env) => {
    const id = await insertJournal(env.DB, { slug: "prop", name: "Property Journal", hosts: [host] });
    await upsertAdmin(env.DB, id, { username: "staff", password: "property-staff-2026" });
  });
  const app = await serveState(state, host, { keep: true });
  let refused = 0;
  let accepted = 0;
  try {
    const login = await fetchOnHost(app, host, "/auth/login/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "staff", password: "property-staff-2026" }) });
    assert.equal(login.status, 200);
    const token = ((await login.json()) as { token: string }).token;
    const year = new Date().getUTCFullYear();
    const issueRes = await postJson(app, host, "/api/admin/create-issue", token, { volume: 1, issue: 1, year, frequency: "January" });
    assert.equal(issueRes.status, 201, await issueRes.clone().text());
    const badIssue = await postJson(app, host, "/api/admin/create-issue", token, { volume: 1, issue: 2, year, frequency: "January\u0000" });
    assert.equal(badIssue.status, 400);
    let lastPage = 0;

    /** Sends a body; with a control character in one of its fields it must be refused naming that field. */
    const expectOutcome = async (res: Response, poisoned: string | null, what: string) => {
      const body = (await res.json()) as { error?: string; fields?: Record<string, string> };
      if (poisoned) {
        assert.equal(res.status, 400, `${what}: seed ${seed}`);
        assert.equal(body.error, "validation_failed", `${what}: seed ${seed}`);
        assert.match(body.fields?.[poisoned] ?? "", /^This text contains an invisible control character \(U\+[0-9A-F]{4}\) that cannot be saved\./, `${what} ${poisoned}: seed ${seed}`);
        refused++;
      } else {
        assert.ok(res.status === 200 || res.status === 201, `${what}: ${res.status} ${JSON.stringify(body)} (seed ${seed})`);
        accepted++;
      }
    };
    const poison = (fields: Record<string, string>, keys: string[]): string | null => {
      if (rng.next() > 0.3) return null;
      const key = rng.pick(keys);
      const v = fields[key] ?? "";
      const at = rng.int(v.length + 1);
      fields[key] = v.slice(0, at) + rng.pick(CONTROL) + v.slice(at);
      return key;
    };

    for (let i = 0; i < 24; i++) {
      const kind = rng.pick(["article", "article", "editor", "settings"] as const);
      if (kind === "article") {
        const ref = String(1000 + i);
        const first = lastPage + 1;
        const last = first + rng.int(20);
        const optional = (words: number) => (rng.next() < 0.4 ? "" : text(rng, words));
        const fields: Record<string, string> = {
          year: String(year), volume: "1", issue: "1", refnumber: ref, txnid: `TXN-${ref}`, ptype: rng.pick(["paid", "free"]),
          publishdate: `${year}-01-${String(1 + rng.int(28)).padStart(2, "0")}`,
          authorname: Array.from({ length: 1 + rng.int(4) }, () => rng.pick(NAMES)).join(", "),
          email: `a${ref}@example.org`, pagenumber: `${first}-${last}`,
          title: `${text(rng, 1 + rng.int(8), true)} ${ref}`,
          abstract: rng.next() < 0.2 ? `<p>${"long ✓ ".repeat(2000 + rng.int(2000))}</p>` : `<p>${text(rng, 5 + rng.int(40))}</p>`,
          keywords: rng.next() < 0.2 ? "k".repeat(1000) : optional(4), subject: optional(2), country: optional(1), mobile: rng.next() < 0.5 ? "" : "+91 98765 43210",
        };
        const poisoned = poison(fields, ["keywords", "subject", "country", "title", "abstract", "mobile", "email"]);
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.set(k, v);
        const pdf = new TextEncoder().encode(`%PDF-1.4\n${text(rng, 20)}\n%%EOF\n`);
        form.set("pdfFile", new File([pdf], "paper.pdf", { type: "application/pdf" }));
        const res = await postForm(app, host, "/api/admin/archives/", token, form);
        await expectOutcome(res, poisoned, `article ${ref}`);
        if (!poisoned) lastPage = last;
      } else if (kind === "editor") {
        const fields: Record<string, string> = {
          category: rng.pick(["chief editor", "associate editor", "assistant editor"]), post: rng.pick(["Professor", "Scientist", "Head"]),
          name: `${rng.pick(NAMES)} ${i}`, content: text(rng, 3 + rng.int(10), true),
          degree: rng.next() < 0.5 ? "" : "Ph.D.", email: "", phone: "", country: rng.next() < 0.5 ? "" : text(rng, 1, true), editor_website: "",
        };
        const poisoned = poison(fields, ["name", "content", "degree", "country", "phone"]);
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.set(k, v);
        if (rng.next() < 0.5) form.set("imgFile", new File([rgbaPng(8 + rng.int(20), 8 + rng.int(20)) as BlobPart], "p.png", { type: "image/png" }));
        await expectOutcome(await postForm(app, host, "/api/editors", token, form), poisoned, `editor ${i}`);
      } else {
        // Optional settings emptied, others random: every nullable column empty at some point.
        const fields: Record<string, string> = {};
        for (const key of ["formatted_journal_name", "whatsup_number", "year_started", "journal_frequency", "journal_type", "journal_language", "nassScore", "nassScoreYear", "impactfactor", "fee_rupee", "fee_dollar", "home_content", "publisher_name", "publisher_address", "phone", "abbrev_title"]) {
          fields[key] = rng.next() < 0.5 ? "" : key === "home_content" ? `<p>${text(rng, 30)}</p>` : Array.from(text(rng, 1 + rng.int(3), true)).slice(0, 140).join("");
        }
        fields.websitename = `Property Journal ${text(rng, 2, true)}`;
        const poisoned = poison(fields, ["websitename", "publisher_address", "home_content", "fee_rupee"]);
        await expectOutcome(await postJson(app, host, "/api/settings", token, fields), poisoned, `settings ${i}`);
      }
    }
  } finally {
    await app.stop();
  }
  assert.ok(refused > 0 && accepted > 5, `both outcomes exercised (seed ${seed}: ${accepted} accepted, ${refused} refused)`);

  // Separate parent folders: the second backup fetches every file from the restored storage.
  const one = path.join(work, "property-a", "one");
  const two = path.join(work, "property-b", "two");
  const restoredState = path.join(work, "state-property-restored");
  for (const [script, args, stateDir] of [
    ["scripts/backup.ts", [one], state],
    ["scripts/restore.ts", [one], restoredState],
    ["scripts/backup.ts", [two], restoredState],
  ] as const) {
    const r = run(script, [...args], { JOURNAL_STATE_DIR: stateDir });
    assert.equal(r.status, 0, `${script} ${args.join(" ")}: ${r.err}`);
  }
  const rowsOf = (dir: string) => readdirSync(path.join(dir, "rows")).sort();
  assert.deepEqual(rowsOf(two), rowsOf(one));
  for (const file of rowsOf(one)) assert.ok(readFileSync(path.join(two, "rows", file)).equals(readFileSync(path.join(one, "rows", file))), `${file} byte-identical (seed ${seed})`);
  const m1 = JSON.parse(readFileSync(path.join(one, "manifest.json"), "utf8")) as Manifest;
  const m2 = JSON.parse(readFileSync(path.join(two, "manifest.json"), "utf8")) as Manifest;
  assert.deepEqual(m2.objects.map((o) => [o.key, o.sha256]), m1.objects.map((o) => [o.key, o.sha256]));
  assert.ok(m1.tables.find((t) => t.name === "articles")!.rows > 3);

  // The rows-only SQL dump of both states, after its dated first line, is the same text.
  const dumps = [state, restoredState].map((s, i) => {
    const out = path.join(work, `dump-${i}.sql`);
    const r = run("scripts/export.ts", ["--persist-to", s, "--out", out]);
    assert.equal(r.status, 0, r.err);
    return readFileSync(out, "utf8").split("\n").slice(1).join("\n");
  });
  assert.equal(dumps[1], dumps[0]);
});
