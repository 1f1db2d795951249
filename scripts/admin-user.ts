/**
 * Create or reset a journal's staff user, in the local D1 or (--remote) in production. Run with
 * --help for the options. The same rules as the admin's Staff and Account pages: one username
 * rule (app/schemas/staff.ts) for new users, one password rule (app/lib/password-policy.ts).
 *
 * Without a password argument the password is asked for (hidden, twice) on a terminal, or read
 * from the first line of stdin when it is piped (`printf '%s\n' "$PW" | npm run admin-user …`),
 * which keeps it out of the shell history and the process list. The hash is computed here with
 * the app's own hashPassword; only the hash is written. A reset bumps the user's session epoch
 * (every token and device cookie issued before stops working) and forgets the user's failed
 * sign-ins (a user locked out by the throttle can sign in at once). `--disable` without a
 * password disables an existing user at once (sessions ended) and leaves the password alone.
 * Every change goes into the journal's history with the operator's OS user as the actor.
 *
 * --remote runs the SQL with `wrangler d1 execute DB --remote` (needs `wrangler login`); the
 * values are written into the SQL as hex literals, never as text spliced into a string.
 */
export {};

const USAGE =
  'usage: npm run admin-user -- <journal-slug> <username> [password] [--name "Full Name"] [--role admin|editor] [--disable] [--reset-2fa] [--remote]';

const HELP = `Create or reset a staff user of one journal (its admins can also do this on the Staff page).

${USAGE}

  <journal-slug>   the journal (npm run journal -- list shows them; the demo journals are ijals and jacer)
  <username>       2–64 letters, digits, dots, hyphens, underscores or @ (for a new user)
  [password]       the new password; better left out: it is then asked twice without echo, or read
                   from the first line of stdin when piped (printf '%s\\n' "$PW" | npm run admin-user -- …)
  --name "Name"    the name shown in the admin (a new user without one is named after the username)
  --role R         admin (everything, settings and staff included; the default for a new user) or
                   editor (issues, articles, editors, indexing partners, documents); on a reset an
                   existing user keeps their role unless this is given (the Staff page changes
                   roles without a reset)
  --disable        disable the user (their sessions end at once); with a password, reset and disable
  --reset-2fa      turn the user's two-factor sign-in off (a lost phone and lost recovery codes)
  --remote         the production D1 (log in with \`npx wrangler login\` first)
  --help           this text

Creating or resetting enables the user, signs out every earlier session and forgets their failed
sign-ins. Passwords: at least 10 characters, not one of the 100,000 most common (judged after
Unicode normalisation), not containing the username or the journal's slug. Without --remote the
local D1 is changed (JOURNAL_STATE_DIR picks another state folder).`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(HELP);
  process.exit(0);
}

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const [, value] = args.splice(i, 2);
  if (value === undefined) fail(`${name} needs a value.`);
  return value;
};
const switchOn = (name: string) => {
  const i = args.indexOf(name);
  if (i !== -1) args.splice(i, 1);
  return i !== -1;
};

const name = flag("--name");
const role = flag("--role") as "admin" | "editor" | undefined;
const disable = switchOn("--disable");
const resetTwoFactor = switchOn("--reset-2fa");
const remote = switchOn("--remote");
const unknown = args.find((a) => a.startsWith("--"));
if (unknown) fail(`Unknown option ${unknown}.\n${USAGE}`);
const [slug, username, passwordArg, extra] = args;
if (!slug || !username || extra !== undefined) fail(USAGE);
if (role !== undefined && role !== "admin" && role !== "editor") fail(`--role is admin or editor, not '${role}'.`);

// The app's modules use extensionless imports: the resolve hook first, then the rest.
await import("./lib/ts-resolve.mjs");
const { hashPassword } = await import("../app/lib/password.server.ts");
const { usernameProblem } = await import("../app/schemas/staff.ts");
const cli = await import("./lib/admin-user.ts");
const { newPassword, passwordProblem } = await import("./lib/prompt.ts");
type Executor = import("./lib/admin-user.ts").Executor;

