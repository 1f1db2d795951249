/**
 * The query parameters any cached page or API answer reads (search and its filters, the
 * certificate page's refno, the /verify form's code, React Router's own on `.data` requests).
 * Others cannot change the answer, so they stay out of the edge cache's key (workers/cache.ts)
 * and of a page's ETag (./page-etag.server.ts): `/?utm_source=…` is the same page, and nobody
 * can fill the cache or force renders with junk parameters.
 */
const KEY_PARAMS = ["keyword", "page", "year", "volume", "refno", "_routes", "index", "code"];

/** The path and the parameters an answer can depend on, in KEY_PARAMS order: `/search?keyword=rice`. */
export function pageKey(url: URL): string {
  const kept = new URLSearchParams();
  for (const name of KEY_PARAMS) for (const value of url.searchParams.getAll(name)) kept.append(name, value);
  return kept.size ? `${url.pathname}?${kept}` : url.pathname;
}
