/**
 * Two-factor sign-in with an authenticator app: TOTP (RFC 6238) over HOTP (RFC 4226), through
 * WebCrypto, and the one-time recovery codes (docs/decisions/025-two-factor.md). Pure functions:
 * the models store secrets, last steps and code hashes.
 *
 * Parameters are the ones every authenticator app takes without asking: HMAC-SHA1, 30-second
 * steps, 6 digits. A code is accepted for the current step and one step either side (clocks
 * drift); the caller refuses a step at or before the last one accepted, so a code works once.
 */

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
const TOTP_WINDOW = 1;
/** 160 bits, as RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;

export type TotpAlgorithm = "SHA-1" | "SHA-256" | "SHA-512";

// ---- Base32 (RFC 4648, the alphabet authenticator apps read) ------------------------------

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * Base32 of `bytes` in `alphabet` (RFC 4648's unless another is named, e.g. the certificate
 * codes' Crockford one), stopping at `limit` characters when a code needs only its first bits.
 */
export function base32Encode(bytes: Uint8Array, alphabet = BASE32, limit = Infinity): string {
  let out = "";
  let value = 0;
  let bits = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5 && out.length < limit) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length >= limit) return out;
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (any case, spaces and `=` padding ignored); null when it is not base32. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  if (!clean || /[^A-Z2-7]/.test(clean)) return null;
  const out: number[] = [];
  let value = 0;
  let bits = 0;
  for (const ch of clean) {
    value = (value << 5) | BASE32.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** A new random secret, base32 (32 characters for 20 bytes). */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

// ---- HOTP / TOTP ----------------------------------------------------------------------------

/** HOTP (RFC 4226 §5.3): the dynamically truncated HMAC of the 8-byte big-endian counter. */
export async function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = "SHA-1"): Promise<string> {
  const message = new Uint8Array(8);
  let c = counter;
  for (let i = 7; i >= 0; i--) {
    message[i] = c % 256;
    c = Math.floor(c / 256);
  }
  const cryptoKey = await crypto.subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: algorithm }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, message));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The time step of a moment (Unix seconds): T = floor(t / X), T0 = 0. */
function totpStep(unixSeconds: number, period = TOTP_PERIOD_SECONDS): number {
  return Math.floor(unixSeconds / period);
}

/** The TOTP code at a moment (RFC 6238 §4). */
export async function totpCode(
  key: Uint8Array,
  unixSeconds: number,
  options: { digits?: number; algorithm?: TotpAlgorithm; period?: number } = {},
): Promise<string> {
  return hotp(key, totpStep(unixSeconds, options.period), options.digits ?? TOTP_DIGITS, options.algorithm ?? "SHA-1");
}

/** A code as typed: digits only (spaces and hyphens some apps show are dropped). */
function cleanTotpInput(code: string): string {
  return code.replace(/[\s-]/g, "");
}

/**
 * The step a code is valid for, if any: the current step or one either side, and after
 * `lastStep` (the last step a code was accepted for), so a code — or an older one — never
 * works twice. Compared in constant time per candidate.
 */
export async function matchTotp(secret: string, code: string, nowMs: number, lastStep: number): Promise<number | null> {
  const typed = cleanTotpInput(code);
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed)) return null;
  const key = base32Decode(secret);
  if (!key) return null;
  const now = totpStep(Math.floor(nowMs / 1000));
  let found: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (step <= lastStep) continue;
    const expected = await hotp(key, step);
    let diff = 0;
    for (let i = 0; i < TOTP_DIGITS; i++) diff |= expected.charCodeAt(i) ^ typed.charCodeAt(i);
    if (diff === 0 && found === null) found = step;
  }
  return found;
}

/**
 * The otpauth:// URI authenticator apps read from the QR code (Google Authenticator's key URI
 * format): label `Issuer:username`, the secret, the issuer again as a parameter. SHA-1, 6 digits
 * and 30 seconds are every app's defaults, so they are left out: a shorter URI is a sparser QR
 * code, easier to scan from a screen.
 */
export function otpauthUri(secret: string, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, "%20")}`;
}

/** The secret in groups of four, as people copy it into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

// ---- Recovery codes -------------------------------------------------------------------------

const RECOVERY_CODE_COUNT = 10;
/** Crockford's base32 without I, L, O, U: nothing to misread. 16 characters = 80 bits. */
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RECOVERY_CHARS = 16;

/** Ten new recovery codes, shown once: `xxxx-xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes: string[] = [];
  for (let n = 0; n < count; n++) {
    const bytes = crypto.getRandomValues(new Uint8Array(RECOVERY_CHARS));
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]).join("");
    codes.push(chars.replace(/(.{4})(?=.)/g, "$1-"));
  }
  return codes;
}

/**
 * A recovery code as typed, in its stored form: any case, spaces and hyphens ignored, and the
 * letters people confuse (I and L for 1, O for 0) read as Crockford does. Null when it cannot be
 * one.
 */
export function cleanRecoveryCode(input: string): string | null {
  const clean = input
    .toLowerCase()
    .replace(/[\s-]/g, "")
    .replace(/[il]/g, "1")
    .replace(/o/g, "0");
  return clean.length === RECOVERY_CHARS && [...clean].every((c) => RECOVERY_ALPHABET.includes(c)) ? clean : null;
}

