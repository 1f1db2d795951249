import { parseFragment } from "parse5";
import type { DefaultTreeAdapterTypes as T } from "parse5";
import { describe, expect, it } from "vitest";
import { INLINE_PROFILE, LINK_URL, RICH_PROFILE, sanitizeHtml, TITLE_PROFILE, type SanitizeProfile } from "./html";

/**
 * The server sanitiser is hand-written (workerd has no DOM for DOMPurify), so it is checked the
 * way a browser would read its output: generated hostile inputs go in, and the OUTPUT is parsed
 * by parse5 (a spec-compliant HTML parser, the algorithm browsers run). Whatever the input,
 * the parsed output may hold only the profile's elements, in the HTML namespace, no comments,
 * no attributes but a vetted http(s) href (and its fixed rel) on links. Seeded: every run
 * tries the same inputs, and a failure names the seed and input to replay.
 */

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TAGS = [
  // allowed somewhere
  "p", "br", "ul", "ol", "li", "em", "i", "strong", "b", "sub", "sup", "a",
  // dangerous or foreign
  "script", "style", "svg", "math", "iframe", "img", "textarea", "noscript", "template", "title", "xmp",
  "plaintext", "select", "option", "object", "embed", "form", "input", "button", "details", "base", "meta",
  "link", "frameset", "frame", "table", "td", "tr", "annotation-xml", "mglyph", "malignmark", "foreignObject",
  "desc", "mtext", "noembed", "noframes", "image", "video", "audio", "source", "body", "html", "head", "div",
  "span", "SCRIPT", "ScRiPt", "a:b", "x-y", "svg:script", "isindex", "keygen", "marquee", "applet",
];

const URLS = [
  "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "\tjavascript:alert(1)", "java\nscript:alert(1)",
  "jav&#x09;ascript:alert(1)", "&#106;avascript:alert(1)", "&#x6A;avascript:alert(1)", "javascript&colon;alert(1)",
  "&#0000106&#0000097vascript:alert(1)", "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)",
  "https://example.org/ok?a=1&b=2", "http://example.org/\"onmouseover=\"alert(1)", "https://x.org/'><script>alert(1)</script>",
  "//evil.example/", "/relative", "mailto:a@b.c", "https:javascript:alert(1)", "\u0000javascript:alert(1)",
  "https://x.org/\u2028", "HTTPS://EXAMPLE.ORG/", "http://x.org/&quot;onerror=alert(1)",
];

const ATTRS = [
  "onerror=alert(1)", 'onclick="alert(1)"', "onload='alert(1)'", "style=\"background:url(javascript:alert(1))\"",
  "src=x", 'srcdoc="<script>alert(1)</script>"', "xlink:href=javascript:alert(1)", "formaction=javascript:alert(1)",
  "background=javascript:alert(1)", "class=x", "id=abstract", "rel=opener", "target=_blank", "href", "href=",
  "/onerror=alert(1)", 'data-x="a>b"', "on\u0000error=alert(1)", "HREF=javascript:alert(1)", "name=\"x\"",
];

const BITS = [
  "<!--", "-->", "<!-->", "--!>", "<!---->", "<![CDATA[", "]]>", "<![CDATA[<script>alert(1)</script>]]>", "<?xml x?>",
  "<!DOCTYPE html>", "<", ">", "</", "<<", "&lt;", "&gt;", "&amp;", "&#60;", "&#x3c;", "&#x3C;script&#x3E;", "&quot;",
  "&#39;", "&#0;", "&#xD800;", "&#1114112;", "&foo;", "&lt", "&", "\"", "'", "=", "/", "\u0000", "\n", " ", "text",
  "Oryza sativa", "डॉ. राजेश कुमार", "`", "<a href=\"", "<scr<script>ipt>", "</script>", "</style>", "</textarea>",
  "</title>", "</noscript>", "</svg>", "</math>", "</template>", "<br/>", "<p/>", "<img/src/onerror=alert(1)>",
];

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)];
}

function attribute(rnd: () => number): string {
  if (rnd() < 0.5) {
    const url = pick(rnd, URLS);
    const q = pick(rnd, ['"', "'", ""]);
    return `${pick(rnd, ["href", "HREF", "href ", "xlink:href"])}=${q}${q ? url : url.replace(/\s/g, "")}${q}`;
  }
  return pick(rnd, ATTRS);
}

function tag(rnd: () => number): string {
  const name = pick(rnd, TAGS);
  const r = rnd();
  if (r < 0.35) return `</${name}${rnd() < 0.2 ? " x=1" : ""}>`;
  const attrs: string[] = [];
  const n = Math.floor(rnd() * 3);
  for (let i = 0; i < n; i++) attrs.push(attribute(rnd));
  const sep = pick(rnd, [" ", "/", "\n", "\t"]);
  return `<${name}${attrs.length ? sep + attrs.join(pick(rnd, [" ", "/", "\n"])) : ""}${rnd() < 0.15 ? "/" : ""}${rnd() < 0.05 ? "" : ">"}`;
}

