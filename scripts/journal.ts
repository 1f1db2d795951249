/**
 * `npm run journal -- <command>`: add and manage the journals of this deployment, in the local
 * D1 (default; JOURNAL_STATE_DIR picks another state folder) or with --remote in production
 * (through `wrangler d1 execute DB --remote`, every value written as a hex literal, never as
 * text spliced into SQL). The statements come from the app's journal model, the same code the
 * demo seed and the tests create journals with. Run with --help for the commands.
 */
import "./lib/ts-resolve.mjs";
import { d1Executor, resetStatements, userHistoryStatement, wranglerExecutor, type Executor, type Statement } from "./lib/admin-user.ts";
import { newPassword } from "./lib/prompt.ts";
import { osUser } from "./lib/operator.ts";

const HELP = `Manage the journals of this deployment.

usage: npm run journal -- <command> [options] [--remote]

  add <slug> --name "Journal name" --host <hostname> [--host <alias>…] [--admin <username>]
      [--email <address>] [--issn <print ISSN>] [--e-issn <online ISSN>] [--publisher "Name"]
      [--timezone <IANA zone>] [--unlisted]
        Creates the journal, its hostnames (the first is the primary: every link, feed and
        certificate names it; the others redirect to it), complete default settings and, with
        --admin, its first admin user (the password is asked twice, or read from the first line
        of stdin when piped). Nothing is created if any part is refused.
  list [--json]
        Every journal: slug, name, hostnames (primary marked), issue and article counts, users,
        enabled or disabled, listed or not.
  hosts <slug> --add <hostname> | --remove <hostname> | --primary <hostname>
        Adds an alias, removes one (never the primary; make another one primary first), or makes
        one of the journal's hostnames its primary.
        A new primary moves every URL and the journal's domain setting (cover pages, the board
        PDF); OAI-PMH identifiers and feed ids keep the journal's first primary host.
  disable <slug> | enable <slug>
        A disabled journal answers every request on its hostnames with 503 ("not available");
        nothing is deleted, and enable brings it back as it was.
  unlist <slug> | list-on <slug>
        Leaves the journal off, or puts it back on, the publisher's journal list (/journals).

  --remote   run against the production D1 (log in with \`npx wrangler login\` first)
  --help     this text

A slug is 2–32 lower-case letters, digits and hyphens (used in scripts and file names, e.g. jcs).
Hostnames are bare names such as journal.example.org: no scheme, port or path.`;

class Refused extends Error {}
const refuse = (message: string): never => {
  throw new Refused(message);
};

const args = process.argv.slice(2);
const takeAll = (name: string): string[] => {
  const values: string[] = [];
  for (let i = args.indexOf(name); i !== -1; i = args.indexOf(name)) {
    const [, value] = args.splice(i, 2);
    if (value === undefined || value.startsWith("--")) refuse(`${name} needs a value.`);
    values.push(value);
  }
  return values;
};
const take = (name: string): string | undefined => {
  const values = takeAll(name);
  if (values.length > 1) refuse(`${name} is given more than once.`);
  return values[0];
};
const flag = (name: string): boolean => {
  const i = args.indexOf(name);
  if (i !== -1) args.splice(i, 1);
  return i !== -1;
};

function slugArg(value: string | undefined): string {
  if (!value) refuse("Name the journal by its slug (npm run journal -- list shows them).");
  return value!;
}

function hostnameArg(value: string): string {
  const host = normaliseHostname(value);
  if (!host) refuse(`'${value}' is not a valid hostname: give a bare name such as journal.example.org (no scheme, port or path).`);
  return host!;
}

interface Overview {
  slug: string;
  name: string;
  status: string;
  listed: boolean;
  primaryHost: string | null;
  hosts: string[];
  issues: number;
  articles: number;
  users: string[];
}