async function password(): Promise<string | undefined> {
  if (passwordArg !== undefined) return passwordArg;
  if (disable || resetTwoFactor) return undefined;
  const answer = await newPassword(username, slug);
  if ("problem" in answer) fail(answer.problem.startsWith("No password") ? `${answer.problem}\n${USAGE}` : answer.problem);
  return answer.password;
}

// The password is asked for and judged before the database is opened: a refusal is answered at once.
const pw = await password();
if (pw !== undefined) {
  const problem = await passwordProblem(pw, { username, journalSlug: slug });
  if (problem) fail(problem);
}

async function main(exec: Executor) {
  const [journal, existing] = await exec([cli.journalQuery(slug), cli.userQuery(slug, username)]);
  if (!journal.length) {
    const [all] = await exec([cli.journalsQuery]);
    console.error(`No journal '${slug}'. Journals: ${all.map((r) => r.slug).join(", ") || "(none)"}`);
    process.exitCode = 1;
    return;
  }
  // A new user's name follows the one username rule of the Staff page and `journal add --admin`.
  if (!existing.length) {
    const problem = usernameProblem(username);
    if (problem) {
      console.error(`'${username}' is not a valid username. ${problem}`);
      process.exitCode = 2;
      return;
    }
  }
  if (pw === undefined && !existing.length) {
    console.error(`No user '${username}' in journal '${slug}'; give a password to create one.`);
    process.exitCode = 1;
    return;
  }
  const created = !existing.length;
  const history = (action: string, fields: Record<string, { before?: string | null; after?: string | null }> = {}) => cli.userHistoryStatement(slug, username, action, fields);
  const writes = [];
  const was = existing[0];
  if (pw !== undefined) {
    const status = disable ? "disabled" : "enabled";
    writes.push(...cli.resetStatements({ slug, username, passwordHash: await hashPassword(pw), name, role, status }));
    // What changed, before and after — never the password or its hash. A reset is the same action
    // as a reset through a set-password link (the Staff page's), named by how it was done.
    type Change = { before?: string | null; after?: string | null };
    const change = (before: unknown, after: string): Change => (created ? { after } : { before: String(before), after });
    const fields: Record<string, Change> = created ? { username: { after: username } } : { via: { after: "npm run admin-user" } };
    if (created || (name !== undefined && was.name !== name)) fields.name = change(was?.name, name ?? username);
    if (created || (role !== undefined && was.role !== role)) fields.role = change(was?.role, role ?? "admin");
    if (created ? disable : was.status !== status) fields.status = change(was?.status, status);
    if (!created) fields.session_epoch = { before: String(was.session_epoch), after: "every session signed out" };
    writes.push(await history(created ? "create" : "password_reset", fields));
  } else {
    if (disable) writes.push(...cli.disableStatements({ slug, username }), await history("disable", { status: { before: String(was.status), after: "disabled" } }));
    if (role) writes.push(...cli.roleStatements({ slug, username, role }), await history("update", { role: { before: String(was.role), after: role } }));
  }
  if (resetTwoFactor) writes.push(...cli.resetTwoFactorStatements({ slug, username }), await history("two_factor_reset"));
  const results = await exec([...writes, cli.userQuery(slug, username)]);
  const user = results[results.length - 1][0];
  const where = `${remote ? "production" : "local"} journal '${slug}'`;
  const as = user.role === "editor" ? " (editor)" : " (admin)";
  if (resetTwoFactor) console.log(`Two-factor sign-in of '${username}' is off.`);
  if (user.status === "disabled") console.log(`User '${username}'${as} of the ${where} is disabled; their sessions have ended.`);
  else if (!existing.length) console.log(`User '${username}'${as} of the ${where} is created and ready to sign in.`);
  else if (pw !== undefined) console.log(`User '${username}'${as} of the ${where} is ready to sign in; sessions from before the reset are signed out.`);
  else console.log(`User '${username}'${as} of the ${where} is ready to sign in.`);
}

if (remote) {
  try {
    await main(cli.wranglerExecutor(["--remote"]));
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  }
} else {
  const { openLocal } = await import("./lib/local.ts");
  const { env, dispose } = await openLocal(process.env.JOURNAL_STATE_DIR);
  try {
    await main(cli.d1Executor(env.DB));
  } finally {
    await dispose();
  }
}
