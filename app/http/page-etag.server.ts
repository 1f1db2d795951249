import { BUILD_ID } from "./build";
import { pageKey } from "./page-key";

/**
 * A 53-bit hash of a string (cyrb53): one pass over its UTF-16 code units. It tells two pages
 * apart for a browser's cache, nothing more (the tag is weak and the pages are public).
 */
function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Hashes of the static HTML fragments pages reuse (an issue's table is the same string object
 * on every request until the next staff write), so each is read through once.
 */
const fragmentHashes = new Map<string, string>();

function fragmentHash(html: string): string {
  let hash = fragmentHashes.get(html);
  if (hash === undefined) {
    hash = `${html.length.toString(36)}.${hashText(html)}`;
    if (fragmentHashes.size >= 256) fragmentHashes.clear();
    fragmentHashes.set(html, hash);
  }
  return hash;
}

/**
 * A rendered page's validator, from what the render is a function of — this build, the URL's
 * path and the parameters pages read (pageKey: the edge cache's rule, so a copy stored for
 * `/?utm_source=x` answers `/` with the same tag), the status, the routes' data and the page's static HTML (components/StaticHtml.tsx) — rather
 * than from its bytes, which would have to be held and read through, and which carry the
 * per-response CSP nonce (docs/decisions/031-static-html.md). Weak: equal tags mean the same
 * page, not the same bytes.
 */
export async function pageEtag(url: string, status: number, data: unknown, fragments: ReadonlyMap<string, string> | null): Promise<string> {
  let parts = `${BUILD_ID}\n${status}\n${pageKey(new URL(url))}\n${JSON.stringify(data)}`;
  for (const [name, html] of fragments ?? []) parts += `\n${name}:${fragmentHash(html)}`;
  // The platform's SHA-1 (native) reads a page's data faster than a hash written in JavaScript; 80 bits are kept.
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(parts)));
  let tag = "";
  for (let i = 0; i < 10; i++) tag += digest[i].toString(16).padStart(2, "0");
  return `W/"r${tag}"`;
}
