/**
 * A Crossref metadata deposit (schema 5.3.1, `doi_batch`) for articles of one issue: records
 * in, XML text out. Staff upload the file at Crossref's web deposit form (README); the app makes
 * no network call. Element order, date order (month, day, year) and the name order (given, then
 * surname) follow crossref5.3.1.xsd; test/e2e/indexes-xsd.test.ts validates the files the app
 * serves against it.
 */
import { escapeXml } from "../lib/xml";
import { crossrefProblems, hasProblems, issn, personNames, publicationDate, type DepositJournal, type PersonName } from "../schemas/deposit";
import type { DepositArticle } from "../lib/article";
import { numericPages } from "../lib/pages";
import { articleLanguage } from "../lib/citation/scholarly-meta";
import { abstractParagraphs, CROSSREF_INLINE, CROSSREF_JATS_INLINE, titleXml } from "./markup.server";
import { articleUrls, depositLicense, DepositIncomplete, element } from "./metadata.server";
import { referencesOf } from "../lib/references";

const CROSSREF_NS = "http://www.crossref.org/schema/5.3.1";
const SCHEMA_LOCATION = `${CROSSREF_NS} https://www.crossref.org/schemas/crossref5.3.1.xsd`;
const JATS_NS = "http://www.ncbi.nlm.nih.gov/JATS1";
const AI_NS = "http://www.crossref.org/AccessIndicators.xsd";

interface CrossrefInput {
  journal: DepositJournal;
  /** The issue: `date` is its publication date (the earliest of its articles'), YYYY-MM-DD. */
  issue: { year: number; volume: number; issue: number; date: string };
  /** Articles of that issue, in page order. */
  articles: DepositArticle[];
  /** When the file is made: the batch's timestamp (each redeposit must carry a larger one). */
  now: Date;
}

/** Crossref's timestamp: yyyyMMddHHmmssSSS in UTC, a number that grows with every deposit. */
function crossrefTimestamp(now: Date): string {
  return now.toISOString().replace(/\D/g, "").slice(0, 17);
}

/** crossref-{year}-v{vol}-i{issue}.xml */
export function crossrefFileName(issue: { year: number; volume: number; issue: number }): string {
  return `crossref-${issue.year}-v${issue.volume}-i${issue.issue}.xml`;
}

function dateXml(value: string, element = "publication_date", media = ` media_type="online"`): string {
  const d = publicationDate(value);
  if (!d) throw new Error(`not a publication date: ${value}`);
  return `<${element}${media}><month>${d.month}</month><day>${d.day}</day><year>${d.year}</year></${element}>`;
}

/** An author: given name, surname, affiliations (institution, ROR ID, country as its place), ORCID iD. */
function personXml(n: PersonName, i: number): string {
  const affiliations = n.affiliations
    .map(
      (f) =>
        `<institution>${element("institution_name", f.name)}${f.ror ? `<institution_id type="ror">${escapeXml(f.ror)}</institution_id>` : ""}${f.country.trim().length >= 2 ? element("institution_place", f.country) : ""}</institution>`,
    )
    .join("");
  return [
    `<person_name sequence="${i === 0 ? "first" : "additional"}" contributor_role="author">`,
    element("given_name", n.given),
    element("surname", n.surname),
    affiliations ? `<affiliations>${affiliations}</affiliations>` : "",
    // Typed by staff, not signed in through ORCID's OAuth: unauthenticated.
    n.orcid ? `<ORCID authenticated="false">${escapeXml(n.orcid)}</ORCID>` : "",
    `</person_name>`,
  ].join("");
}

/** The reference list: each reference's DOI when it names one, and its text as printed. */
function citationListXml(a: DepositArticle): string {
  const refs = referencesOf(a.references);
  if (!refs.length) return "";
  const items = refs.map(
    (r, i) => `<citation key="${escapeXml(`${a.refnumber}-ref${i + 1}`)}">${r.doi ? `<doi>${escapeXml(r.doi)}</doi>` : ""}<unstructured_citation>${escapeXml(r.text)}</unstructured_citation></citation>`,
  );
  return `<citation_list>${items.join("")}</citation_list>`;
}

