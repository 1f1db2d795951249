/**
 * Allowlist HTML sanitiser that runs anywhere (workerd has no DOM, so DOMPurify can't run on
 * the server). It re-serialises its input from scratch: only allowlisted tags survive, every
 * attribute is dropped except a vetted `href` on links, all text is escaped, and tags are
 * balanced. Because nothing from the input is passed through verbatim, parser-differential
 * ("mutation") XSS has nothing to work with.
 */
import { escapeHtml } from "./escape-html.ts";

export interface SanitizeProfile {
  /** Tags kept (lower-case). Everything else is unwrapped (text kept) or dropped with content. */
  tags: ReadonlySet<string>;
  /** Whether <a href> is kept (http and https only: see LINK_URL). */
  links?: boolean;
}

// The allowlists, as plain constants: the server profiles below and the admin's in-browser
// DOMPurify configuration (app/components/admin/purify.ts) are both built from these,
// so the editor can never keep something the server would drop, nor the other way round.

/** Article titles: italics/emphasis only (spec §2 issue page). */
export const TITLE_TAGS = ["i", "em"] as const;

/** Formatted journal name in the header (and editor posts): the tags the settings hint names. */
export const INLINE_TAGS = ["i", "b", "br", "sub", "sup"] as const;

/**
 * Abstracts, home content and editor affiliations: paragraphs, lists, emphasis
 * (strong/b count as emphasis), sub/superscript and http(s) links.
 */
export const RICH_TAGS = ["p", "br", "ul", "ol", "li", "em", "i", "strong", "b", "sub", "sup", "a"] as const;

/** The only attribute any profile keeps: `href` on links. */
export const LINK_ATTRIBUTES = ["href"] as const;

/** A link target that survives: absolute http(s) only (no mailto:, javascript:, data:, relative). */
export const LINK_URL = /^https?:\/\//i;

export const TITLE_PROFILE: SanitizeProfile = { tags: new Set(TITLE_TAGS) };

export const INLINE_PROFILE: SanitizeProfile = { tags: new Set(INLINE_TAGS) };

export const RICH_PROFILE: SanitizeProfile = { tags: new Set(RICH_TAGS), links: true };

const VOID_TAGS = new Set(["br"]);

/** Elements whose whole content is dropped, not just the tags. */
const DROP_WITH_CONTENT = new Set([
  "script", "style", "iframe", "object", "embed", "svg", "math", "template", "noscript",
  "textarea", "title", "xmp", "noembed", "noframes", "select", "option", "head", "frameset",
  "applet", "canvas", "audio", "video", "plaintext",
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", ndash: "\u2013",
  mdash: "\u2014", lsquo: "\u2018", rsquo: "\u2019", ldquo: "\u201c", rdquo: "\u201d",
  hellip: "\u2026", copy: "\u00a9", reg: "\u00ae", deg: "\u00b0", plusmn: "\u00b1",
  times: "\u00d7", micro: "\u00b5", alpha: "\u03b1", beta: "\u03b2", gamma: "\u03b3",
  delta: "\u03b4", mu: "\u03bc", eacute: "\u00e9", egrave: "\u00e8", aacute: "\u00e1",
  oacute: "\u00f3", uuml: "\u00fc", ouml: "\u00f6", auml: "\u00e4", ccedil: "\u00e7",
};

/** Decodes HTML character references (named ones we know, and all numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi, (match, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
        return "\ufffd";
      }
      return String.fromCodePoint(code);
    }
    const named = NAMED_ENTITIES[body.toLowerCase()];
    return named ?? match;
  });
}

// Its own module, so browser code that only escapes (the archive list) does not load the sanitiser.
export { escapeHtml };

function safeHref(raw: string): string | null {
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (LINK_URL.test(value)) return value;
  return null;
}

/** Reads the attributes of a start tag's attribute string into a map (lower-cased names). */
function parseAttributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const re = /([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(source))) {
    const name = m[1].toLowerCase();
    if (!attrs.has(name)) attrs.set(name, m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

// A tag: `<name ...>` or `</name ...>`, with quoted attribute values allowed to contain `>`.
const TAG_RE = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;

export function sanitizeHtml(input: string | null | undefined, profile: SanitizeProfile): string {
  if (!input) return "";
  const html = String(input).replace(/\u0000/g, "");
  let out = "";
  const stack: string[] = [];
  let dropDepth = 0;
  let dropTag = "";
  let i = 0;
  let text = "";

  const flushText = () => {
    if (text && dropDepth === 0) out += escapeHtml(decodeEntities(text));
    text = "";
  };

  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt === -1) {
      text += html.slice(i);
      break;
    }
    text += html.slice(i, lt);
    // Comments, doctype, processing instructions, CDATA: dropped entirely.
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === "!" || html[lt + 1] === "?") {
      const end = html.indexOf(">", lt);
      i = end === -1 ? html.length : end + 1;
      continue;
    }
    TAG_RE.lastIndex = lt;
    const m = TAG_RE.exec(html);
    if (!m) {
      // A lone '<' is text.
      text += "<";
      i = lt + 1;
      continue;
    }
    i = TAG_RE.lastIndex;
    const closing = m[1] === "/";
    const name = m[2].toLowerCase();

    if (dropDepth > 0) {
      if (name === dropTag) dropDepth += closing ? -1 : m[3].trim().endsWith("/") ? 0 : 1;
      if (dropDepth === 0) text = "";
      continue;
    }
    if (DROP_WITH_CONTENT.has(name)) {
      if (!closing) {
        flushText();
        dropTag = name;
        dropDepth = 1;
      }
      continue;
    }
    if (!profile.tags.has(name)) {
      // Unknown tag: unwrap (keep its text). Block-ish tags become a space so words don't fuse.
      if (/^(p|div|br|li|tr|td|th|h[1-6]|blockquote|section|article|header|footer|dd|dt)$/.test(name)) text += " ";
      continue;
    }
    flushText();
    if (closing) {
      const idx = stack.lastIndexOf(name);
      if (idx === -1) continue;
      while (stack.length > idx) out += `</${stack.pop()}>`;
      continue;
    }
    if (VOID_TAGS.has(name)) {
      out += `<${name}>`;
      continue;
    }
    if (name === "a") {
      const href = profile.links ? safeHref(parseAttributes(m[3]).get("href") ?? "") : null;
      out += href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">` : "<a>";
    } else {
      out += `<${name}>`;
    }
    stack.push(name);
  }
  flushText();
  while (stack.length) out += `</${stack.pop()}>`;
  return out;
}

/** Plain text of an HTML fragment: tags removed, entities decoded, whitespace collapsed. */
export function htmlToText(input: string | null | undefined): string {
  if (!input) return "";
  const withoutDropped = sanitizeHtml(input, { tags: new Set() });
  return decodeEntities(withoutDropped.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim();
}
