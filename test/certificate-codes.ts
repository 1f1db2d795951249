/**
 * Certificate verification codes computed the way ADR 015 specifies them, independently of
 * app/documents/verification.server.ts (tests compare the app's codes with these): WebCrypto
 * HMAC-SHA256, the first 50 bits in Crockford-style base32. Runs in Node and in workerd.
 *   v2 (printed today): "certificate:v2:{journal}:{ref}:{position}:{printed name}"
 *   v1 (before the name binding): "certificate:v1:{journal}:{ref}:{position}"
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

async function code(secret: string, message: string, ref: string, position: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
  let bits = "";
  for (const b of sig.slice(0, 7)) bits += b.toString(2).padStart(8, "0");
  let mac = "";
  for (let i = 0; i < 50; i += 5) mac += ALPHABET[parseInt(bits.slice(i, i + 5), 2)];
  return `${ref}-${position}-${mac}`;
}

/** The code a certificate prints today. */
export function certificateCodeV2(secret: string, journalId: number, ref: string, position: number, author: string): Promise<string> {
  return code(secret, `certificate:v2:${journalId}:${ref}:${position}:${author}`, ref, position);
}

/** The code certificates printed before the name binding carry. */
export function certificateCodeV1(secret: string, journalId: number, ref: string, position: number): Promise<string> {
  return code(secret, `certificate:v1:${journalId}:${ref}:${position}`, ref, position);
}
