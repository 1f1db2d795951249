/**
 * Stored HTML (titles: <i>/<em>; abstracts: the rich allowlist) rewritten as the inline markup of
 * an XML format: Crossref's face markup (<i>, <b>, <sub>, <sup>) or JATS (<italic>, <bold>, …).
 * The input is sanitised again first, so only allowlisted, balanced tags reach the rewriter, and
 * every piece of text is decoded and escaped again with the one XML escaper.
 */
import { escapeXml } from "../lib/xml";
import { decodeEntities, RICH_PROFILE, sanitizeHtml, TITLE_PROFILE } from "../lib/html";

/** Output element for each inline HTML tag (others are unwrapped: their text is kept). */
type InlineNames = Partial<Record<"i" | "em" | "b" | "strong" | "sub" | "sup", string>>;

export const CROSSREF_INLINE: InlineNames = { i: "i", em: "i", b: "b", strong: "b", sub: "sub", sup: "sup" };
export const JATS_INLINE: InlineNames = { i: "italic", em: "italic", b: "bold", strong: "bold", sub: "sub", sup: "sup" };
/** Crossref's abstracts are namespaced JATS (xmlns:jats). */
export const CROSSREF_JATS_INLINE: InlineNames = Object.fromEntries(Object.entries(JATS_INLINE).map(([k, v]) => [k, `jats:${v}`]));

/** Tags that end a paragraph: each paragraph, list item and line break starts a new one. */
const BREAKS = new Set(["p", "li", "br", "ul", "ol"]);

const TOKEN = /<(\/?)([a-z0-9]+)[^>]*>|[^<]+/g;

/**
 * Paragraphs of inline XML from an HTML fragment; empty ones are dropped. An inline element
 * open across a break is closed at the end of one paragraph and opened again in the next, so
 * every paragraph is well-formed on its own.
 */
function convert(html: string, names: InlineNames): string[] {
  const paragraphs: string[] = [];
  const open: string[] = [];
  let current = "";
  const finish = () => {
    const closed = current + open.map((n) => `</${n}>`).reverse().join("");
    // A paragraph with no text in it (only empty elements) is dropped.
    if (closed.replace(/<[^>]*>/g, "").trim()) paragraphs.push(closed.replace(/\s+/g, " ").trim());
    current = open.map((n) => `<${n}>`).join("");
  };
  for (const m of html.matchAll(TOKEN)) {
    if (m[2] === undefined) {
      current += escapeXml(decodeEntities(m[0]));
      continue;
    }
    const closing = m[1] === "/";
    const tag = m[2];
    if (BREAKS.has(tag)) {
      finish();
      continue;
    }
    const name = names[tag as keyof InlineNames];
    if (!name) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      current += open.splice(at).map((n) => `</${n}>`).reverse().join("");
    } else {
      open.push(name);
      current += `<${name}>`;
    }
  }
  finish();
  return paragraphs;
}

/** A title in one line of inline XML: 'Yield of <italic>Oryza sativa</italic>' for JATS. */
export function titleXml(html: string, names: InlineNames): string {
  return convert(sanitizeHtml(html, TITLE_PROFILE), names).join(" ");
}

/** An abstract as paragraphs of inline XML (each to be wrapped in <p> or <jats:p>). */
export function abstractParagraphs(html: string, names: InlineNames): string[] {
  return convert(sanitizeHtml(html, RICH_PROFILE), names);
}
