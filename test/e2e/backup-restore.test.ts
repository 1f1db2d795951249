/**
 * Backups that restore, as the README's restore drill runs them: `npm run backup` of a copy of
 * the demo, `npm run restore` into an empty state served on another port, and every article
 * PDF, logo, photo and signature downloaded from both servers byte for byte; row counts match;
 * `--verify` finds one flipped byte; a non-empty target is refused unless --force; an
 * interrupted backup is finished and a later one copies what an earlier one holds;
 * `storage-check` finds orphans and missing files. The `--remote` code path is
 * backup-remote.test.ts, the property test backup-property.test.ts (files of their own, so the
 * three run side by side).
 */
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { insertJournal } from "../../scripts/lib/local.ts";
import { NOT_DUMPED } from "../../scripts/lib/tables.ts";
import type { Manifest } from "../../scripts/lib/backup.ts";
import { rgbaPng } from "../images.ts";
import { all, backup, restore, run, sha, storageCheck, withEnv, workFolder } from "./backups.ts";
import { fetchOnHost, serveState } from "./harness.ts";
import { demoState } from "./states.ts";

const work = workFolder();
const stateA = path.join(work, "state-a");
const stateB = path.join(work, "state-b");
const backups = path.join(work, "backups");
const first = path.join(backups, "first");

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