async function overview(exec: Executor): Promise<Overview[]> {
  const [rows] = await exec([model.journalsOverviewStatement]);
  return rows.map((r) => ({
    slug: String(r.slug),
    name: String(r.name),
    status: String(r.status),
    listed: Number(r.listed) === 1,
    primaryHost: r.primary_host == null ? null : String(r.primary_host),
    hosts: JSON.parse(String(r.hosts ?? "[]")),
    issues: Number(r.issues),
    articles: Number(r.articles),
    users: JSON.parse(String(r.users ?? "[]")),
  }));
}

async function journal(exec: Executor, slug: string): Promise<Overview> {
  const all = await overview(exec);
  const found = all.find((j) => j.slug === slug);
  if (!found) refuse(`No journal '${slug}'. Journals: ${all.map((j) => j.slug).join(", ") || "(none)"}.`);
  return found!;
}

function hostsLine(j: Overview): string {
  return j.hosts.map((h) => (h === j.primaryHost ? `${h} (primary)` : h)).join(", ") || "(none)";
}

function describe(j: Overview): string {
  const state = [j.status, j.listed ? "listed" : "not listed"].join(", ");
  return [
    `${j.slug}  ${j.name}  [${state}]`,
    `  hosts:     ${hostsLine(j)}`,
    `  issues:    ${j.issues}    articles: ${j.articles}`,
    `  users:     ${j.users.join(", ") || "(none)"}`,
  ].join("\n");
}

function siteUrl(host: string, remote: boolean): string {
  return remote ? `https://${host}/` : `http://${host}:${process.env.PORT || 5173}/`;
}

async function add(exec: Executor, remote: boolean) {
  const slug = slugArg(args.shift());
  const name = (take("--name") ?? "").trim();
  const hosts = takeAll("--host").map(hostnameArg);
  const admin = take("--admin");
  const settings = {
    websiteemail: take("--email") ?? "",
    issn: take("--issn") ?? "",
    journal_essn: take("--e-issn") ?? "",
    publisher_name: take("--publisher") ?? "",
    timezone: take("--timezone") ?? "UTC",
  };
  const listed = !flag("--unlisted");
  rest();
  if (!/^[a-z0-9][a-z0-9-]{1,31}$/.test(slug)) refuse(`'${slug}' is not a valid slug: use 2–32 lower-case letters, digits and hyphens (e.g. jcs).`);
  if (!name) refuse('Give the journal a name: --name "Journal of …".');
  if (name.length > 200) refuse("A journal name has at most 200 characters.");
  if (!hosts.length) refuse("Give the journal at least one hostname: --host journal.example.org.");
  const repeated = hosts.find((h, i) => hosts.indexOf(h) !== i);
  if (repeated) refuse(`The hostname '${repeated}' is given twice.`);
  if (settings.websiteemail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(settings.websiteemail)) refuse(`'${settings.websiteemail}' is not an e-mail address.`);
  for (const [flagName, issn] of [["--issn", settings.issn], ["--e-issn", settings.journal_essn]]) {
    if (issn && !/^\d{4}-\d{3}[\dX]$/.test(issn)) refuse(`${flagName} '${issn}' is not an ISSN: write it as 1234-567X.`);
  }
  if (!isTimeZone(settings.timezone)) refuse(`'${settings.timezone}' is not a time zone: use an IANA name such as Asia/Kolkata.`);
  // The one username rule of the Staff page and `npm run admin-user` (app/schemas/staff.ts).
  const usernameRefusal = admin === undefined ? null : usernameProblem(admin);
  if (usernameRefusal) refuse(`'${admin}' is not a valid username. ${usernameRefusal}`);

  // Refusals first, each in one line: nothing is written until everything is known to fit.
  const [slugTaken, ...owners] = await exec([model.slugOwnerStatement(slug), ...hosts.map(model.hostOwnerStatement)]);
  if (slugTaken.length) refuse(`The slug '${slug}' is taken: a journal '${slug}' exists already.`);
  owners.forEach((rows, i) => {
    if (rows.length) refuse(`The hostname '${hosts[i]}' belongs to journal '${rows[0].slug}' already.`);
  });
  let writes: Statement[] = [
    ...model.newJournalStatements({ slug, name, hosts, settings, listed }),
    historyStatement(slug, {
      actor,
      action: "create",
      type: "journal",
      id: slug,
      fields: { name: { after: name }, hosts: { after: hosts.join(", ") }, listed: { after: listed }, ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v).map(([k, v]) => [k, { after: v }])) },
    }),
  ];
  if (admin !== undefined) {
    const answer = await newPassword(admin, slug);
    if ("problem" in answer) refuse(answer.problem);
    const { password } = answer as { password: string };
    writes = [
      ...writes,
      ...resetStatements({ slug, username: admin, passwordHash: await hashPassword(password), role: "admin", status: "enabled" }),
      await userHistoryStatement(slug, admin, "create", { username: { after: admin }, name: { after: admin }, role: { after: "admin" } }),
    ];
  }
  // One batch: D1 runs it as a transaction, so a clash found only now (a concurrent add)
  // leaves nothing half-created.
  await exec(writes);
  const created = await journal(exec, slug);
  console.log(`Created journal '${slug}' (${name}) in the ${remote ? "production" : "local"} database.`);
  console.log(describe(created));
  console.log(`Site: ${siteUrl(hosts[0], remote)}`);
  if (admin !== undefined) console.log(`Admin '${admin}' can sign in at ${siteUrl(hosts[0], remote)}admin/login`);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

