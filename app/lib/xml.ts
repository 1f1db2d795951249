/**
/**
 * The one XML escaper of every XML document the site writes (sitemaps, feeds, OAI-PMH, the
 * Crossref, DOAJ and JATS files): safe in text and in double- or single-quoted attributes, and
 * characters XML 1.0 forbids are dropped, so no stored text can make a document ill-formed.
 * HTML has its own, escapeHtml in ./html.ts.
 */
export function escapeXml(text: string | number): string {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    // Characters XML 1.0 forbids.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "");
}