function articleXml(journal: DepositJournal, a: DepositArticle, language: string): string {
  const contributors = personNames(a).map(personXml).join("");
  const paragraphs = abstractParagraphs(a.abstract, CROSSREF_JATS_INLINE);
  const abstract = paragraphs.length ? `<jats:abstract>${paragraphs.map((p) => `<jats:p>${p}</jats:p>`).join("")}</jats:abstract>` : "";
  const { first, last } = numericPages(a.pagenumber);
  const urls = articleUrls(journal, a);
  const license = depositLicense(journal, a);
  const pdf = urls.pdf
    ? `<collection property="text-mining"><item><resource mime_type="application/pdf">${escapeXml(urls.pdf)}</resource></item></collection>`
    : "";
  return [
    `<journal_article publication_type="full_text"${language}>`,
    `<titles><title>${titleXml(a.title, CROSSREF_INLINE)}</title></titles>`,
    `<contributors>${contributors}</contributors>`,
    abstract,
    dateXml(a.publishdate),
    publicationDate(a.accepted_date) ? dateXml(a.accepted_date, "acceptance_date", "") : "",
    `<pages>${element("first_page", first)}${last !== first ? element("last_page", last) : ""}</pages>`,
    // Free to read from the publication date (the site is open access), under the article's licence.
    `<ai:program name="AccessIndicators"><ai:free_to_read/><ai:license_ref applies_to="vor" start_date="${escapeXml(a.publishdate.trim())}">${escapeXml(license.url)}</ai:license_ref></ai:program>`,
    `<doi_data><doi>${escapeXml(a.doi.trim())}</doi><resource>${escapeXml(urls.page)}</resource>${pdf}</doi_data>`,
    citationListXml(a),
    `</journal_article>`,
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * The deposit file. Throws DepositIncomplete if crossrefProblems() finds anything: callers
 * check first and show staff the list instead.
 */
export function buildCrossrefDeposit({ journal, issue, articles, now }: CrossrefInput): string {
  const problems = crossrefProblems(journal, articles);
  if (hasProblems(problems)) throw new DepositIncomplete("crossref", problems);
  if (!articles.length) throw new Error("a deposit needs at least one article");
  const timestamp = crossrefTimestamp(now);
  const lang = articleLanguage(journal.language);
  const language = lang ? ` language="${lang.iso639_1}"` : "";
  const issns = [
    [issn(journal.issn), "print"],
    [issn(journal.eissn), "electronic"],
  ]
    .filter(([value]) => value)
    .map(([value, media]) => `<issn media_type="${media}">${value}</issn>`)
    .join("");
  const batchId = `${journal.slug}-${issue.year}-v${issue.volume}-i${issue.issue}-${timestamp}`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<doi_batch xmlns="${CROSSREF_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:jats="${JATS_NS}" xmlns:ai="${AI_NS}" version="5.3.1" xsi:schemaLocation="${SCHEMA_LOCATION}">`,
    `<head>`,
    `<doi_batch_id>${escapeXml(batchId)}</doi_batch_id>`,
    `<timestamp>${timestamp}</timestamp>`,
    `<depositor>${element("depositor_name", journal.depositorName)}${element("email_address", journal.depositorEmail)}</depositor>`,
    element("registrant", journal.registrant),
    `</head>`,
    `<body>`,
    `<journal>`,
    `<journal_metadata${language}>${element("full_title", journal.title)}${element("abbrev_title", journal.abbrevTitle)}${issns}</journal_metadata>`,
    `<journal_issue>${publicationDate(issue.date) ? dateXml(issue.date) : `<publication_date media_type="online"><year>${issue.year}</year></publication_date>`}<journal_volume><volume>${issue.volume}</volume></journal_volume><issue>${issue.issue}</issue></journal_issue>`,
    ...articles.map((a) => articleXml(journal, a, language)),
    `</journal>`,
    `</body>`,
    `</doi_batch>`,
    ``,
  ].join("\n");
}
