/**
 * `npm run journal` end to end against a throw-away local D1: add (with its first admin, the
 * password piped), list (text and --json), hosts, disable/enable, unlist/list-on, and the
 * refusals that change nothing. Then a journal added while the production build is being served
 * answers on its host within the journal cache time, its admin signs in, and an alias redirects
 * to the primary host with the server's own port. The SQL `--remote` sends is run through
 * `wrangler d1 execute` on a local D1 with hostile values.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { wranglerExecutor } from "../../scripts/lib/admin-user.ts";
import { appModels, openLocal } from "../../scripts/lib/local.ts";
import { childEnv } from "../../scripts/lib/run.mjs";
import { fetchOnHost, startApp, type App } from "./harness.ts";
import { migratedState } from "./states.ts";

const root = path.resolve(import.meta.dirname, "../..");
const state = mkdtempSync(path.join(tmpdir(), "journal-cli-"));
const env = childEnv({ JOURNAL_STATE_DIR: state });

function journalCli(args: string[], input = "", stateDir = state) {
  const r = spawnSync("node", ["scripts/journal.ts", ...args], { cwd: root, env: { ...env, JOURNAL_STATE_DIR: stateDir }, input, encoding: "utf8" });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

interface Listed {
  slug: string;
  name: string;
  status: string;
  listed: boolean;
  primaryHost: string;
  hosts: string[];
  issues: number;
  articles: number;
  users: string[];
}

function list(stateDir = state): Listed[] {
  const r = journalCli(["list", "--json"], "", stateDir);
  assert.equal(r.status, 0, r.err);
  return JSON.parse(r.out);
}

before(() => {
  migratedState(state);
});

after(() => rmSync(state, { recursive: true, force: true }));

test("add creates the journal, its hosts (first = primary), complete settings and its admin; list shows it", async () => {
  const r = journalCli(
    ["add", "jcs", "--name", "Journal of Crop Science", "--host", "Journal-C.Localhost.", "--host", "www.crop.example", "--admin", "chief", "--email", "editor@crop.example", "--issn", "1234-567X"],
    "crop-science-2026\n",
  );
  assert.equal(r.status, 0, r.err);
  assert.match(r.out, /Created journal 'jcs' \(Journal of Crop Science\)/);
  assert.match(r.out, /Admin 'chief' can sign in at http:\/\/journal-c\.localhost:5173\/admin\/login/);
  assert.doesNotMatch(r.out + r.err, /crop-science-2026/);
  const [jcs] = list();
  assert.deepEqual(
    { ...jcs },
    { slug: "jcs", name: "Journal of Crop Science", status: "enabled", listed: true, primaryHost: "journal-c.localhost", hosts: ["journal-c.localhost", "www.crop.example"], issues: 0, articles: 0, users: ["chief"] },
  );
  const text = journalCli(["list"]);
  assert.match(text.out, /^jcs {2}Journal of Crop Science {2}\[enabled, listed\]$/m);
  assert.match(text.out, /hosts: +journal-c\.localhost \(primary\), www\.crop\.example/);

  const local = await openLocal(state);
  try {
    const s = await local.env.DB.prepare("select s.* from settings s join journals j on j.id = s.journal_id where j.slug = 'jcs'").first<Record<string, unknown>>();
    assert.equal(s?.websitename, "Journal of Crop Science");
    assert.equal(s?.websiteemail, "editor@crop.example");
    assert.equal(s?.issn, "1234-567X");
    assert.equal(s?.domain, "journal-c.localhost");
    assert.match(String(s?.home_content), /The journal publishes peer-reviewed research articles/);
    const { verifyPassword } = await import("../../app/lib/password.server.ts");
    const u = await local.env.DB.prepare("select password_hash, status from users where username = 'chief'").first<{ password_hash: string; status: string }>();
    assert.equal(u?.status, "enabled");
    assert.ok(await verifyPassword("crop-science-2026", u!.password_hash));
  } finally {
    await local.dispose();
  }
});

test("refusals say so in one line and create nothing", () => {
  const before = list();
  const cases: [string[], string, RegExp][] = [
    [["add", "jcs", "--name", "Again", "--host", "other.localhost"], "", /^The slug 'jcs' is taken: a journal 'jcs' exists already\.$/],
    [["add", "jcd", "--name", "Dup", "--host", "new.localhost", "--host", "www.crop.example"], "", /^The hostname 'www\.crop\.example' belongs to journal 'jcs' already\.$/],
    [["add", "jcd", "--name", "Bad", "--host", "http://bad.example/"], "", /^'http:\/\/bad\.example\/' is not a valid hostname: give a bare name such as journal\.example\.org \(no scheme, port or path\)\.$/],
    [["add", "jcd", "--name", "Bad", "--host", "bad.example:8080"], "", /is not a valid hostname/],
    [["add", "Bad Slug", "--name", "Bad", "--host", "fine.localhost"], "", /^'Bad Slug' is not a valid slug/],
    [["add", "jcd", "--host", "fine.localhost"], "", /^Give the journal a name/],
    [["add", "jcd", "--name", "No hosts"], "", /^Give the journal at least one hostname/],
    [["add", "jcd", "--name", "Short", "--host", "fine.localhost", "--admin", "bob"], "short\n", /^Choose a password of at least 10 characters\.$/],
    [["add", "jcd", "--name", "No password", "--host", "fine.localhost", "--admin", "bob"], "", /^No password: give one on stdin/],
    [["add", "jcd", "--name", "ISSN", "--host", "fine.localhost", "--issn", "12345678"], "", /^--issn '12345678' is not an ISSN/],
    [["hosts", "jcs", "--remove", "journal-c.localhost"], "", /^'journal-c\.localhost' is the primary hostname of 'jcs': make another one primary first/],
    [["hosts", "jcs", "--add", "www.crop.example"], "", /^The hostname 'www\.crop\.example' belongs to journal 'jcs' already\.$/],
    [["hosts", "jcs", "--primary", "nowhere.localhost"], "", /^'nowhere\.localhost' is not a hostname of 'jcs'/],
    [["hosts", "jcs"], "", /^Give exactly one of --add/],
    [["disable", "nope"], "", /^No journal 'nope'\. Journals: jcs\.$/],
    [["frobnicate"], "", /^Unknown command 'frobnicate'/],
    [["list", "--bogus"], "", /^Unknown option --bogus/],
  ];
  for (const [args, input, message] of cases) {
    const r = journalCli(args, input);
    assert.equal(r.status, 1, `${args.join(" ")}: ${r.out}${r.err}`);
    assert.equal(r.err.trim().split("\n").length, 1, `one line: ${r.err}`);
    assert.match(r.err.trim(), message, args.join(" "));
  }
  assert.deepEqual(list(), before);
});

test("hosts --add/--primary/--remove, disable/enable and unlist/list-on", () => {
  assert.equal(journalCli(["hosts", "jcs", "--add", "crop.localhost"]).status, 0);
  let r = journalCli(["hosts", "jcs", "--primary", "crop.localhost"]);
  assert.equal(r.status, 0, r.err);
  assert.match(r.out, /Hostnames of 'jcs': crop\.localhost \(primary\), journal-c\.localhost, www\.crop\.example/);
  assert.equal(journalCli(["hosts", "jcs", "--remove", "www.crop.example"]).status, 0);
  assert.equal(journalCli(["hosts", "jcs", "--remove", "journal-c.localhost"]).status, 0);
  r = journalCli(["hosts", "jcs", "--remove", "crop.localhost"]);
  assert.equal(r.status, 1);
  assert.match(r.err, /^'crop\.localhost' is the last hostname of 'jcs' and cannot be removed\./);
  // Back to the first primary for the next test.
  assert.equal(journalCli(["hosts", "jcs", "--add", "journal-c.localhost"]).status, 0);
  assert.match(journalCli(["hosts", "jcs", "--primary", "journal-c.localhost"]).out, /Hostnames of 'jcs': journal-c\.localhost \(primary\), crop\.localhost$/m);

  r = journalCli(["disable", "jcs"]);
  assert.equal(r.status, 0);
  assert.match(r.out, /is disabled: its hostnames answer 503/);
  assert.equal(journalCli(["unlist", "jcs"]).status, 0);
  let [jcs] = list();
  assert.equal(jcs.status, "disabled");
  assert.equal(jcs.listed, false);
  assert.match(journalCli(["enable", "jcs"]).out, /Journal 'jcs' is enabled: http:\/\/journal-c\.localhost:5173\//);
  assert.match(journalCli(["list-on", "jcs"]).out, /Journal 'jcs' is on the journal list/);
  [jcs] = list();
  assert.deepEqual([jcs.status, jcs.listed, jcs.users], ["enabled", true, ["chief"]]);
});

test("every change is in the journal's history, by the OS user who ran it (docs/decisions/019-history.md)", async () => {
  const local = await openLocal(state);
  try {
    const rows = (
      await local.env.DB.prepare(
        "select h.actor_kind, h.actor, h.action, h.record_type, h.record_id, h.fields from history h join journals j on j.id = h.journal_id where j.slug = 'jcs' order by h.id",
      ).all<{ actor_kind: string; actor: string; action: string; record_type: string; record_id: string; fields: string }>()
    ).results;
    const me = `cli:${userInfo().username}`;
    assert.ok(rows.every((r) => r.actor_kind === "cli" && r.actor === me), JSON.stringify(rows));
    assert.deepEqual(
      rows.map((r) => `${r.action} ${r.record_type} ${r.record_id}`),
      [
        "create journal jcs",
        `create user ${rows[1].record_id}`,
        "add host crop.localhost",
        "primary host crop.localhost",
        "remove host www.crop.example",
        "remove host journal-c.localhost",
        "add host journal-c.localhost",
        "primary host journal-c.localhost",
        "disable journal jcs",
        "unlist journal jcs",
        "enable journal jcs",
        "list_on journal jcs",
      ],
    );
    // The user entry names the user by the id sign-ins are recorded under; never the password.
    const chief = await local.env.DB.prepare("select id from users where username = 'chief'").first<{ id: number }>();
    assert.equal(rows[1].record_id, String(chief!.id));
    assert.deepEqual(JSON.parse(rows[1].fields), { username: { after: "chief" }, name: { after: "chief" }, role: { after: "admin" } });
    assert.ok(!rows.some((r) => r.fields.includes("crop-science-2026")));
    assert.deepEqual(JSON.parse(rows[3].fields), { primary: { before: "journal-c.localhost", after: "crop.localhost" } });
    assert.deepEqual(JSON.parse(rows[8].fields), { status: { before: "enabled", after: "disabled" } });
  } finally {
    await local.dispose();
  }
});

test("--help explains every command", () => {
  const r = journalCli(["--help"]);
  assert.equal(r.status, 0);
  for (const word of ["add <slug>", "list [--json]", "hosts <slug>", "disable <slug>", "unlist <slug>", "--remote"]) assert.ok(r.out.includes(word), word);
});

test("the statements --remote sends run through wrangler d1 execute, values as literals, all or nothing", async () => {
  const exec = wranglerExecutor(["--local", "--persist-to", state]);
  const { newJournalStatements } = await appModels();
  const name = `Robert'); DROP TABLE journals; -- "Journal" of Ünïcode ✓`;
  await exec(newJournalStatements({ slug: "hostile", name, hosts: ["hostile.localhost"] }));
  const hostile = list().find((j) => j.slug === "hostile");
  assert.equal(hostile?.name, name);
  // A taken hostname at the end of the batch: nothing of the new journal stays.
  await assert.rejects(exec(newJournalStatements({ slug: "half", name: "Half", hosts: ["half.localhost", "hostile.localhost"] })));
  assert.equal(list().find((j) => j.slug === "half"), undefined);
  const [[row]] = await exec([{ sql: "select count(*) as n from journal_hosts where hostname = 'half.localhost'", params: [] }]);
  assert.equal(row.n, 0);
  // The history entries --remote writes with a change go through the same path, hostile text as data.
  const { historyStatement, cliActor } = await import("../../app/models/history.server.ts");
  await exec([historyStatement("hostile", { actor: cliActor("o'brien"), action: "add", type: "host", id: "x.localhost", fields: { name: { after: name } } })]);
  const [[entry]] = await exec([{ sql: "select h.actor, h.fields from history h join journals j on j.id = h.journal_id where j.slug = 'hostile'", params: [] }]);
  assert.deepEqual([entry.actor, JSON.parse(String(entry.fields))], ["cli:o'brien", { name: { after: name } }]);
});

test("a journal added while the site is served answers on its host within the cache time; its admin signs in; aliases redirect", async () => {
  let app: App | undefined;
  try {
    app = await startApp([{ slug: "served", name: "Already Served Journal", hosts: ["served.localhost"] }]);
    const r = journalCli(["add", "jcs", "--name", "Journal of Crop Science", "--host", "journal-c.localhost", "--host", "crop-alias.localhost", "--admin", "chief"], "crop-science-2026\n", app.stateDir);
    assert.equal(r.status, 0, r.err);
    const started = Date.now();
    let res: Response;
    for (;;) {
      res = await fetchOnHost(app, "journal-c.localhost", "/");
      if (res.status === 200 || Date.now() - started > 10_000) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.equal(res.status, 200);
    assert.ok(Date.now() - started < 5_000, `served after ${Date.now() - started} ms`);
    assert.match(await res.text(), /Journal of Crop Science/);
    const login = await fetchOnHost(app, "journal-c.localhost", "/auth/login/", {
      method: "POST",
      headers: { "content-type": "application/json", origin: `http://journal-c.localhost:${app.port}` },
      body: JSON.stringify({ username: "chief", password: "crop-science-2026" }),
    });
    assert.equal(login.status, 200, await login.text());
    const alias = await fetchOnHost(app, "crop-alias.localhost", "/archives?x=1");
    assert.equal(alias.status, 301);
    assert.equal(alias.headers.get("location"), `http://journal-c.localhost:${app.port}/archives?x=1`);
    // Pages name the primary host with this server's own port.
    const home = await fetchOnHost(app, "JOURNAL-C.localhost.", "/feed.xml");
    // (The feed's id is an identity, a tag: URI; its self link is the address.)
    assert.match(await home.text(), new RegExp(`<link rel="self" type="application/atom\\+xml" href="http://journal-c\\.localhost:${app.port}/feed\\.xml"/>`));
    assert.deepEqual(list(app.stateDir).map((j) => j.slug), ["served", "jcs"]);
    // A host added on the command line while the site runs shows on the journal's Activity.
    assert.equal(journalCli(["hosts", "jcs", "--add", "www.crop-science.localhost"], "", app.stateDir).status, 0);
    // The served workerd drops the first connection after another process wrote its D1 files
    // (seen here: one "socket hang up", then normal answers); the second try is the real one.
    const signIn = () =>
      fetchOnHost(app!, "journal-c.localhost", "/auth/login/", {
        method: "POST",
        headers: { "content-type": "application/json", origin: `http://journal-c.localhost:${app!.port}` },
        body: JSON.stringify({ username: "chief", password: "crop-science-2026" }),
      });
    const again = await signIn().catch(signIn);
    const { token } = (await again.json()) as { token: string };
    const activity = await fetchOnHost(app, "journal-c.localhost", "/api/admin/activity?type=host", { headers: { authorization: `Bearer ${token}` } });
    assert.equal(activity.status, 200);
    const { entries } = (await activity.json()) as { entries: { at: string; actor: string; action: string; type: string; id: string; fields: unknown }[] };
    const { at, ...entry } = entries[0];
    assert.match(at, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(entry, { actor: `cli:${userInfo().username}`, action: "add", type: "host", id: "www.crop-science.localhost", fields: { hostname: { after: "www.crop-science.localhost" } } });
  } finally {
    await app?.stop();
  }
});
