/**
 * The article page's six citations equal what citeproc-js (the processor inside
 * Zotero and Mendeley) prints from the official CSL styles and locales
 * (test/fixtures/csl/SOURCE.md) for the article's own CSL-JSON export — for every demo article
 * and a set of hard cases. HTML and text both: italics kept in HTML, none in text.
 *
 * Node, not workerd: citeproc-js is only the oracle here (docs/decisions/012-citations-csl.md).
 * Pure, no server: a few seconds, most of it compiling the six styles once.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import CSL from "citeproc";
import "../../scripts/lib/ts-resolve.mjs";
import { demoCases, HARD_CASES, type CaseArticle } from "./citation-cases.ts";

const { CITATION_STYLES, renderCitation, toCslJson } = await import("../../app/lib/citation/cite-formats.ts");

const CSL_DIR = path.resolve(import.meta.dirname, "../fixtures/csl");
const STYLE_FILES: Record<string, string> = {
  apa: "apa.csl",
  mla: "modern-language-association.csl",
  chicago: "chicago-author-date.csl",
  harvard: "harvard-cite-them-right.csl",
  ieee: "ieee.csl",
  vancouver: "nlm-citation-sequence.csl",
};
/**
 * Cite Them Right is a British guide: its style carries terms for en-GB only (and names no
 * default locale), so Harvard is rendered in British English — single quotes, punctuation
 * outside them — as a processor set to en-GB renders it (docs/decisions/032-harvard-in-british-english.md).
 * The others use the processor's default, en-US.
 */
const STYLE_LOCALE: Record<string, string> = { harvard: "en-GB" };
const LOCALES: Record<string, string> = {
  "en-US": readFileSync(path.join(CSL_DIR, "locales-en-US.xml"), "utf8"),
  "en-GB": readFileSync(path.join(CSL_DIR, "locales-en-GB.xml"), "utf8"),
};

type Item = ReturnType<typeof toCslJson>;
let current: Item;
let serial = 0;
const engines = new Map<string, { engine: InstanceType<typeof CSL.Engine> }>();
function engine(style: string) {
  let e = engines.get(style);
  if (!e) {
    const sys = { retrieveLocale: (lang: string) => LOCALES[lang] ?? LOCALES["en-US"], retrieveItem: () => current };
    e = { engine: new CSL.Engine(sys, readFileSync(path.join(CSL_DIR, STYLE_FILES[style]), "utf8"), STYLE_LOCALE[style] ?? "en-US") };
    engines.set(style, e);
  }
  return e.engine;
}

/** citeproc's bibliography entry for one item, without the numeric label and wrappers. */
function citeproc(style: string, item: Item, format: "html" | "text"): string {
  const id = `item${++serial}`;
  current = { ...item, id };
  const e = engine(style);
  e.setOutputFormat(format);
  e.updateItems([id]);
  let out = (e.makeBibliography() as [unknown, string[]])[1].join("").trim();
  if (format === "html") {
    out = out
      .replace(/^<div class="csl-entry">\s*/, "")
      .replace(/\s*<\/div>$/, "")
      .replace(/^<div class="csl-left-margin">[^<]*<\/div><div class="csl-right-inline">/, "")
      .replace(/<\/div>\s*$/, "")
      .trim();
  } else {
    out = out.replace(/^(?:\[\d+\]|\d+\.)\s+/, "");
  }
  return out;
}

/** The page's HTML in citeproc's spelling of the same characters (&#38; for &, and so on). */
function asCiteproc(html: string): string {
  return html
    .replace(/&amp;/g, "&#38;")
    .replace(/&lt;/g, "&#60;")
    .replace(/&gt;/g, "&#62;")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

const all: CaseArticle[] = [...HARD_CASES, ...demoCases({ doi: false, pdfUrl: false })];

for (const { id } of CITATION_STYLES) {
  test(`${id}: the page's citation equals citeproc-js with the official style, for ${all.length} articles`, () => {
    const failures: string[] = [];
    for (const c of all) {
      const item = toCslJson(c.article, c.journal);
      const page = renderCitation(id, c.article, c.journal);
      const html = citeproc(id, item, "html");
      const text = citeproc(id, item, "text");
      if (asCiteproc(page.html) !== html) failures.push(`${c.label} html\n  page:     ${asCiteproc(page.html)}\n  citeproc: ${html}`);
      else if (page.text !== text) failures.push(`${c.label} text\n  page:     ${page.text}\n  citeproc: ${text}`);
    }
    assert.equal(failures.length, 0, `${failures.length} differ:\n${failures.slice(0, 8).join("\n")}`);
  });
}

test("italics survive in HTML and are gone from text; the CSL-JSON title carries CSL's markup", () => {
  const c = all.find((x) => x.label === "abbreviation ending")!;
  const item = toCslJson(c.article, c.journal);
  assert.equal(item.title, 'Profitability of organic cultivation of <i><span class="nocase">Triticum aestivum</span></i> L.');
  for (const { id } of CITATION_STYLES) {
    const page = renderCitation(id, c.article, c.journal);
    assert.match(page.html, /<i>Triticum aestivum<\/i> L\./, id);
    assert.match(page.text, /Triticum aestivum L\./, id);
    assert.doesNotMatch(page.text, /</, id);
  }
});
