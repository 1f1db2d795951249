/**
 * Create or reset a journal's admin user, in the local D1 or (--remote) in production:
 *
 *   npm run admin-user -- <journal-slug> <username> [password] [--name "Full Name"] [--disable] [--remote]
 *
 * Without a password argument the password is asked for (hidden, twice) on a terminal, or read
 * from the first line of stdin when it is piped (`printf '%s\n' "$PW" | npm run admin-user …`),
 * which keeps it out of the shell history and the process list. The hash is computed here with
 * the app's own hashPassword; only the hash is written. A reset bumps the user's session epoch
 * (every token issued before stops working) and forgets the user's failed sign-ins (a user
 * locked out by the throttle can sign in at once). `--disable` without a password disables an
 * existing user and leaves the password alone.
 *
 * --remote runs the SQL with `wrangler d1 execute DB --remote` (needs `wrangler login`); the
 * values are written into the SQL as hex literals, never as text spliced into a string.
 */
import { hashPassword } from "../app/lib/password.server.ts";
import {
  d1Executor,
  disableStatements,
  journalQuery,
  journalsQuery,
  resetStatements,
  userQuery,
  wranglerExecutor,
  type Executor,
} from "./lib/admin-user.ts";
import { openLocal } from "./lib/local.ts";
import { newPassword, passwordProblem } from "./lib/prompt.ts";
import { osUser } from "./lib/operator.ts";
import "./lib/ts-resolve.mjs";

const { cliActor, historyStatement, userIdOf } = await import("../app/models/history.server.ts");

const USAGE =
  'usage: npm run admin-user -- <journal-slug> <username> [password] [--name "Full Name"] [--disable] [--remote]';

const args = process.argv.slice(2);
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

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

const name = flag("--name");
const disable = switchOn("--disable");
const remote = switchOn("--remote");
const unknown = args.find((a) => a.startsWith("--"));
if (unknown) fail(`Unknown option ${unknown}.\n${USAGE}`);
const [slug, username, passwordArg, extra] = args;
if (!slug || !username || extra !== undefined) fail(USAGE);

async function password(): Promise<string | undefined> {
  if (passwordArg !== undefined) return passwordArg;
  if (disable) return undefined;
  const answer = await newPassword(username, slug);
  if ("problem" in answer) fail(answer.problem.startsWith("No password") ? `${answer.problem}\n${USAGE}` : answer.problem);
  return answer.password;
}

const pw = await password();
if (pw !== undefined) {
  const problem = await passwordProblem(pw, { username, journalSlug: slug });
  if (problem) fail(problem);
}

async function main(exec: Executor) {
  const [journal, before] = await exec([journalQuery(slug), userQuery(slug, username)]);
  if (!journal.length) {
    const [all] = await exec([journalsQuery]);
    console.error(`No journal '${slug}'. Journals: ${all.map((r) => r.slug).join(", ") || "(none)"}`);
    process.exitCode = 1;
    return;
  }
  const status = disable ? "disabled" : "enabled";
  const was = before[0];
  const writes =
    pw === undefined
      ? disableStatements({ slug, username })
      : resetStatements({ slug, username, passwordHash: await hashPassword(pw), name, status });
  // The journal's history gets the change in the same batch (never the password or its hash).
  const fields: Record<string, { before?: string | null; after?: string | null }> = {};
  if (!was) fields.username = { after: username };
  if (pw !== undefined) fields.password = { after: was ? "reset" : "set" };
  if (!was || was.status !== status) fields.status = { before: was ? String(was.status) : null, after: status };
  if (name !== undefined && (!was || was.name !== name)) fields.name = { before: was ? String(was.name) : null, after: name };
  if (was && pw !== undefined) fields.session_epoch = { before: String(was.session_epoch), after: "every session signed out" };
  const entry = historyStatement(slug, { actor: cliActor(osUser()), action: !was ? "create" : pw === undefined ? "disable" : "reset", type: "user", fields }, userIdOf(slug, username));
  // A disable of a user that does not exist changes nothing: nothing to record then.
  const results = await exec([...writes, ...(was || pw !== undefined ? [entry] : []), userQuery(slug, username)]);
  const user = results[results.length - 1][0];
  if (!user) {
    console.error(`No user '${username}' in journal '${slug}'; give a password to create one.`);
    process.exitCode = 1;
    return;
  }
  const where = `${remote ? "production" : "local"} journal '${slug}'`;
  if (user.status === "disabled") console.log(`User '${username}' of the ${where} is disabled.`);
  else if (user.session_epoch === 0) console.log(`User '${username}' of the ${where} is created and ready to sign in.`);
  else console.log(`User '${username}' of the ${where} is ready to sign in; sessions from before the reset are signed out.`);
}

if (remote) {
  try {
    await main(wranglerExecutor(["--remote"]));
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  }
} else {
  const { env, dispose } = await openLocal(process.env.JOURNAL_STATE_DIR);
  try {
    await main(d1Executor(env.DB));
  } finally {
    await dispose();
  }
}
