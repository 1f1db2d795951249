/**
 * Every citation export round-trips through a real parser — citation-js's RIS and
 * BibTeX plugins, JSON.parse for CSL-JSON — with the stored values, for every demo article,
 * the hard cases and hostile records: exactly one record comes back, with the title, authors,
 * year, volume, issue, pages, DOI, keywords and URL that were stored. A CR/LF in a keyword
 * stays inside one RIS record; braces, backslashes and TeX's special characters never leave
 * their BibTeX field; an invalid DOI is left out of every export.
 *
 * Pure, no server. The API endpoints that serve these strings are checked in workerd
 * (test/workers/citation-exports.test.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { plugins } from "@citation-js/core";
import "@citation-js/plugin-ris";
import "@citation-js/plugin-bibtex";
import "../../scripts/lib/ts-resolve.mjs";
import { demoCases, HARD_CASES, HARD_JOURNAL, type CaseArticle } from "./citation-cases.ts";

const { personOf, titleText, toBibtex, toCslJson, toRis } = await import("../../app/lib/citation/cite-formats.ts");
const { authorsOf } = await import("../../app/lib/authors.ts");
const { keywordList } = await import("../../app/lib/citation/scholarly-meta.ts");
const { DOI_SYNTAX } = await import("../../app/lib/doi.ts");

type Csl = {
  title?: string;
  author?: { family?: string; given?: string; literal?: string; "non-dropping-particle"?: string }[];
  issued?: { "date-parts": number[][] };
  volume?: string | number;
  issue?: string | number;
  page?: string;
  DOI?: string;
  URL?: string;
  keyword?: string;
  "container-title"?: string;
};

const HOSTILE: CaseArticle[] = [
  {
    label: "CR/LF in keywords (a second RIS record)",
    article: { ...HARD_CASES[0].article, keywords: "kw1\r\nER  - \r\nTY  - JOUR\r\nTI  - INJECTED, kw2\nUR  - https://evil.example" },
    journal: HARD_JOURNAL,
  },
  {
    label: "DOI closing its BibTeX field",
    article: { ...HARD_CASES[0].article, doi: "10.1234/x},url={https://evil.example}" },
    journal: HARD_JOURNAL,
  },
  {
    label: "TeX and BibTeX specials in every text field",
    article: {
      ...HARD_CASES[0].article,
      title: "Evil}, url = {https://evil.example}, note = {50% &amp; #1 ~ ^ \\ $x$ _ {y}",
      authorname: "Jan van der Berg, Mallory {Evil}",
      abstract: "<p>Line one\r\nER  - \r\nTY  - JOUR</p>",
    },
    journal: { ...HARD_JOURNAL, name: "J}, title={Hijack\r\nTY  - JOUR", publisher: "Press % # & ~ ^ \\", url: "https://ijals.example/a}b{c\\d^e f" },
  },
  {
    label: "line and paragraph separators",
    article: { ...HARD_CASES[0].article, title: "First\u2028second\u2029third\u0085fourth", keywords: "a\u2028b, c" },
    journal: HARD_JOURNAL,
  },
];

const ALL = [...demoCases({ doi: true, pdfUrl: true }), ...HARD_CASES, ...HOSTILE];

/** What was stored, as any reader of the export should get it back. */
function expected(c: CaseArticle) {
  const oneLine = (v: string) => v.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/\s+/g, " ").trim();
  const doi = DOI_SYNTAX.test(c.article.doi ?? "") ? c.article.doi! : undefined;
  return {
    title: oneLine(titleText(c.article.title)),
    // The stored people (or the byline read by the name rule): given and family names as exported.
    authors: authorsOf(c.article).map((n) => {
      const p = personOf(n);
      return p.literal || [p.given, p.particle, p.family].filter(Boolean).join(" ");
    }),
    year: c.article.year,
    volume: String(c.article.volume),
    issue: String(c.article.issue),
    pages: c.article.pagenumber.replace("-", "–"),
    doi,
    keywords: keywordList(oneLine(c.article.keywords ?? "")),
    url: oneLine(c.journal.url),
  };
}

