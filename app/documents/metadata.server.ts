/**
 * What the Crossref, DOAJ and JATS builders share: the article's two public
 * addresses on the journal's primary host, and the error a builder throws when called with
 * records its format's check (app/schemas/deposit.ts) has not passed.
 */
import { absoluteUrl } from "../lib/urls";
import { escapeXml } from "../lib/xml";
import type { DepositArticle } from "../lib/article";
import type { DepositJournal, DepositProblems } from "../schemas/deposit";
import { articleFileUrl, articlePath } from "../lib/urls";
import { articleLicense, type License } from "../lib/licenses";

/** The abstract page and the PDF beside it (`/archives/{y}/{v}/{i}/{ref}.pdf`, as Scholar prefers). */
export function articleUrls(journal: Pick<DepositJournal, "origin">, a: Pick<DepositArticle, "year" | "volume" | "issue" | "refnumber" | "file">) {
  const page = absoluteUrl(journal, articlePath(a));
  const pdf = articleFileUrl(a);
  return { page, pdf: pdf ? absoluteUrl(journal, pdf) : "" };
}

/** A builder was handed records with problems: callers check first and answer with the list. */
export class DepositIncomplete extends Error {
  readonly problems: DepositProblems;
  constructor(format: string, problems: DepositProblems) {
    super(`${format}: ${[...problems.journal, ...problems.articles.map((a) => `${a.refnumber}: ${a.missing.join(", ")}`)].join("; ")}`);
    this.problems = problems;
  }
}

/** `<name>text</name>` with the text escaped, or '' when there is no text. */
export function element(name: string, text: string | number, attrs = ""): string {
  const value = String(text).trim();
  return value ? `<${name}${attrs}>${escapeXml(value)}</${name}>` : "";
}

/**
 * The article's keywords as the deposits list them, one `<name>` element each: authors separate
 * them with commas or semicolons, and an empty one is dropped.
 */
export function keywordElements(name: string, keywords: string): string {
  return keywords
    .split(/\s*[,;]\s*/)
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => element(name, k))
    .join("");
}

/**
 * An article's licence for the deposits: its own, or the journal's (settings license_url,
 * CC BY 4.0 unless staff chose another: the instructions to authors promise open access).
 */
export function depositLicense(journal: Pick<DepositJournal, "licenseUrl">, a: Pick<DepositArticle, "license_url">): License {
  return articleLicense(a.license_url, journal.licenseUrl);
}

/** The settings the three formats read. */
interface DepositSettings {
  websitename: string;
  abbrev_title: string;
  issn: string;
  journal_essn: string;
  publisher_name: string;
  journal_language: string;
  doi_prefix: string;
  doi_depositor_name: string;
  doi_depositor_email: string;
  doi_registrant: string;
  license_url: string;
}

/** The journal of a request (its context: slug, name, origin, settings) as the builders read it. */
export function depositJournal(journal: { slug: string; name: string; origin: string; settings: DepositSettings }): DepositJournal {
  const s = journal.settings;
  const title = s.websitename.trim() || journal.name;
  return {
    slug: journal.slug,
    title,
    abbrevTitle: s.abbrev_title.trim(),
    issn: s.issn,
    eissn: s.journal_essn,
    publisher: s.publisher_name.trim() || title,
    language: s.journal_language,
    origin: journal.origin,
    doiPrefix: s.doi_prefix.trim(),
    licenseUrl: s.license_url,
    depositorName: s.doi_depositor_name.trim(),
    depositorEmail: s.doi_depositor_email.trim(),
    registrant: s.doi_registrant.trim(),
  };
}
