/**
 * A second TOTP (RFC 6238) for the tests, written from the RFC's reference code on node:crypto's
 * HMAC rather than the app's WebCrypto one (app/lib/totp.ts): the tests compute the codes a
 * phone would show with this, and both are checked against the RFC's Appendix B vectors.
 */
import { createHmac } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 → bytes (what an authenticator app does with the secret it is given). */
export function decodeBase32(text: string): Uint8Array {
  const bits = text
    .replace(/[\s=]/g, "")
    .toUpperCase()
    .split("")
    .map((c) => {
      const v = ALPHABET.indexOf(c);
      if (v < 0) throw new Error(`not base32: ${c}`);
      return v.toString(2).padStart(5, "0");
    })
    .join("");
  const out: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) out.push(parseInt(bits.slice(i, i + 8), 2));
  return new Uint8Array(out);
}

/** The code for Unix time `seconds` (RFC 6238 §4 with RFC 4226 §5.3's truncation). */
export function oracleTotp(key: Uint8Array, seconds: number, digits = 6, hash: "sha1" | "sha256" | "sha512" = "sha1", period = 30): string {
  const counter = Math.floor(seconds / period);
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(hash, Buffer.from(key)).update(msg).digest();
  const offset = mac[mac.length - 1] & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return (binary % 10 ** digits).toString().padStart(digits, "0");
}

/** The code an app would show for a base32 secret at `ms` (milliseconds, default now). */
export function appCode(secret: string, ms = Date.now()): string {
  return oracleTotp(decodeBase32(secret), Math.floor(ms / 1000));
}
