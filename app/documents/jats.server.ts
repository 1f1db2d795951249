/**
 * An article's metadata as JATS 1.3 (Journal Publishing tag set, MathML 3 flavour): the
 * `<article>` with its `<front>` only — journal-meta and article-meta, no body. Served at
 * /archives/{y}/{v}/{i}/{ref}.jats.xml and embedded in OAI-PMH records (metadataPrefix jats).
 * Element order follows JATS-journalpublishing1-3-mathml3.xsd (volume and issue before fpage,
 * permissions before self-uri before abstract); dates are day, month, year.
 */
import { escapeXml } from "../lib/xml";
import { issn, jatsProblems, personNames, publicationDate, type DepositJournal } from "../schemas/deposit";
import type { DepositArticle } from "../lib/article";
import { numericPages } from "../lib/pages";
import { articleLanguage } from "../lib/citation/scholarly-meta";
import { abstractParagraphs, JATS_INLINE, titleXml } from "./markup.server";
import { articleUrls, DepositIncomplete, element, LICENSE } from "./metadata.server";

export interface JatsInput {
  journal: DepositJournal;
  article: DepositArticle;
}

/** Whether the journal can have JATS at all: the tag set requires an ISSN. */
export function jatsAvailable(journal: DepositJournal): boolean {
  return jatsProblems(journal).length === 0;
}

function pubDate(a: DepositArticle): string {
  const d = publicationDate(a.publishdate);
  if (!d) return `<pub-date publication-format="electronic" date-type="pub"><year>${a.year}</year></pub-date>`;
  return `<pub-date publication-format="electronic" date-type="pub" iso-8601-date="${d.year}-${d.month}-${d.day}"><day>${d.day}</day><month>${d.month}</month><year>${d.year}</year></pub-date>`;
}

/**
 * The `<article>` element (no XML declaration: OAI-PMH embeds it in its own document). JATS
 * elements are in no namespace, so inside another document's default namespace (OAI-PMH's) the
 * element must undeclare it (`embedded`: xmlns=""), or it would silently join that namespace.
 * Throws DepositIncomplete when the journal has no ISSN (check jatsAvailable first).
 */
export function jatsArticleElement({ journal, article: a }: JatsInput, { embedded = false } = {}): string {
  const problems = jatsProblems(journal);
  if (problems.length) throw new DepositIncomplete("jats", { journal: problems, articles: [] });
  const lang = articleLanguage(journal.language);
  const issns = [
    [issn(journal.issn), "ppub"],
    [issn(journal.eissn), "epub"],
  ]
    .filter(([value]) => value)
    .map(([value, type]) => `<issn pub-type="${type}">${value}</issn>`)
    .join("");
  const contribs = personNames(a.authorname)
    .map((n) => `<contrib contrib-type="author"><name>${element("surname", n.surname)}${element("given-names", n.given)}</name></contrib>`)
    .join("");
  const { first, last } = numericPages(a.pagenumber);
  const urls = articleUrls(journal, a);
  const paragraphs = abstractParagraphs(a.abstract, JATS_INLINE);
  const keywords = a.keywords
    .split(/\s*[,;]\s*/)
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => element("kwd", k))
    .join("");
  const year = publicationDate(a.publishdate)?.year ?? String(a.year);
  return [
    `<article${embedded ? ` xmlns=""` : ""} xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:ali="http://www.niso.org/schemas/ali/1.0/" article-type="research-article" dtd-version="1.3"${lang ? ` xml:lang="${lang.iso639_1}"` : ""}>`,
    `<front>`,
    `<journal-meta>`,
    element("journal-id", journal.slug, ` journal-id-type="publisher-id"`),
    `<journal-title-group>${element("journal-title", journal.title)}${element("abbrev-journal-title", journal.abbrevTitle, ` abbrev-type="publisher"`)}</journal-title-group>`,
    issns,
    journal.publisher.trim() ? `<publisher>${element("publisher-name", journal.publisher)}</publisher>` : "",
    `</journal-meta>`,
    `<article-meta>`,
    element("article-id", a.refnumber, ` pub-id-type="publisher-id"`),
    element("article-id", a.doi, ` pub-id-type="doi"`),
    `<title-group><article-title>${titleXml(a.title, JATS_INLINE)}</article-title></title-group>`,
    contribs ? `<contrib-group>${contribs}</contrib-group>` : "",
    pubDate(a),
    `<volume>${a.volume}</volume>`,
    `<issue>${a.issue}</issue>`,
    first ? `${element("fpage", first)}${element("lpage", last)}` : "",
    `<permissions><copyright-statement>© ${escapeXml(year)} The authors</copyright-statement><copyright-year>${escapeXml(year)}</copyright-year><copyright-holder>The authors</copyright-holder>` +
      `<license><ali:license_ref>${LICENSE.url}</ali:license_ref><license-p>This article is published under the ${LICENSE.name} licence.</license-p></license></permissions>`,
    `<self-uri xlink:href="${escapeXml(urls.page)}"/>`,
    urls.pdf ? `<self-uri content-type="application/pdf" xlink:href="${escapeXml(urls.pdf)}"/>` : "",
    paragraphs.length ? `<abstract>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</abstract>` : "",
    keywords ? `<kwd-group kwd-group-type="author">${keywords}</kwd-group>` : "",
    `</article-meta>`,
    `</front>`,
    `</article>`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The .jats.xml file: the article element as a document of its own. */
export function buildJatsArticle(input: JatsInput): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${jatsArticleElement(input)}\n`;
}