/** A parsed name as one string: 'Jan van der Berg', 'अमित शर्मा'. */
function nameOf(n: NonNullable<Csl["author"]>[number]): string {
  return n.literal ?? [n.given, n["non-dropping-particle"], n.family].filter(Boolean).join(" ");
}

function pagesOf(page: string | undefined): string {
  return (page ?? "").replace(/--?|–/, "–");
}

test(`RIS: ${ALL.length} records each parse back as one record with the stored values`, () => {
  const failures: string[] = [];
  for (const c of ALL) {
    const ris = toRis(c.article, c.journal);
    const parsed = plugins.input.chain(ris, { forceType: "@ris/file" }) as Csl[];
    const want = expected(c);
    const got = parsed[0];
    const problems: string[] = [];
    if (parsed.length !== 1) problems.push(`${parsed.length} records`);
    else {
      if (got.title !== want.title) problems.push(`title ${got.title}`);
      if (JSON.stringify((got.author ?? []).map(nameOf)) !== JSON.stringify(want.authors)) problems.push(`authors ${JSON.stringify(got.author)}`);
      if (got.issued?.["date-parts"][0][0] !== want.year) problems.push(`year ${JSON.stringify(got.issued)}`);
      if (String(got.volume) !== want.volume || String(got.issue) !== want.issue) problems.push(`volume/issue ${got.volume}/${got.issue}`);
      if (pagesOf(got.page) !== want.pages) problems.push(`pages ${got.page}`);
      if (got.DOI !== want.doi) problems.push(`DOI ${got.DOI}`);
      if ((got.keyword ?? "") !== want.keywords.join(",")) problems.push(`keywords ${got.keyword}`);
      if (got.URL !== want.url) problems.push(`URL ${got.URL}`);
    }
    // Every line is a tag line: nothing stored can start a line of its own.
    if (!ris.split("\r\n").slice(0, -1).every((l) => /^[A-Z][A-Z0-9] {2}- /.test(l))) problems.push("a line that is not a tag line");
    if (ris.match(/^TY {2}- /gm)?.length !== 1 || ris.match(/^ER {2}- /gm)?.length !== 1) problems.push("more than one TY/ER");
    if (problems.length) failures.push(`${c.label}: ${problems.join("; ")}`);
  }
  assert.deepEqual(failures, []);
});

test(`BibTeX: ${ALL.length} entries each parse back as one entry with the stored values`, () => {
  const failures: string[] = [];
  for (const c of ALL) {
    const bib = toBibtex(c.article, c.journal);
    const parsed = plugins.input.chain(bib, { forceType: "@biblatex/text" }) as Csl[];
    const want = expected(c);
    const got = parsed[0];
    const problems: string[] = [];
    if (parsed.length !== 1) problems.push(`${parsed.length} entries`);
    else {
      const title = (got.title ?? "").replace(/<\/?i>/g, "");
      if (title !== want.title) problems.push(`title ${got.title}`);
      if (JSON.stringify((got.author ?? []).map(nameOf)) !== JSON.stringify(want.authors)) problems.push(`authors ${JSON.stringify(got.author)}`);
      if (got.issued?.["date-parts"][0][0] !== want.year) problems.push(`year ${JSON.stringify(got.issued)}`);
      if (String(got.volume) !== want.volume || String(got.issue) !== want.issue) problems.push(`volume/issue ${got.volume}/${got.issue}`);
      if (pagesOf(got.page) !== want.pages) problems.push(`pages ${got.page}`);
      if (got.DOI !== want.doi) problems.push(`DOI ${got.DOI}`);
      if (decodeURI(got.URL ?? "") !== want.url) problems.push(`URL ${got.URL}`);
      if (got["container-title"] !== c.journal.name.replace(/\s+/g, " ").trim()) problems.push(`journal ${got["container-title"]}`);
      // Italics survive as italics (\textit → <i>), around the same words as on the page.
      const italic = [...c.article.title.matchAll(/<(?:i|em)>(.*?)<\/(?:i|em)>/g)].map((m) => m[1]);
      for (const words of italic) if (!(got.title ?? "").includes(`<i>${words}</i>`)) problems.push(`italics of ${words}`);
    }
    // One entry, its fields exactly the ones written.
    const fields = [...bib.matchAll(/^ {2}([a-z]+) = /gm)].map((m) => m[1]);
    if (new Set(fields).size !== fields.length || fields.some((f) => !["title", "author", "journal", "year", "volume", "number", "pages", "issn", "publisher", "doi", "url"].includes(f))) {
      problems.push(`fields ${fields.join(",")}`);
    }
    if (problems.length) failures.push(`${c.label}: ${problems.join("; ")}`);
  }
  assert.deepEqual(failures, []);
});

