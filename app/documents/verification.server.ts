/**
 * Certificate verification codes: `{refnumber}-{author position}-{MAC}`, where MAC is the
 * first 50 bits of HMAC-SHA256(secret, "certificate:v2:{journal id}:{refnumber}:{position}:{name}")
 * in Crockford base32 (10 characters). {name} is the author's name as printed (NFC, spaces
 * collapsed): a code belongs to a person, not to a byline position, so after a byline
 * correction or reorder it still names its author (verification tries every current author of
 * the article with the code's position) and never transfers to whoever now stands at that
 * position; a renamed author's old code stops verifying. Codes of the former position-only
 * form (v1: "certificate:v1:{journal id}:{refnumber}:{position}", same code format) are still
 * recognised (matchV1Code) — certificates printed with them were genuinely issued — but they
 * identify a byline position, not a person, so the page says so and asks the reader to compare
 * the printed name (docs/decisions/015). New certificates always get v2. Stateless: the page recomputes the MAC, so nothing is
 * stored, a code of one journal is invalid on another, and codes cannot be guessed or
 * enumerated (2^50 possibilities per certificate). The secret is CERTIFICATE_SECRET, or
 * JWT_SECRET when that is not set; the message prefix keeps these MACs apart from the JWTs
 * signed with the same secret (a JWT's signing input is "base64url.base64url").
 *
 * Editors' certificates of appreciation have codes of their own: `E{editor id}-{YYYYMMDD}-{MAC}`
 * (the date printed on the certificate), the MAC over
 * "certificate:editor:v1:{journal id}:{editor id}:{YYYY-MM-DD}:{name}". Every certificate the site
 * issues is also recorded in the register (app/models/certificates.server.ts, ADR 027), which is
 * what lets /verify recognise a certificate whose name has since been corrected.
 */
import { MissingSecretError, signingSecret } from "../lib/secrets";
import { base32Encode } from "../lib/totp";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const MAC_CHARS = 10;

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string | undefined): Promise<CryptoKey> {
  const usable = signingSecret(secret, "CERTIFICATE_SECRET (or JWT_SECRET)");
  let key = keys.get(usable);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(usable), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(usable, key);
  }
  return key;
}

/** The name as the MAC binds it: what the certificate prints, in one canonical form. */
export function printedName(name: string): string {
  return name.normalize("NFC").replace(/\s+/g, " ").trim();
}

async function mac(secret: string | undefined, journalId: number, refnumber: string, position: number, name: string): Promise<string> {
  const key = await hmacKey(secret);
  const message = `certificate:v2:${journalId}:${refnumber}:${position}:${printedName(name)}`;
  const sig = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return base32Encode(new Uint8Array(sig), ALPHABET, MAC_CHARS);
}

/**
 * The key comes from CERTIFICATE_SECRET if set, else JWT_SECRET (see certificateSecret), so
 * rotating the session secret need not invalidate printed certificates.
 */
export function certificateSecret(env: unknown): string | undefined {
  const e = env as { CERTIFICATE_SECRET?: string; JWT_SECRET?: string };
  return e.CERTIFICATE_SECRET || e.JWT_SECRET;
}

/** The verification code of one author's certificate. Throws MissingSecretError without a secret. */
export async function certificateCode(secret: string | undefined, journalId: number, refnumber: string, position: number, author: string): Promise<string> {
  return `${refnumber}-${position}-${await mac(secret, journalId, refnumber, position, author)}`;
}

/**
 * A secret-dependent key for one byline slot (no name): document ETags use it, so a rotated
 * secret changes every certificate's ETag before any query is made.
 */
export async function certificateSlotKey(secret: string | undefined, journalId: number, refnumber: string, position: number): Promise<string> {
  return mac(secret, journalId, `slot:${refnumber}`, position, "");
}

interface ParsedCode {
  refnumber: string;
  position: number;
  mac: string;
}

