/**
 * ROR IDs (https://ror.org), the Research Organization Registry's identifiers of institutions:
 * a 0, six characters of Crockford's base 32 (no i, l, o or u) and two check digits (ISO/IEC
 * 7064 MOD 97-10 of the number the first seven characters encode). Stored and exported as the
 * https URI, the form ROR, Crossref and JATS take. Browser-safe, like app/lib/orcid.ts.
 */

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";
const ID = /^0[0-9a-hjkmnp-tv-z]{6}\d{2}$/;
const URI = /^(?:https?:\/\/)?(?:www\.)?ror\.org\/(.+)$/i;

/** The two check digits of a ROR ID's first seven characters. */
export function rorCheckDigits(first7: string): string {
  // At most 32^7 × 100 ≈ 3.4e12: exact in a double.
  let n = 0;
  for (const c of first7) n = n * 32 + CROCKFORD.indexOf(c);
  return String(98 - ((n * 100) % 97)).padStart(2, "0");
}

type RorReading = { ok: true; uri: string; id: string } | { ok: false; reason: "format" | "checksum"; id: string };

/** Reads '03vek6s52', 'ror.org/03vek6s52' or 'https://ror.org/03vek6s52' (any case) into its URI. */
export function readRor(value: string): RorReading {
  const text = value.trim().replace(/\s+/g, "");
  const id = (URI.exec(text)?.[1]?.replace(/\/+$/, "") ?? text).toLowerCase();
  if (!ID.test(id)) return { ok: false, reason: "format", id: value.trim() };
  if (rorCheckDigits(id.slice(0, 7)) !== id.slice(7)) return { ok: false, reason: "checksum", id };
  return { ok: true, uri: `https://ror.org/${id}`, id };
}