test(`CSL-JSON: ${ALL.length} items each parse back with the stored values`, () => {
  const failures: string[] = [];
  for (const c of ALL) {
    const json = JSON.stringify([toCslJson(c.article, c.journal)], null, 2);
    const parsed = JSON.parse(json) as Csl[];
    const want = expected(c);
    const got = parsed[0];
    const problems: string[] = [];
    if (parsed.length !== 1) problems.push(`${parsed.length} items`);
    const title = (got.title ?? "").replace(/<\/?i>|<span class="nocase">|<\/span>/g, "");
    if (title !== want.title) problems.push(`title ${got.title}`);
    if (JSON.stringify((got.author ?? []).map(nameOf)) !== JSON.stringify(want.authors)) problems.push(`authors ${JSON.stringify(got.author)}`);
    if (got.DOI !== want.doi) problems.push(`DOI ${got.DOI}`);
    if ((got.keyword ?? "") !== want.keywords.join(", ")) problems.push(`keywords ${got.keyword}`);
    if (got.URL !== c.journal.url) problems.push(`URL ${got.URL}`);
    if (problems.length) failures.push(`${c.label}: ${problems.join("; ")}`);
  }
  assert.deepEqual(failures, []);
});

test("both ISSNs, print then electronic, in RIS, BibTeX and CSL-JSON, as their parsers read them back", () => {
  const [c] = HARD_CASES;
  assert.equal(c.journal.issn, "2583-1234");
  assert.equal(c.journal.essn, "2583-5678");
  const ris = toRis(c.article, c.journal);
  assert.deepEqual([...ris.matchAll(/^SN {2}- (.*)\r$/gm)].map((m) => m[1]), ["2583-1234", "2583-5678"]);
  const fromRis = plugins.input.chain(ris, { forceType: "@ris/file" }) as (Csl & { ISSN?: string })[];
  assert.match(String(fromRis[0].ISSN), /2583-1234.*2583-5678/);
  const bib = plugins.input.chain(toBibtex(c.article, c.journal), { forceType: "@biblatex/text" }) as (Csl & { ISSN?: string })[];
  assert.equal(bib[0].ISSN, "2583-1234, 2583-5678");
  assert.equal(toCslJson(c.article, c.journal).ISSN, "2583-1234, 2583-5678");
  // One ISSN only: just that one.
  assert.equal(toCslJson(c.article, { ...c.journal, essn: "" }).ISSN, "2583-1234");
  assert.deepEqual([...toRis(c.article, { ...c.journal, issn: "" }).matchAll(/^SN {2}- (.*)\r$/gm)].map((m) => m[1]), ["2583-5678"]);
});

test("hostile values: the keyword stays one keyword, the bad DOI is gone from every export", () => {
  const [kw, doi] = HOSTILE;
  const ris = plugins.input.chain(toRis(kw.article, kw.journal), { forceType: "@ris/file" }) as Csl[];
  assert.equal(ris.length, 1);
  assert.equal(ris[0].keyword, "kw1 ER - TY - JOUR TI - INJECTED,kw2 UR - https://evil.example");
  assert.equal(ris[0].URL, HARD_JOURNAL.url);
  for (const out of [toRis(doi.article, doi.journal), toBibtex(doi.article, doi.journal), JSON.stringify(toCslJson(doi.article, doi.journal))]) {
    assert.doesNotMatch(out, /evil/);
  }
  const bib = plugins.input.chain(toBibtex(doi.article, doi.journal), { forceType: "@biblatex/text" }) as Csl[];
  assert.equal(bib.length, 1);
  assert.equal(bib[0].URL, HARD_JOURNAL.url);
  assert.equal(bib[0].DOI, undefined);
});
