/**
 * The rules for a new staff password, in one place: used by `npm run admin-user` (through
 * scripts/lib/prompt.ts) and the admin's change-password page. Imports carry their `.ts`
 * extension so the scripts can run this file with Node directly.
 *
 * Refused: shorter than MIN_PASSWORD_LENGTH or longer than MAX_PASSWORD_LENGTH; one of the
 * 100,000 most common passwords (SecLists' 10-million-password-list-top-100000, see
 * scripts/passwords/build-common-passwords.ts); containing the username or the journal's slug
 * (case-insensitive, for names of 3 characters or more).
 *
 * The common-password list is kept as a Golomb-Rice coded set of hashes
 * (app/lib/common-passwords.data.ts, ~210 KB): a password outside the list is falsely refused
 * with probability about 2^-16 (1 in 65,536); a listed one is always refused. It is loaded on the
 * first check, not imported: in the Worker a static import is evaluated at every start, and only
 * a password change needs the list (docs/decisions/030-worker-startup.md).
 */
import { PASSWORD_MESSAGES } from "../schemas/messages.ts";
import { MAX_NEW_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../schemas/password.ts";

export { MAX_NEW_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };
/** Remainder bits of the Golomb-Rice code: the false-positive rate is about 2^-GCS_REMAINDER_BITS. */
export const GCS_REMAINDER_BITS = 16;

/** The number below `range` a SHA-256 digest stands for in the set (its first 48 bits, reduced). */
export function gcsHash(digest: Uint8Array, range: number): number {
  let v = 0;
  for (let i = 0; i < 6; i++) v = v * 256 + digest[i];
  return v % range;
}

interface CodedSet {
  count: number;
  range: number;
  bytes: Uint8Array;
}

let loaded: Promise<CodedSet> | null = null;
function commonPasswords(): Promise<CodedSet> {
  loaded ??= import("./common-passwords.data.ts").then(({ COMMON_PASSWORDS: { count, range, gcs } }) => {
    const s = atob(gcs);
    const bytes = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
    return { count, range, bytes };
  });
  // A load that failed is tried again by the next check rather than kept.
  loaded.catch(() => {
    loaded = null;
  });
  return loaded;
}

/** Whether the coded set holds `value` (walks the gaps until it reaches or passes it). */
function setHas({ count, bytes }: CodedSet, value: number): boolean {
  const k = GCS_REMAINDER_BITS;
  let pos = 0;
  const total = bytes.length * 8;
  const bit = () => (bytes[pos >> 3] >> (7 - (pos++ & 7))) & 1;
  let current = 0;
  for (let n = 0; n < count && pos < total; n++) {
    let q = 0;
    while (bit() === 1) q++;
    let r = 0;
    for (let b = 0; b < k; b++) r = r * 2 + bit();
    current += q * 2 ** k + r;
    if (current === value) return true;
    if (current > value) return false;
  }
  return false;
}

/** Whether the password (or its lower-case form) is one of the 100,000 most common. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const set = await commonPasswords();
  for (const candidate of new Set([password, password.toLowerCase()])) {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(candidate)));
    if (setHas(set, gcsHash(digest, set.range))) return true;
  }
  return false;
}

/** Why a new password is refused (a message for staff), or null when it is acceptable. */
export async function newPasswordProblem(
  password: string,
  context: { username?: string; journalSlug?: string } = {},
): Promise<string | null> {
  if ([...password].length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort(MIN_PASSWORD_LENGTH);
  if (password.length > MAX_NEW_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong(MAX_NEW_PASSWORD_LENGTH);
  const lower = password.toLowerCase();
  const username = (context.username ?? "").trim().toLowerCase();
  if (username.length >= 3 && lower.includes(username)) return PASSWORD_MESSAGES.containsUsername;
  const slug = (context.journalSlug ?? "").trim().toLowerCase();
  if (slug.length >= 3 && lower.includes(slug)) return PASSWORD_MESSAGES.containsJournal;
  if (await isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  return null;
}
