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
 * A rendered page's validator: a weak ETag from a hash of its HTML with the response's CSP nonce
 * left out — the nonce is new in every response, nothing else a reader gets differs between two
 * renders of an unchanged page. Weak, because two responses with one ETag are the same page, not
 * the same bytes. (Pages are rendered whole before they are sent, so reading the body costs a
 * copy, not the streaming.)
 */
export async function pageEtag(html: Uint8Array, nonce: string): Promise<string> {
  const text = new TextDecoder().decode(html);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(nonce ? text.replaceAll(nonce, "") : text));
  let bin = "";
  for (const b of new Uint8Array(digest, 0, 18)) bin += String.fromCharCode(b);
  return `W/"p${btoa(bin).replace(/\+/g, "-").replace(/\//g, "_")}"`;
}
