/**
 * An article's metadata as JATS 1.3 (Journal Publishing tag set, MathML 3 flavour): the
 * `<article>` with its `<front>` — journal-meta and article-meta — and its reference list, no body. Served at
 * /archives/{y}/{v}/{i}/{ref}.jats.xml and embedded in OAI-PMH records (metadataPrefix jats).
 * Element order follows JATS-journalpublishing1-3-mathml3.xsd (volume and issue before fpage,
 * history before permissions before self-uri before abstract); dates are day, month, year. The
 * reference list is the article's <back>.
 */
import { escapeXml } from "../lib/xml";
import { issn, jatsProblems, personNames, publicationDate, type DepositJournal } from "../schemas/deposit";
import type { DepositArticle } from "../lib/article";
import { numericPages } from "../lib/pages";
import { articleLanguage } from "../lib/citation/scholarly-meta";
import { abstractParagraphs, JATS_INLINE, titleXml } from "./markup.server";
import { articleUrls, depositLicense, DepositIncomplete, element, keywordElements } from "./metadata.server";
import { affiliationIndex } from "../lib/authors";
import { referenceDoi, referenceList } from "../lib/references";

/**
 * The namespace of JATS in OAI-PMH records. JATS itself has none, but OAI-PMH's schema admits
 * in <metadata> only an element of a namespace other than its own (`##other`, strict), so the
 * records put the same <article> in this one and ListMetadataFormats announces it — PMC's
 * OAI service does the same with https://jats.nlm.nih.gov/ns/archiving/1.3/ for its Archiving
 * tag set (docs/decisions/029-oai-jats-namespace.md).
 */
export const JATS_OAI_NAMESPACE = "https://jats.nlm.nih.gov/ns/publishing/1.3/";

interface JatsInput {
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

function dateParts(value: string): string {
  const d = publicationDate(value);
  return d ? `<day>${d.day}</day><month>${d.month}</month><year>${d.year}</year>` : "";
}

/** Received and accepted dates, when staff entered them. */
function historyXml(a: DepositArticle): string {
  const dates = (["received", "accepted"] as const)
    .map((type) => {
      const value = a[`${type}_date`];
      const d = publicationDate(value);
      return d ? `<date date-type="${type}" iso-8601-date="${d.year}-${d.month}-${d.day}">${dateParts(value)}</date>` : "";
    })
    .join("");
  return dates ? `<history>${dates}</history>` : "";
}

/**
 * The ids of an article's affiliations and references: unique across a whole OAI-PMH response,
 * which holds many articles (xs:ID values may not repeat in one document), and NCNames.
 */
const affId = (a: DepositArticle, k: number) => `aff-${a.refnumber}-${k}`;
const refId = (a: DepositArticle, n: number) => `ref-${a.refnumber}-${n}`;

/** Authors (ORCID iD, name, affiliation links, a corresponding author's e-mail) and their affiliations. */
function contribGroupXml(a: DepositArticle): string {
  const people = personNames(a);
  if (!people.length) return "";
  const { list, numbers } = affiliationIndex(people);
  const contribs = people.map((n, i) =>
    [
      `<contrib contrib-type="author"${n.corresponding ? ` corresp="yes"` : ""}>`,
      n.orcid ? `<contrib-id contrib-id-type="orcid" authenticated="false">${escapeXml(n.orcid)}</contrib-id>` : "",
      `<name>${element("surname", n.surname)}${element("given-names", n.given)}</name>`,
      numbers[i].map((k) => `<xref ref-type="aff" rid="${affId(a, k)}"/>`).join(""),
      n.corresponding ? element("email", n.email) : "",
      `</contrib>`,
    ].join(""),
  );
  const affs = list.map(
    (f, k) =>
      `<aff id="${affId(a, k + 1)}"><institution-wrap><institution>${escapeXml(f.name)}</institution>${f.ror ? `<institution-id institution-id-type="ror">${escapeXml(f.ror)}</institution-id>` : ""}</institution-wrap>${f.country.trim() ? `, <country>${escapeXml(f.country.trim())}</country>` : ""}</aff>`,
  );
  return `<contrib-group>${contribs.join("")}${affs.join("")}</contrib-group>`;
}

/** The reference list: each reference as printed, its DOI tagged where the text names one. */
function refListXml(a: DepositArticle): string {
  const refs = referenceList(a.references);
  if (!refs.length) return "";
  const items = refs.map((text, i) => {
    const doi = referenceDoi(text);
    const body = doi
      ? `${escapeXml(text.slice(0, doi.start))}<pub-id pub-id-type="doi">${escapeXml(text.slice(doi.start, doi.end))}</pub-id>${escapeXml(text.slice(doi.end))}`
      : escapeXml(text);
    return `<ref id="${refId(a, i + 1)}"><mixed-citation>${body}</mixed-citation></ref>`;
  });
  return `<back><ref-list><title>References</title>${items.join("")}</ref-list></back>`;
}

/**
 * The `<article>` element (no XML declaration: OAI-PMH embeds it in its own document). JATS
 * elements are in no namespace; `embedded` (OAI-PMH) puts them in JATS_OAI_NAMESPACE, declared
 * on <article> as the default namespace, so every element below it follows and nothing else
 * changes. Throws DepositIncomplete when the journal has no ISSN (check jatsAvailable first).
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
  const { first, last } = numericPages(a.pagenumber);
  const urls = articleUrls(journal, a);
  const license = depositLicense(journal, a);
  const paragraphs = abstractParagraphs(a.abstract, JATS_INLINE);
  const keywords = keywordElements("kwd", a.keywords);
  const year = publicationDate(a.publishdate)?.year ?? String(a.year);
  const licenseText = license.creativeCommons
    ? `This article is published under the ${license.name} licence (${license.short}).`
    : `This article is published under the licence at ${license.url}.`;
  return [
    `<article${embedded ? ` xmlns="${JATS_OAI_NAMESPACE}"` : ""} xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:ali="http://www.niso.org/schemas/ali/1.0/" article-type="research-article" dtd-version="1.3"${lang ? ` xml:lang="${lang.iso639_1}"` : ""}>`,
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
    contribGroupXml(a),
    pubDate(a),
    `<volume>${a.volume}</volume>`,
    `<issue>${a.issue}</issue>`,
    first ? `${element("fpage", first)}${element("lpage", last)}` : "",
    historyXml(a),
    `<permissions><copyright-statement>© ${escapeXml(year)} The authors</copyright-statement><copyright-year>${escapeXml(year)}</copyright-year><copyright-holder>The authors</copyright-holder>` +
      `<license${license.creativeCommons ? ` license-type="open-access"` : ""} xlink:href="${escapeXml(license.url)}"><ali:license_ref>${escapeXml(license.url)}</ali:license_ref><license-p>${escapeXml(licenseText)}</license-p></license></permissions>`,
    `<self-uri xlink:href="${escapeXml(urls.page)}"/>`,
    urls.pdf ? `<self-uri content-type="application/pdf" xlink:href="${escapeXml(urls.pdf)}"/>` : "",
    paragraphs.length ? `<abstract>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</abstract>` : "",
    keywords ? `<kwd-group kwd-group-type="author">${keywords}</kwd-group>` : "",
    `</article-meta>`,
    `</front>`,
    refListXml(a),
    `</article>`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The .jats.xml file: the article element as a document of its own. */
export function buildJatsArticle(input: JatsInput): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${jatsArticleElement(input)}\n`;
}
