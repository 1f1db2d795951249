/**
 * `npm run admin-user` against a throw-away local D1: create, reset (session epoch bumped, so
 * tokens issued before stop verifying; the user's failed sign-ins forgotten), disable, the
 * hidden prompt on a terminal, refusals that change nothing — and the SQL `--remote` sends,
 * run through `wrangler d1 execute` on the local D1 with hostile input. No server, no browser.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { verifyPassword } from "../../app/lib/password.server.ts";
import { inline, resetStatements, userQuery, wranglerExecutor } from "../../scripts/lib/admin-user.ts";
import { insertJournal, openLocal } from "../../scripts/lib/local.ts";
import { childEnv } from "../../scripts/lib/run.mjs";
import { migratedState } from "./states.ts";

const root = path.resolve(import.meta.dirname, "../..");
const state = mkdtempSync(path.join(tmpdir(), "journal-admin-user-"));
const env = childEnv({ JOURNAL_STATE_DIR: state });
const ids = { one: 0, two: 0 };

type Row = Record<string, unknown>;

function adminUser(args: string[], input = "") {
  const r = spawnSync("node", ["scripts/admin-user.ts", ...args], { cwd: root, env, input, encoding: "utf8" });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

async function withDb<T>(fn: (db: D1Database) => Promise<T>): Promise<T> {
  const local = await openLocal(state);
  try {
    return await fn(local.env.DB);
  } finally {
    await local.dispose();
  }
}
const all = (db: D1Database, sql: string, ...params: unknown[]) =>
  db.prepare(sql).bind(...params).all<Row>().then((r) => r.results);

/** The users and failed sign-ins, read in one go (each read opens a local workerd). */
async function read() {
  return withDb(async (db) => {
    const users = await all(db, "select * from users order by id");
    const failures = (await all(db, "select journal_id, username from login_attempts order by id")).map((r) => `${r.journal_id}:${r.username}`);
    return { user: (journalId: number, username: string) => users.find((u) => u.journal_id === journalId && u.username === username), failures };
  });
}

async function user(journalId: number, username: string): Promise<Row | undefined> {
  return (await read()).user(journalId, username);
}

before(async () => {
  migratedState(state);
  await withDb(async (db) => {
    ids.one = await insertJournal(db, { slug: "one", name: "Journal One", hosts: ["one.localhost"], settings: {} });
    ids.two = await insertJournal(db, { slug: "two", name: "Journal Two", hosts: ["two.localhost"], settings: {} });
  });
});

after(() => rmSync(state, { recursive: true, force: true }));

test("create, reset (epoch bumped, failed sign-ins forgotten), disable, re-enable", async () => {
  // Create, password piped on stdin (first line only).
  let r = adminUser(["one", "alice"], "first-password-1\nignored second line\n");
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /'alice' \(admin\) of the local journal 'one' is created/);
  assert.doesNotMatch(r.out, /first-password-1/);
  let db = await read();
  let alice = db.user(ids.one, "alice");
  assert.equal(alice?.status, "enabled");
  assert.equal(alice?.name, "alice");
  assert.equal(alice?.session_epoch, 0);
  assert.ok(await verifyPassword("first-password-1", String(alice?.password_hash)));
  assert.equal(db.user(ids.two, "alice"), undefined, "only in journal 'one'");

  // Alice locked herself out (11 failures); bob and journal two's alice have failures too.
  await withDb(async (db) => {
    const add = (j: number, u: string, n: number) =>
      Array.from({ length: n }, (_, i) =>
        db.prepare("insert into login_attempts (journal_id, ip, username, at) values (?, '203.0.113.9', ?, ?)").bind(j, u, Date.now() - i),
      );
    await db.batch([...add(ids.one, "alice", 11), ...add(ids.one, "bob", 2), ...add(ids.two, "alice", 3)]);
  });
  const tokenEpoch = Number(alice?.session_epoch); // a token signed now carries this epoch

  // Reset with a new password and name.
  r = adminUser(["one", "alice", "--name", "Alice Ñández"], "second-password-2\n");
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /sessions from before the reset are signed out/);
  db = await read();
  alice = db.user(ids.one, "alice");
  assert.equal(alice?.name, "Alice Ñández");
  assert.notEqual(alice?.session_epoch, tokenEpoch, "the old token's epoch no longer matches: it is refused");
  assert.equal(alice?.session_epoch, tokenEpoch + 1);
  assert.ok(await verifyPassword("second-password-2", String(alice?.password_hash)));
  assert.ok(!(await verifyPassword("first-password-1", String(alice?.password_hash))));
  const left = db.failures;
  assert.equal(left.filter((a) => a === `${ids.one}:alice`).length, 0, "alice's failures are gone: she can sign in at once");
  assert.equal(left.filter((a) => a === `${ids.one}:bob`).length, 2, "other users' failures stay");
  assert.equal(left.filter((a) => a === `${ids.two}:alice`).length, 3, "another journal's alice is untouched");

  // Disable without a password: status only.
  const hash = alice?.password_hash;
  r = adminUser(["one", "alice", "--disable"]);
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /is disabled/);
  alice = await user(ids.one, "alice");
  assert.equal(alice?.status, "disabled");
  assert.equal(alice?.session_epoch, tokenEpoch + 2, "disabling ends every session (and device cookie) at once");
  assert.equal(alice?.password_hash, hash);
  assert.equal(alice?.name, "Alice Ñández");

  // Reset with the password as an argument (the old form) re-enables and keeps the name.
  r = adminUser(["one", "alice", "third-password-3"]);
  assert.equal(r.status, 0, r.out);
  alice = await user(ids.one, "alice");
  assert.equal(alice?.status, "enabled");
  assert.equal(alice?.name, "Alice Ñández");
  assert.equal(alice?.session_epoch, tokenEpoch + 3);
  assert.ok(await verifyPassword("third-password-3", String(alice?.password_hash)));

  // Each change is in journal one's history, by the OS user who ran it, about alice's id — and
  // no password appears in it (docs/decisions/019-history.md).
  const entries = await withDb((db) => all(db, "select journal_id, actor, action, record_type, record_id, fields from history where record_type = 'user' order by id"));
  assert.deepEqual(
    entries.map((e) => [e.journal_id, e.actor, e.action, e.record_id]),
    ["create", "password_reset", "disable", "password_reset"].map((action) => [ids.one, `cli:${userInfo().username}`, action, String(alice?.id)]),
  );
  assert.deepEqual(JSON.parse(String(entries[1].fields)), {
    via: { after: "npm run admin-user" },
    name: { before: "alice", after: "Alice Ñández" },
    session_epoch: { before: String(tokenEpoch), after: "every session signed out" },
  });
  assert.deepEqual(JSON.parse(String(entries[2].fields)), { status: { before: "enabled", after: "disabled" } });
  assert.ok(!JSON.stringify(entries).includes("password-"));
});

