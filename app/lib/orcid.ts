/**
 * ORCID iDs (https://orcid.org): sixteen characters in four groups, the last a check character
 * (ISO/IEC 7064 MOD 11-2, the digits 0–9 or X). Stored and exported as the full https URI, the
 * form ORCID asks integrators to store and display. Browser-safe: the author editor checks a
 * pasted iD as it is typed, with the function the server checks it with.
 */

const BARE = /^(\d{4})-?(\d{4})-?(\d{4})-?(\d{3}[\dXx])$/;
const URI = /^(?:https?:\/\/)?(?:www\.)?orcid\.org\/(.+)$/i;

/** The MOD 11-2 check character of the first fifteen digits. */
export function orcidCheckCharacter(digits15: string): string {
  let total = 0;
  for (const d of digits15) total = (total + Number(d)) * 2;
  const result = (12 - (total % 11)) % 11;
  return result === 10 ? "X" : String(result);
}

type OrcidReading =
  | { ok: true; uri: string; id: string }
  | { ok: false; reason: "format" | "checksum"; id: string };

/**
 * Reads an iD as staff paste it — '0000-0002-1825-0097', '0000000218250097',
 * 'orcid.org/…', 'https://orcid.org/…' — into its URI, or says what is wrong: not shaped like an
 * iD, or a check character that does not match (a mistyped digit).
 */
export function readOrcid(value: string): OrcidReading {
  const text = value.trim().replace(/\s+/g, "");
  const bare = URI.exec(text)?.[1]?.replace(/\/+$/, "") ?? text;
  const m = BARE.exec(bare);
  if (!m) return { ok: false, reason: "format", id: value.trim() };
  const id = `${m[1]}-${m[2]}-${m[3]}-${m[4].toUpperCase()}`;
  const digits = id.replace(/-/g, "");
  if (orcidCheckCharacter(digits.slice(0, 15)) !== digits[15]) return { ok: false, reason: "checksum", id };
  return { ok: true, uri: `https://orcid.org/${id}`, id };
}

