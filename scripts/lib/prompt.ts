/**
 * Asking for a new staff password in a terminal (hidden, twice) or reading it from a pipe (the
 * first line of stdin), for `npm run admin-user` and `npm run journal -- add --admin`.
 */
import { MIN_PASSWORD_LENGTH, newPasswordProblem } from "../../app/lib/password-policy.ts";

export { MIN_PASSWORD_LENGTH };

/** Reads a line from the terminal without echoing it. */
export function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const stdin = process.stdin;
    // Echo off before the prompt shows, so nothing typed after it is ever echoed.
    stdin.setRawMode(true);
    process.stderr.write(prompt);
    stdin.resume();
    stdin.setEncoding("utf8");
    let value = "";
    const done = (result: string | null) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      process.stderr.write("\n");
      if (result === null) process.exit(130);
      resolve(result);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done(value);
        if (ch === "\u0003" || ch === "\u0004") return done(null); // Ctrl-C, Ctrl-D
        if (ch === "\u007f" || ch === "\b") value = [...value].slice(0, -1).join("");
        else if (ch >= " ") value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

export async function readPiped(): Promise<string> {
  let text = "";
  process.stdin.setEncoding("utf8");
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0];
}

/**
 * The new password: piped (first line) or asked twice on a terminal. Returns a message instead
 * when there is none, the two differ or it breaks the length rules.
 */
export async function newPassword(username: string, journalSlug?: string): Promise<{ password: string } | { problem: string }> {
  let password: string;
  if (!process.stdin.isTTY) {
    password = await readPiped();
    if (!password) return { problem: "No password: give one on stdin (first line) or run this in a terminal to be asked." };
  } else {
    password = await askHidden(`New password for '${username}': `);
    const again = await askHidden("Again: ");
    if (password !== again) return { problem: "The two passwords differ; nothing was changed." };
  }
  const problem = await passwordProblem(password, { username, journalSlug });
  return problem ? { problem } : { password };
}

/**
 * Why a new password is refused, or null: the app's one rule (app/lib/password-policy.ts —
 * length, the 100,000 most common passwords, the username or the journal's slug inside it).
 */
export function passwordProblem(password: string, context: { username?: string; journalSlug?: string } = {}): Promise<string | null> {
  return newPasswordProblem(password, context);
}
