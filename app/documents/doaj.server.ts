/**
 * DOAJ's article XML (`records`, doajArticles.xsd) for articles of one issue: records in, XML
 * text out, for the publisher dashboard's "Upload article XML". Every element in the schema's
 * fixed order; titles and abstracts as plain text (DOAJ takes no markup); languages as ISO
 * 639-2/B codes.
 */
import { htmlToText } from "../lib/html";
import { doajProblems, hasProblems, issn, personNames, type DepositJournal } from "../schemas/deposit";
import type { DepositArticle } from "../lib/article";
import { numericPages } from "../lib/pages";
import { articleLanguage } from "../lib/citation/scholarly-meta";
import { articleUrls, DepositIncomplete, element, keywordElements } from "./metadata.server";
import { escapeXml } from "../lib/xml";
import { affiliationIndex, affiliationText } from "../lib/authors";

interface DoajInput {
  journal: DepositJournal;
  /** Articles of one issue, in page order. */
  articles: DepositArticle[];
}

/** doaj-{year}-v{vol}-i{issue}.xml */
export function doajFileName(issue: { year: number; volume: number; issue: number }): string {
  return `doaj-${issue.year}-v${issue.volume}-i${issue.issue}.xml`;
}

function record(journal: DepositJournal, a: DepositArticle, language: string | null): string {
  const lang = language ? ` language="${language}"` : "";
  const { first, last } = numericPages(a.pagenumber);
  const people = personNames(a);
  // DOAJ lists affiliations once per record and points to them from each author.
  const { list: affiliations, numbers } = affiliationIndex(people);
  const authors = people
    .map(
      (n, i) =>
        `<author>${element("name", n.full)}${n.corresponding ? element("email", n.email) : ""}${numbers[i].map((k) => `<affiliationId>${k}</affiliationId>`).join("")}${element("orcid_id", n.orcid)}</author>`,
    )
    .join("");
  const affiliationsList = affiliations.length
    ? `<affiliationsList>${affiliations.map((f, k) => `<affiliationName affiliationId="${k + 1}">${escapeXml(affiliationText(f))}</affiliationName>`).join("")}</affiliationsList>`
    : "";
  const keywords = keywordElements("keyword", a.keywords);
  const abstract = htmlToText(a.abstract);
  return [
    `<record>`,
    language ? `<language>${language}</language>` : "",
    element("publisher", journal.publisher),
    element("journalTitle", journal.title),
    element("issn", issn(journal.issn) ?? ""),
    element("eissn", issn(journal.eissn) ?? ""),
    `<publicationDate>${escapeXml(a.publishdate.trim())}</publicationDate>`,
    element("volume", a.volume),
    element("issue", a.issue),
    element("startPage", first),
    element("endPage", last),
    element("doi", a.doi),
    element("publisherRecordId", a.refnumber),
    `<documentType>article</documentType>`,
    `<title${lang}>${escapeXml(htmlToText(a.title))}</title>`,
    authors ? `<authors>${authors}</authors>` : "",
    affiliationsList,
    abstract ? `<abstract${lang}>${escapeXml(abstract)}</abstract>` : "",
    `<fullTextUrl format="pdf">${escapeXml(articleUrls(journal, a).pdf)}</fullTextUrl>`,
    keywords ? `<keywords${lang}>${keywords}</keywords>` : "",
    `</record>`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The upload file. Throws DepositIncomplete if doajProblems() finds anything. */
export function buildDoajArticles({ journal, articles }: DoajInput): string {
  const problems = doajProblems(journal, articles);
  if (hasProblems(problems)) throw new DepositIncomplete("doaj", problems);
  if (!articles.length) throw new Error("an upload needs at least one article");
  const language = articleLanguage(journal.language)?.iso639_2b ?? null;
  return [`<?xml version="1.0" encoding="UTF-8"?>`, `<records>`, ...articles.map((a) => record(journal, a, language)), `</records>`, ``].join("\n");
}
