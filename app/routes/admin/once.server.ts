import { data } from "react-router";
import type { AdminSession } from "../../auth/admin.server";
import { claimSubmission, recordSubmission, releaseSubmission } from "../../models/submissions.server";
import { ADMIN_UX_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";
import { flash } from "../../components/admin/flash";

/**
 * Safe to submit twice (a double click, a resent form). Admin forms carry a submission token (the hidden
 * `_submission` field, from the admin layout's loader, renewed after every successful action).
 * `once` runs a form's action the first time a token is seen with these fields; a repeat — a
 * double-click before the page's script took over, a resent POST, a retry after a lost
 * answer — waits for the first and gets the first one's answer: the same status, data,
 * redirect and flash, and no second row. Failed answers (4xx/5xx) are not remembered, so a
 * corrected form can be sent again. A form without a token (the JSON API, old pages) runs as
 * before.
 */
const SUBMISSION_FIELD = "_submission";

type Stored =
  | { kind: "data"; status: number; data: unknown; headers: [string, string][] }
  | { kind: "redirect"; status: number; location: string; headers: [string, string][] };

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return !!value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** A digest of every field of the form but the token (files by name, type and size). */
async function formFingerprint(form: FormData): Promise<string> {
  const parts: string[] = [];
  for (const [name, value] of form.entries()) {
    if (name === SUBMISSION_FIELD) continue;
    parts.push(typeof value === "string" ? `${name}=${value}` : `${name}=file:${value.name}:${value.type}:${value.size}`);
  }
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\u0000")));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function toStored(outcome: unknown): Stored | null {
  if (outcome instanceof Response) {
    const location = outcome.headers.get("Location");
    if (outcome.status >= 300 && outcome.status < 400 && location) {
      return { kind: "redirect", status: outcome.status, location, headers: [...outcome.headers.entries()].filter(([k]) => k.toLowerCase() !== "location") };
    }
    return null;
  }
  if (isDataWithInit(outcome)) {
    const status = outcome.init?.status ?? 200;
    if (status >= 400) return null;
    return { kind: "data", status, data: outcome.data, headers: [...new Headers(outcome.init?.headers).entries()] };
  }
  return { kind: "data", status: 200, data: outcome, headers: [] };
}

function replay(stored: Stored): unknown {
  if (stored.kind === "redirect") {
    const headers = new Headers(stored.headers);
    headers.set("Location", stored.location);
    return new Response(null, { status: stored.status, headers });
  }
  return data(stored.data, { status: stored.status, headers: stored.headers });
}

export async function once<T>(session: Pick<AdminSession, "db" | "journal">, form: FormData, formName: string, run: () => Promise<T>): Promise<T> {
  const token = String(form.get(SUBMISSION_FIELD) ?? "");
  if (!/^[A-Za-z0-9-]{16,64}$/.test(token)) return run();
  const { db, journal } = session;
  const claim = await claimSubmission(db, journal.id, token, formName, await formFingerprint(form));
  if (claim.kind === "repeat") {
    const stored = JSON.parse(claim.stored.answer) as Stored;
    const answer = replay(stored);
    if (answer instanceof Response) throw answer;
    return answer as T;
  }
  if (claim.kind === "running") {
    return data({ ok: false, fields: {}, flash: flash("error", SOMETHING_WENT_WRONG, ADMIN_UX_MESSAGES.stillSaving) }, { status: 409 }) as T;
  }
  let outcome: unknown;
  let thrown = false;
  try {
    outcome = await run();
  } catch (error) {
    outcome = error;
    thrown = true;
  }
  const stored = thrown && !(outcome instanceof Response) ? null : toStored(outcome);
  try {
    if (stored) await recordSubmission(db, journal.id, token, formName, { status: stored.status, answer: JSON.stringify(stored) });
    else await releaseSubmission(db, journal.id, token, formName);
  } catch (error) {
    console.error("submission bookkeeping failed", error);
  }
  if (thrown) throw outcome;
  return outcome as T;
}

/** A fresh submission token for the admin pages' forms. */
export function newSubmissionToken(): string {
  return crypto.randomUUID();
}