/** Splits a code as typed or scanned (any case; Crockford look-alikes I/L → 1, O → 0 in the MAC). */
export function parseCode(raw: string): ParsedCode | null {
  const code = raw.trim();
  if (code.length > 80) return null;
  const m = /^([A-Za-z0-9]{1,40})-(\d{1,3})-([0-9A-Za-z]{10})$/.exec(code);
  if (!m) return null;
  const position = Number(m[2]);
  if (position < 1) return null;
  const macPart = m[3].toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0");
  if (/[U]/.test(macPart)) return null;
  return { refnumber: m[1], position, mac: macPart };
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Which of the article's current authors a code was issued to: the index in `authors` of the
 * name whose MAC (with the code's refnumber and position) matches, or -1. Throws nothing for a
 * missing secret (no code is genuine then).
 */
export async function matchCode(secret: string | undefined, journalId: number, parsed: ParsedCode, authors: readonly string[]): Promise<number> {
  for (let i = 0; i < authors.length; i++) {
    let expected: string;
    try {
      expected = await mac(secret, journalId, parsed.refnumber, parsed.position, authors[i]);
    } catch (error) {
      if (error instanceof MissingSecretError) return -1;
      throw error;
    }
    if (sameText(expected, parsed.mac)) return i;
  }
  return -1;
}

/**
 * Whether a code is a genuine earlier (v1) code: HMAC over journal, refnumber and position only,
 * as certificates were signed before the name binding. It says which byline position the
 * certificate was issued for, never which name was printed on it. False without a secret.
 */
export async function matchV1Code(secret: string | undefined, journalId: number, parsed: ParsedCode): Promise<boolean> {
  let key: CryptoKey;
  try {
    key = await hmacKey(secret);
  } catch (error) {
    if (error instanceof MissingSecretError) return false;
    throw error;
  }
  const message = `certificate:v1:${journalId}:${parsed.refnumber}:${parsed.position}`;
  const sig = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return sameText(base32Encode(new Uint8Array(sig), ALPHABET, MAC_CHARS), parsed.mac);
}

/** Canonical form of a code (what the certificate prints), for redirects and display. */
export function canonicalCode(parsed: ParsedCode): string {
  return `${parsed.refnumber}-${parsed.position}-${parsed.mac}`;
}

// ---- Editors' certificates ----------------------------------------------------------------------

export interface ParsedEditorCode {
  editorId: number;
  /** YYYY-MM-DD, the date printed on the certificate. */
  issuedOn: string;
  mac: string;
}

async function editorMac(secret: string | undefined, journalId: number, editorId: number, issuedOn: string, name: string): Promise<string> {
  const key = await hmacKey(secret);
  const message = `certificate:editor:v1:${journalId}:${editorId}:${issuedOn}:${printedName(name)}`;
  const sig = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return base32Encode(new Uint8Array(sig), ALPHABET, MAC_CHARS);
}

/** The code of an editor's certificate issued on `issuedOn` (YYYY-MM-DD). Throws MissingSecretError without a secret. */
export async function editorCertificateCode(secret: string | undefined, journalId: number, editorId: number, issuedOn: string, name: string): Promise<string> {
  return `E${editorId}-${issuedOn.replace(/-/g, "")}-${await editorMac(secret, journalId, editorId, issuedOn, name)}`;
}

/** Splits an editor certificate's code as typed or scanned, or null. */
export function parseEditorCode(raw: string): ParsedEditorCode | null {
  const m = /^E(\d{1,10})-(\d{4})(\d{2})(\d{2})-([0-9A-Za-z]{10})$/i.exec(raw.trim());
  if (!m) return null;
  const macPart = m[5].toUpperCase().replace(/[IL]/g, "1").replace(/O/g, "0");
  if (/U/.test(macPart)) return null;
  return { editorId: Number(m[1]), issuedOn: `${m[2]}-${m[3]}-${m[4]}`, mac: macPart };
}

export function canonicalEditorCode(p: ParsedEditorCode): string {
  return `E${p.editorId}-${p.issuedOn.replace(/-/g, "")}-${p.mac}`;
}

/** Whether the code was signed for this editor under this name. False without a secret. */
export async function matchEditorCode(secret: string | undefined, journalId: number, parsed: ParsedEditorCode, name: string): Promise<boolean> {
  try {
    return sameText(await editorMac(secret, journalId, parsed.editorId, parsed.issuedOn, name), parsed.mac);
  } catch (error) {
    if (error instanceof MissingSecretError) return false;
    throw error;
  }
}
