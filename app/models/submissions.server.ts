/**
 * Admin form submissions remembered briefly, so a double click saves once: the first submission of a form token
 * claims a row; a repeat with the same fields finds the row and is answered with the first one's
 * stored answer (waiting for it while the first still runs) instead of running twice.
 */
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { formSubmissions } from "../db/schema";
import { isUniqueViolation } from "../db/errors.server";

/** How long a submission is remembered. */
const SUBMISSION_MEMORY_MS = 24 * 60 * 60 * 1000;

interface StoredAnswer {
  status: number;
  answer: string;
}

type Claim =
  | { kind: "first" }
  /** The same form, token and fields were submitted before; this is its answer. */
  | { kind: "repeat"; stored: StoredAnswer }
  /** The same submission is still running elsewhere. */
  | { kind: "running" };

function keyOf(journalId: number, token: string, form: string) {
  return and(eq(formSubmissions.journalId, journalId), eq(formSubmissions.token, token), eq(formSubmissions.form, form));
}

async function readClaim(db: Db, journalId: number, token: string, form: string) {
  const [row] = await db.select().from(formSubmissions).where(keyOf(journalId, token, form)).limit(1);
  return row;
}

/**
 * Claims a submission. A token reused with different fields (a new submission from a page whose
 * token was not renewed) replaces the old claim and counts as first.
 */
export async function claimSubmission(
  db: Db,
  journalId: number,
  token: string,
  form: string,
  fingerprint: string,
  opts: { waitMs?: number; pollMs?: number } = {},
): Promise<Claim> {
  const cutoff = new Date(Date.now() - SUBMISSION_MEMORY_MS).toISOString();
  await db.delete(formSubmissions).where(and(eq(formSubmissions.journalId, journalId), lt(formSubmissions.created, cutoff)));
  const deadline = Date.now() + (opts.waitMs ?? 10_000);
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0 && Date.now() >= deadline) return { kind: "running" };
    try {
      await db.insert(formSubmissions).values({ journalId, token, form, fingerprint });
      return { kind: "first" };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const row = await readClaim(db, journalId, token, form);
    if (!row) continue; // released between the insert and the read: try to claim again
    if (row.fingerprint !== fingerprint) {
      await db.delete(formSubmissions).where(and(keyOf(journalId, token, form), eq(formSubmissions.fingerprint, row.fingerprint)));
      continue;
    }
    if (row.status !== null && row.answer !== null) return { kind: "repeat", stored: { status: row.status, answer: row.answer } };
    await new Promise((resolve) => setTimeout(resolve, opts.pollMs ?? 150));
  }
}

/** Stores the answer of a claimed submission for its repeats. */
export async function recordSubmission(db: Db, journalId: number, token: string, form: string, stored: StoredAnswer) {
  await db.update(formSubmissions).set(stored).where(keyOf(journalId, token, form));
}

/** Forgets a claim whose submission failed, so the same form can be corrected and sent again. */
export async function releaseSubmission(db: Db, journalId: number, token: string, form: string) {
  await db.delete(formSubmissions).where(keyOf(journalId, token, form));
}
