import type { Config } from "dompurify";
import { browserPurifier } from "./dompurify.client";
import { LINK_ATTRIBUTES, LINK_URL, sanitizeHtml, type SanitizeProfile } from "../../lib/html";

/**
 * The admin's in-browser sanitiser: DOMPurify, configured from the very allowlists the server's
 * profiles are built from (app/lib/html.ts), so what the editor keeps is what the server keeps.
 * The server sanitiser stays authoritative; this one runs on the browser's own parse of the
 * HTML (pasted or typed), before anything reaches a form field.
 *
 * Only the rich-text editor imports this module, and only admin routes import the editor: the
 * reader pages never download DOMPurify (test/e2e/admin.test.ts checks the build manifest).
 */

/** DOMPurify options for a profile: its tags, `href` on links (http/https) and nothing else. */
function purifyConfig(profile: SanitizeProfile): Config {
  return {
    ALLOWED_TAGS: [...profile.tags],
    ALLOWED_ATTR: profile.links ? [...LINK_ATTRIBUTES] : [],
    ALLOWED_URI_REGEXP: LINK_URL,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
    RETURN_DOM: false,
    RETURN_DOM_FRAGMENT: false,
  };
}

/**
 * HTML as it may go into the form, in three passes:
 * 1. the shared string sanitiser (no DOM): every attribute but a vetted href goes before any
 *    browser parser sees the markup. Chromium reports a CSP violation for each inline event
 *    handler it parses, even in DOMPurify's inert DOMParser document where nothing can run
 *    (cure53/DOMPurify#107), so a pasted `onerror=` would otherwise file a report per paste;
 * 2. DOMPurify, on the browser's own parse, with the same allowlist: what the string tokenizer
 *    and the browser might read differently (mutation XSS) cannot slip through;
 * 3. the shared sanitiser again, which normalises to exactly what the server stores (`rel` on
 *    links, balanced tags), so the form's value equals the saved value.
 * Outside a browser (server rendering) DOMPurify is not there (./dompurify.client.ts) and only
 * the shared sanitiser runs.
 */
export function purifyHtml(html: string, profile: SanitizeProfile): string {
  const prepared = sanitizeHtml(html, profile);
  const purified = browserPurifier?.isSupported ? String(browserPurifier.sanitize(prepared, purifyConfig(profile))) : prepared;
  return sanitizeHtml(purified, profile);
}
