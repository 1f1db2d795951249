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