test("refusals change nothing", async () => {
  const before = await user(ids.one, "alice");
  const cases: [string[], string, number, RegExp][] = [
    [["one", "alice"], "short\n", 2, /at least 10 characters/],
    // The app's password rules (app/lib/password-policy.ts): common passwords, the username, the journal's slug.
    [["one", "alice"], "password12\n", 2, /one of the most common passwords/],
    [["one", "alice"], "Qwertyuiop1\n", 2, /one of the most common passwords/],
    [["one", "alice", "alice-in-the-office"], "", 2, /may not contain your username/],
    [["two", "bob"], "two-journals-key\n", 2, /may not contain the journal's short name/],
    [["one", "alice"], "", 2, /No password/],
    [["nowhere", "alice"], "long-enough-password\n", 1, /No journal 'nowhere'\. Journals: one, two/],
    [["one", "ghost", "--disable"], "", 1, /No user 'ghost'/],
    [["one", "alice", "--name"], "", 2, /--name needs a value/],
    [["one", "alice", "--frobnicate"], "", 2, /Unknown option --frobnicate/],
    // One username rule with the Staff page and `journal add --admin` (app/schemas/staff.ts).
    [["one", "bad user!"], "long-enough-password\n", 2, /'bad user!' is not a valid username\. Use 2–64 letters, digits, dots, hyphens, underscores or @/],
    [["one", "x"], "long-enough-password\n", 2, /'x' is not a valid username/],
    [["one", "alice", "--role", "owner"], "", 2, /--role is admin or editor/],
    // The password rule judges what people read: a trailing space, full-width letters.
    [["one", "alice"], "password123 \n", 2, /one of the most common passwords/],
    [["one", "alice"], "ｐａｓｓｗｏｒｄ１２３\n", 2, /one of the most common passwords/],
    [["one"], "", 2, /usage: npm run admin-user/],
  ];
  for (const [args, input, status, message] of cases) {
    const r = adminUser(args, input);
    assert.equal(r.status, status, `${args.join(" ")}: ${r.out}`);
    assert.match(r.out, message);
  }
  assert.deepEqual(await user(ids.one, "alice"), before);
  assert.equal(await user(ids.one, "ghost"), undefined);
  assert.equal(await user(ids.one, "bad user!"), undefined);
});

test("roles, --reset-2fa and the journal's history: the CLI's changes are recorded as cli:<OS user>", async () => {
  let r = adminUser(["two", "dana", "--name", "Dana Roy", "--role", "editor"], "tea-garden-password-9\n");
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /'dana' \(editor\) of the local journal 'two' is created/);
  const dana = await user(ids.two, "dana");
  assert.equal(dana?.role, "editor");
  // A reset keeps the role unless one is given; --disable alone ends the sessions at once.
  r = adminUser(["two", "dana"], "tea-garden-password-10\n");
  assert.equal(r.status, 0, r.out);
  assert.equal((await user(ids.two, "dana"))?.role, "editor");
  await withDb((db) =>
    db.batch([
      db.prepare("update users set totp_secret = 'JBSWY3DPEHPK3PXP' where id = ?").bind(dana!.id),
      db.prepare("insert into staff_sessions (id, journal_id, user_id, created_at, expires_at) values ('sess-dana-cli-0001', ?, ?, 0, 9999999999999)").bind(ids.two, dana!.id),
      db.prepare("insert into staff_recovery_codes (journal_id, user_id, code_hash) values (?, ?, 'x')").bind(ids.two, dana!.id),
    ]),
  );
  r = adminUser(["two", "dana", "--reset-2fa"]);
  assert.equal(r.status, 0, r.out);
  assert.match(r.out, /Two-factor sign-in of 'dana' is off/);
  r = adminUser(["two", "dana", "--disable"]);
  assert.equal(r.status, 0, r.out);
  const after = await withDb(async (db) => ({
    user: (await all(db, "select status, totp_secret from users where id = ?", dana!.id))[0],
    sessions: (await all(db, "select id from staff_sessions where user_id = ?", dana!.id)).length,
    codes: (await all(db, "select id from staff_recovery_codes where user_id = ?", dana!.id)).length,
    history: await all(db, "select actor, action, record_type, record_id, fields from history where journal_id = ? and record_type = 'user' order by id", ids.two),
  }));
  assert.deepEqual(after.user, { status: "disabled", totp_secret: "" });
  assert.equal(after.sessions, 0);
  assert.equal(after.codes, 0);
  const os = (await import("node:os")).userInfo().username;
  const mine = after.history.filter((h) => h.record_id === String(dana!.id));
  assert.deepEqual(
    mine.map((h) => [h.actor, h.action, JSON.parse(String(h.fields))]),
    [
      [`cli:${process.env.USER || os}`, "create", { username: { after: "dana" }, name: { after: "Dana Roy" }, role: { after: "editor" } }],
      [`cli:${process.env.USER || os}`, "password_reset", { via: { after: "npm run admin-user" }, session_epoch: { before: String(dana!.session_epoch), after: "every session signed out" } }],
      [`cli:${process.env.USER || os}`, "two_factor_reset", {}],
      [`cli:${process.env.USER || os}`, "disable", { status: { before: "enabled", after: "disabled" } }],
    ],
  );
});