/** One hostile input: a random mix of tags, attributes, URLs, entities, comments and text. */
function hostile(rnd: () => number): string {
  let out = "";
  const parts = 1 + Math.floor(rnd() * 14);
  for (let i = 0; i < parts; i++) {
    const r = rnd();
    out += r < 0.55 ? tag(rnd) : r < 0.9 ? pick(rnd, BITS) : pick(rnd, URLS);
  }
  return out;
}

type Node = T.ChildNode | T.Element;

/** Everything wrong with a parsed fragment, for this profile. */
function violations(html: string, profile: SanitizeProfile): string[] {
  const problems: string[] = [];
  const fragment = parseFragment(html);
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.nodeName === "#comment") problems.push("a comment survived");
      if (node.nodeName === "#documentType") problems.push("a doctype survived");
      if (!("tagName" in node)) continue;
      const el = node as T.Element;
      if (el.namespaceURI !== "http://www.w3.org/1999/xhtml") problems.push(`<${el.tagName}> in namespace ${el.namespaceURI}`);
      if (!profile.tags.has(el.tagName)) problems.push(`<${el.tagName}> is not allowed`);
      for (const attr of el.attrs) {
        if (el.tagName === "a" && profile.links && attr.name === "href") {
          // parse5 hands back the value as a browser would use it (entities decoded).
          if (!LINK_URL.test(attr.value)) problems.push(`href ${JSON.stringify(attr.value)}`);
          if (/^\s|[\u0000-\u001f]/.test(attr.value) || /^\s*(javascript|vbscript|data):/i.test(attr.value)) problems.push(`href ${JSON.stringify(attr.value)}`);
        } else if (el.tagName === "a" && attr.name === "rel" && attr.value === "noopener noreferrer nofollow" && profile.links) {
          // the sanitiser's own rel on kept links
        } else {
          problems.push(`<${el.tagName} ${attr.name}=${JSON.stringify(attr.value)}>`);
        }
      }
      if (el.tagName === "template") problems.push("a template survived");
      walk(el.childNodes as Node[]);
    }
  };
  walk(fragment.childNodes as Node[]);
  return problems;
}

const PROFILES: [string, SanitizeProfile][] = [
  ["title", TITLE_PROFILE],
  ["inline", INLINE_PROFILE],
  ["rich", RICH_PROFILE],
];

const SEED = 20261125;
const CASES = 1500;

describe("sanitizeHtml against a real HTML parser (parse5), generated hostile input", () => {
  it("the checker itself flags what it must (a script, an event handler, a javascript: link, svg, a comment)", () => {
    expect(violations("<script>alert(1)</script>", RICH_PROFILE)).toContain("<script> is not allowed");
    expect(violations('<p onclick="x()">a</p>', RICH_PROFILE)).toEqual(['<p onclick="x()">']);
    expect(violations('<a href="java&#x09;script:alert(1)">x</a>', RICH_PROFILE)[0]).toMatch(/^href/);
    expect(violations("<svg><p>x</p></svg>", RICH_PROFILE).join()).toMatch(/svg/);
    expect(violations("<!-- x --><i>a</i>", TITLE_PROFILE)).toEqual(["a comment survived"]);
    expect(violations('<a href="https://x.org/" rel="noopener noreferrer nofollow">x</a>', RICH_PROFILE)).toEqual([]);
    expect(violations('<a href="https://x.org/">x</a>', TITLE_PROFILE)).toEqual(["<a> is not allowed", '<a href="https://x.org/">']);
  });

  for (const [name, profile] of PROFILES) {
    it(`${name} profile: only allowed elements and attributes survive, no script-capable URL (seed ${SEED}, ${CASES} inputs)`, () => {
      const rnd = prng(SEED + name.length);
      const failures: string[] = [];
      let links = 0;
      for (let i = 0; i < CASES && failures.length < 5; i++) {
        const input = hostile(rnd);
        const output = sanitizeHtml(input, profile);
        if (output.includes("href=")) links += 1;
        const problems = violations(output, profile);
        // Sanitising twice changes nothing: what the browser gets is already in normal form.
        if (sanitizeHtml(output, profile) !== output) problems.push("not idempotent");
        if (problems.length) failures.push(`#${i} ${JSON.stringify(input)} → ${JSON.stringify(output)}: ${problems.join("; ")}`);
      }
      expect(failures).toEqual([]);
      // The generator really reaches the link code: some http(s) links were kept.
      if (profile.links) expect(links).toBeGreaterThan(20);
    });
  }
});
