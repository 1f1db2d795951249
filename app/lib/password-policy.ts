/**
 * The rules for a new staff password, in one place: used by `npm run admin-user` and
 * `npm run journal -- add --admin` (through scripts/lib/prompt.ts), the admin's change-password
 * page and the set-password link. Imports carry their `.ts` extension so the scripts can run
 * this file with Node directly.
 *
 * Every rule judges the password as people see it (`comparablePassword`): Unicode NFKC,
 * invisible characters removed, trimmed, Cyrillic and Greek look-alike letters read as the Latin
 * letters they imitate, and case folded — so `password1 `, `ｐａｓｓｗｏｒｄ１`, `pass\u200bword1`
 * and `раѕѕword1` are refused exactly like `password1`. (What is stored is the hash of the
 * password as typed; normalising only decides what is refused.)
 *
 * Refused: shorter than MIN_PASSWORD_LENGTH or longer than MAX_PASSWORD_LENGTH; one of the
 * 100,000 most common passwords (SecLists' 10-million-password-list-top-100000, see
 * scripts/passwords/build-common-passwords.ts); containing the username or the journal's slug
 * (for names of 3 characters or more).
 *
 * The common-password list is kept as a Golomb-Rice coded set of hashes
 * (app/lib/common-passwords.data.ts, ~220 KB): a password outside the list is falsely refused
 * with probability about 2^-16 (1 in 65,536); a listed one is always refused. The set is
 * imported on the first check, not when the Worker starts: most requests never judge a password.
 */
import { PASSWORD_MESSAGES } from "../schemas/messages.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../schemas/password.ts";

export { MIN_PASSWORD_LENGTH };
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

let loading: Promise<CodedSet> | null = null;

/** The coded set, imported and decoded once, on first use. */
function commonSet(): Promise<CodedSet> {
  loading ??= import("./common-passwords.data.ts").then(({ COMMON_PASSWORDS }) => {
    const s = atob(COMMON_PASSWORDS.gcs);
    const bytes = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
    return { count: COMMON_PASSWORDS.count, range: COMMON_PASSWORDS.range, bytes };
  });
  return loading;
}

/** Whether the coded set holds `value` (walks the gaps until it reaches or passes it). */
function setHas({ bytes, count }: CodedSet, value: number): boolean {
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

// ---- Judging a password as people see it -------------------------------------------------

/**
 * Characters that show nothing (zero-width spaces and joiners, word joiner, soft hyphen, BOM,
 * variation selectors, bidirectional marks…): typed or pasted into a listed password, they
 * would make it "new" without changing how it looks or is remembered.
 */
const INVISIBLE = /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\u{1BCA0}-\u{1BCA3}\u{E0000}-\u{E0FFF}]/gu;

/**
 * Cyrillic and Greek letters (and a few others) that look like Latin ones, as in Unicode's
 * confusables list, upper and lower case each mapped to the Latin letter it imitates (before
 * case folding, since `Η` looks like H but `η` like n).
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic capitals
  А: "A", В: "B", Е: "E", Ё: "E", З: "3", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", У: "Y", Х: "X",
  Ѕ: "S", І: "I", Ї: "I", Ј: "J", Ԁ: "D", Ԛ: "Q", Ԝ: "W", Ү: "Y", Һ: "H", Ӏ: "I", Ь: "b",
  // Cyrillic small letters
  а: "a", в: "b", е: "e", ё: "e", з: "3", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x",
  ѕ: "s", і: "i", ї: "i", ј: "j", ԁ: "d", ԛ: "q", ԝ: "w", ү: "y", һ: "h", ӏ: "l", ь: "b", ɡ: "g", п: "n", г: "r",
  // Greek capitals
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
  // Greek small letters
  α: "a", β: "b", γ: "y", ε: "e", ι: "i", κ: "k", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x", η: "n", ω: "w",
  ϲ: "c", ϳ: "j",
  // Latin letters that read as plain ones
  ı: "i", ȷ: "j", ɑ: "a", ɩ: "i", ǀ: "l",
  // Armenian
  օ: "o", ս: "u", ց: "g", հ: "h", ո: "n",
};
const LOOK_ALIKE_RE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");

/**
 * A password as it is judged: Unicode NFKC (full-width and other compatibility forms become
 * plain ones), invisible characters removed, trimmed, look-alike letters mapped to Latin, case
 * folded (`ß` → `ss` as well as `A` → `a`). Only for judging: the hash is of what was typed.
 */
function comparablePassword(password: string): string {
  const visible = password.normalize("NFKC").replace(INVISIBLE, "").trim();
  const latin = visible.replace(LOOK_ALIKE_RE, (ch) => LOOK_ALIKES[ch] ?? ch);
  // Upper then lower case is full case folding for the letters that matter here (ß → SS → ss).
  return latin.toUpperCase().toLowerCase().normalize("NFKC");
}

/** Whether the password, as typed or as it is judged, is one of the 100,000 most common. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const set = await commonSet();
  for (const candidate of new Set([password, password.toLowerCase(), comparablePassword(password)])) {
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
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong(MAX_PASSWORD_LENGTH);
  const seen = comparablePassword(password);
  if ([...seen].length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort(MIN_PASSWORD_LENGTH);
  const username = comparablePassword(context.username ?? "");
  if (username.length >= 3 && seen.includes(username)) return PASSWORD_MESSAGES.containsUsername;
  const slug = comparablePassword(context.journalSlug ?? "");
  if (slug.length >= 3 && seen.includes(slug)) return PASSWORD_MESSAGES.containsJournal;
  if (await isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  return null;
}