test("on a terminal the password is asked for twice and never echoed", async () => {
  const typed = "typed-on-a-tty-4";
  const run = (answers: string[]) =>
    new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn("script", ["-qfec", "node scripts/admin-user.ts one carol", "/dev/null"], { cwd: root, env });
      let out = "";
      const pending = [...answers];
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString();
        // Answer each prompt once it is shown (raw mode is on by then: no echo).
        const prompts = (out.match(/New password for 'carol': |Again: /g) ?? []).length;
        while (answers.length - pending.length < prompts && pending.length) child.stdin.write(`${pending.shift()}\r`);
      });
      child.on("close", (code) => resolve({ code, out }));
    });

  const differ = await run([typed, "something-else-5"]);
  assert.equal(differ.code, 2, differ.out);
  assert.match(differ.out, /differ; nothing was changed/);
  assert.equal(await user(ids.one, "carol"), undefined);

  const ok = await run([typed, typed]);
  assert.equal(ok.code, 0, ok.out);
  assert.match(ok.out, /New password for 'carol': [\s\S]*Again: /);
  assert.ok(!ok.out.includes(typed), `the password is not echoed:\n${ok.out}`);
  assert.ok(await verifyPassword(typed, String((await user(ids.one, "carol"))?.password_hash)));
});

test("--remote SQL: values inlined as hex literals, run by wrangler d1 execute, hostile input stays data", async () => {
  const username = "x'); drop table users; --\n?";
  const name = "राजेश \"O'Neil\" ; -- ? \\ 🌾";
  const statements = resetStatements({ slug: "two", username, passwordHash: "pbkdf2-sha256$1$AA==$AA==", name, status: "enabled" });
  for (const s of statements) {
    const sql = inline(s);
    assert.doesNotMatch(sql, /\?|drop table|O'Neil/, "no placeholder and no raw input left in the SQL");
  }
  await withDb((db) =>
    db.prepare("insert into login_attempts (journal_id, ip, username, at) values (?, '198.51.100.1', ?, ?)").bind(ids.two, username, Date.now()).run(),
  );

  // The executor --remote uses, pointed at the local D1 instead of production.
  const exec = wranglerExecutor(["--local", "--persist-to", state]);
  let results = await exec([...statements, userQuery("two", username)]);
  let row = results[results.length - 1][0];
  assert.equal(row.username, username);
  assert.equal(row.name, name);
  assert.equal(row.session_epoch, 0);
  assert.ok(!(await read()).failures.includes(`${ids.two}:${username}`), "failed sign-ins cleared");

  results = await exec([...resetStatements({ slug: "two", username, passwordHash: "pbkdf2-sha256$1$AQ==$AQ==", status: "enabled" }), userQuery("two", username)]);
  row = results[results.length - 1][0];
  assert.equal(row.session_epoch, 1, "a reset bumps the epoch");
  assert.equal(row.name, name, "a reset without --name keeps the name");
  const stored = await read();
  assert.equal(stored.user(ids.two, username)?.password_hash, "pbkdf2-sha256$1$AQ==$AQ==");
  assert.equal(stored.user(ids.one, "alice")?.status, "enabled", "users table intact");
});
