/**
 * Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). `*`
 * matches when the resource `exists`.
 */
export function ifNoneMatch(header: string | null | undefined, etag: string, exists = true): boolean {
  if (!header) return false;
  if (header.trim() === "*") return exists;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === opaque);
}

/**
 * A rendered page's validator: a weak ETag from a hash of its HTML with the value of every
 * `nonce="…"` attribute left out — the CSP nonce is new in every response, and nothing else a
 * reader gets differs between two renders of an unchanged page. Weak, because two responses
 * with one ETag are the same page, not the same bytes. A 53-bit hash in one pass over the bytes
 * (cyrb53) and the length: it guards a browser's copy of a public page, not a secret, and
 * costs a fraction of decoding the page to text to hash it with WebCrypto.
 */
export function pageEtag(html: Uint8Array): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const n = html.length;
  for (let i = 0; i < n; i++) {
    const b = html[i];
    // `nonce="`: hash the attribute's name, skip its value up to the closing quote.
    if (b === 0x6e && html[i + 6] === 0x22 && html[i + 1] === 0x6f && html[i + 2] === 0x6e && html[i + 3] === 0x63 && html[i + 4] === 0x65 && html[i + 5] === 0x3d) {
      const close = html.indexOf(0x22, i + 7);
      if (close !== -1) i = close;
      continue;
    }
    h1 = Math.imul(h1 ^ b, 2654435761);
    h2 = Math.imul(h2 ^ b, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const hash = 4294967296 * (2097151 & h2) + (h1 >>> 0);
  return `W/"p${n.toString(36)}-${hash.toString(36)}"`;
}