async function hostsCommand(exec: Executor) {
  const slug = slugArg(args.shift());
  const actions = (["--add", "--remove", "--primary"] as const)
    .map((name) => ({ name, values: takeAll(name) }))
    .filter((a) => a.values.length);
  rest();
  if (actions.length !== 1 || actions[0].values.length !== 1) {
    refuse("Give exactly one of --add <hostname>, --remove <hostname> or --primary <hostname>.");
  }
  const { name: action, values } = actions[0];
  const host = hostnameArg(values[0]);
  const j = await journal(exec, slug);
  if (action === "--add") {
    const [owner] = await exec([model.hostOwnerStatement(host)]);
    if (owner.length) refuse(`The hostname '${host}' belongs to journal '${owner[0].slug}' already.`);
    await exec([...model.addHostStatements(slug, host), historyStatement(slug, { actor, action: "add", type: "host", id: host, fields: { hostname: { after: host } } })]);
  } else {
    if (!j.hosts.includes(host)) refuse(`'${host}' is not a hostname of '${slug}' (its hostnames: ${hostsLine(j)}).`);
    if (action === "--remove") {
      if (j.hosts.length === 1) refuse(`'${host}' is the last hostname of '${slug}' and cannot be removed.`);
      if (host === j.primaryHost) refuse(`'${host}' is the primary hostname of '${slug}': make another one primary first (--primary <hostname>).`);
      await exec([...model.removeHostStatements(slug, host), historyStatement(slug, { actor, action: "remove", type: "host", id: host, fields: { hostname: { before: host } } })]);
    } else {
      if (host === j.primaryHost) {
        console.log(`'${host}' is already the primary hostname of '${slug}'.`);
        return;
      }
      await exec([
        ...model.primaryHostStatements(slug, host),
        historyStatement(slug, { actor, action: "primary", type: "host", id: host, fields: { primary: { before: j.primaryHost, after: host } } }),
      ]);
    }
  }
  console.log(`Hostnames of '${slug}': ${hostsLine(await journal(exec, slug))}`);
}

async function setState(exec: Executor, command: string) {
  const slug = slugArg(args.shift());
  rest();
  const j = await journal(exec, slug);
  if (command === "disable" || command === "enable") {
    const status = command === "disable" ? "disabled" : "enabled";
    if (j.status !== status) {
      await exec([...model.journalStatusStatements(slug, status), historyStatement(slug, { actor, action: command, type: "journal", id: slug, fields: { status: { before: j.status, after: status } } })]);
    }
    console.log(
      status === "disabled"
        ? `Journal '${slug}' is disabled: its hostnames answer 503 until \`npm run journal -- enable ${slug}\`. Nothing was deleted.`
        : `Journal '${slug}' is enabled: ${siteUrl(j.primaryHost ?? j.hosts[0], remoteRun)}`,
    );
  } else {
    const listed = command === "list-on";
    if (j.listed !== listed) {
      await exec([
        ...model.journalListedStatements(slug, listed),
        historyStatement(slug, { actor, action: listed ? "list_on" : "unlist", type: "journal", id: slug, fields: { listed: { before: j.listed, after: listed } } }),
      ]);
    }
    console.log(listed ? `Journal '${slug}' is on the journal list (/journals).` : `Journal '${slug}' is left off the journal list (/journals).`);
  }
}

/** Anything left over is a mistake worth saying. */
function rest() {
  const unknown = args.find((a) => a.startsWith("--"));
  if (unknown) refuse(`Unknown option ${unknown} (npm run journal -- --help lists them).`);
  if (args.length) refuse(`Unexpected '${args[0]}' (npm run journal -- --help lists the commands).`);
}

const remoteRun = flag("--remote");
const json = flag("--json");
if (flag("--help") || flag("-h") || args.length === 0) {
  console.log(HELP);
  process.exit(args.length === 0 && !process.argv.includes("--help") && !process.argv.includes("-h") ? 2 : 0);
}
const command = args.shift()!;
// The app's modules, after --help (which answers at once without them).
const { normaliseHostname } = await import("../app/lib/hosts.ts");
const { usernameProblem } = await import("../app/schemas/staff.ts");
const model = await import("../app/models/journals.server.ts");
const { hashPassword } = await import("../app/lib/password.server.ts");
const { cliActor, historyStatement } = await import("../app/models/history.server.ts");
// Every change is recorded in the journal's history, in the same batch as the change
// (docs/decisions/019-history.md): who ran it (the OS user), what changed.
const actor = cliActor(osUser());
const COMMANDS = ["add", "list", "hosts", "disable", "enable", "unlist", "list-on"];

async function main(exec: Executor) {
  if (!COMMANDS.includes(command)) refuse(`Unknown command '${command}'. Commands: ${COMMANDS.join(", ")} (--help explains them).`);
  if (command !== "list" && json) refuse("--json goes with list.");
  if (command === "add") return add(exec, remoteRun);
  if (command === "hosts") return hostsCommand(exec);
  if (command === "list") {
    rest();
    const all = await overview(exec);
    if (json) console.log(JSON.stringify(all, null, 2));
    else console.log(all.length ? all.map(describe).join("\n\n") : "No journals yet: add one with npm run journal -- add.");
    return;
  }
  return setState(exec, command);
}

async function run() {
  if (remoteRun) return main(wranglerExecutor(["--remote"]));
  // The local D1 is opened (a workerd start, a few seconds) only once a command needs it, so a
  // mistake in the arguments is answered at once.
  let local: Awaited<ReturnType<typeof import("./lib/local.ts").openLocal>> | undefined;
  const exec: Executor = async (statements) => {
    if (!local) {
      const { openLocal } = await import("./lib/local.ts");
      local = await openLocal(process.env.JOURNAL_STATE_DIR);
    }
    return d1Executor(local.env.DB)(statements);
  };
  try {
    await main(exec);
  } finally {
    await local?.dispose();
  }
}

try {
  await run();
} catch (error) {
  if (error instanceof Refused) {
    console.error(error.message);
    process.exitCode = 1;
  } else {
    // A constraint a concurrent change tripped, or wrangler failing: one clear line, the detail after.
    const message = error instanceof Error ? error.message : String(error);
    const taken = /UNIQUE constraint failed: (journals\.slug|journal_hosts\.hostname)/.exec(message);
    console.error(taken ? `Refused: that ${taken[1] === "journals.slug" ? "slug" : "hostname"} is taken (nothing was changed).` : `Failed: ${message}`);
    process.exitCode = 1;
  }
}
