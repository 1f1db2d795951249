/**
 * What a Crossref deposit and a DOAJ upload need of a journal and its articles,
 * checked BEFORE a file is made: the official schemas reject a whole file for one bad record,
 * and Crossref and DOAJ also refuse what their schemas cannot see (a DOI outside the
 * depositor's prefix, a full-text link on a host that is no domain name). Each problem is a
 * sentence from messages.ts, listed per article on the issue table and in the API's 400.
 */
import { doiKey, DOI_SYNTAX } from "../lib/doi";
import type { DepositArticle } from "../lib/article";
import { numericPages } from "../lib/pages";
import { authorsOf, type AuthorAffiliation } from "../lib/authors";
import { htmlToText } from "../lib/html";
import { DEPOSIT_ARTICLE_PROBLEMS as A, DEPOSIT_JOURNAL_PROBLEMS as J } from "./messages";

/** The journal as the Crossref, DOAJ and JATS builders read it (from its settings). */
export interface DepositJournal {
  slug: string;
  /** Full title (the site name). */
  title: string;
  abbrevTitle: string;
  /** As typed in Settings; see issn(). */
  issn: string;
  eissn: string;
  publisher: string;
  /** The journal_language setting, free text ('English'). */
  language: string;
  /** Scheme + primary host (+ port locally): the start of every URL the files name. */
  origin: string;
  doiPrefix: string;
  /** The journal's licence URL (settings license_url); an article may name its own. */
  licenseUrl: string;
  depositorName: string;
  depositorEmail: string;
  registrant: string;
}

interface ArticleProblems {
  id: number;
  refnumber: string;
  /** Plain-text title, so staff recognise the article. */
  title: string;
  missing: string[];
}

export interface DepositProblems {
  /** What the journal's settings lack (Settings page). */
  journal: string[];
  /** Per article, in the order given; only articles with something missing. */
  articles: ArticleProblems[];
}

export const hasProblems = (p: DepositProblems) => p.journal.length > 0 || p.articles.length > 0;

// ---- Shared readings of the stored text ---------------------------------------------------------

const ISSN = /(\d{4})-?(\d{3}[\dXx])/;

/**
 * An ISSN setting as the schemas take it ('2583-123X'): the first ISSN-shaped run in the text
 * (staff sometimes type 'ISSN 2583-1234 (Print)'), upper-case X. '' when the setting is empty;
 * null when it holds something that is no ISSN.
 */
export function issn(value: string): string | null {
  const text = value.trim();
  if (!text) return "";
  const m = ISSN.exec(text);
  return m ? `${m[1]}-${m[2].toUpperCase()}` : null;
}

/** A real calendar date YYYY-MM-DD in Crossref's range of years (1400–2200), else null. */
export function publicationDate(value: string): { year: string; month: string; day: string } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const d = new Date(`${m[0]}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== m[0]) return null;
  const year = Number(m[1]);
  if (year < 1400 || year > 2200) return null;
  return { year: m[1], month: m[2], day: m[3] };
}

export interface PersonName {
  /** Given names and family name ('Anjali Sharma'): the printed name without its titles. */
  full: string;
  /** Given names ('' for a one-word name). */
  given: string;
  /** Family name, particles included ('van der Berg'). */
  surname: string;
  /** 'https://orcid.org/…' or ''. */
  orcid: string;
  affiliations: AuthorAffiliation[];
  email: string;
  corresponding: boolean;
}

/**
 * The authors as people, in byline order, from the stored list (app/lib/authors.ts): given and
 * family names as staff confirmed them, so every format agrees with the page.
 */
export function personNames(a: Pick<DepositArticle, "authors" | "authorname">): PersonName[] {
  return authorsOf(a)
    .map((p) => ({
      full: [p.given, p.family].filter(Boolean).join(" "),
      given: p.given,
      surname: p.family,
      orcid: p.orcid,
      affiliations: p.affiliations,
      email: p.email,
      corresponding: p.corresponding,
    }))
    .filter((p) => p.surname);
}

// Crossref's name type: whitespace collapsed, 1–60 characters, no '?' and no leading digits.
const CROSSREF_NAME = /^[^\d?]*[^?\s]+[^\d]*$/u;
const crossrefName = (s: string) => s.length <= 60 && CROSSREF_NAME.test(s);

// Names that can never be a journal's public address: special-use and reserved top-level
// domains (RFC 2606, 6761, 6762, 8375, 9476) and the example second-level domains.
const RESERVED_TLDS = new Set(["localhost", "test", "example", "invalid", "local", "internal", "onion", "alt", "arpa", "lan", "home", "corp"]);
const RESERVED_DOMAINS = /(?:^|\.)example\.(?:com|net|org)$/;

/**
 * Whether a journal's primary address can carry DOAJ's full-text links: a domain name with an
 * alphabetic top-level domain that is not reserved — not `localhost`, `journal-b.localhost`,
 * `*.test`, `*.example`, `*.invalid`, `example.org`, and not a bare IP address (DOAJ links
 * must keep working when the server moves).
 */
export function isPublicOrigin(origin: string): boolean {
  const m = /^https?:\/\/([^/:]+)(:\d+)?$/u.exec(origin);
  if (!m) return false;
  const host = m[1].toLowerCase().replace(/\.$/, "");
  const labels = host.split(".");
  if (labels.length < 2 || labels.some((l) => !/^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u.test(l))) return false;
  const tld = labels[labels.length - 1];
  // DOAJ's own pattern: a top-level domain of 2–10 letters (so no IPv4 address either).
  if (!/^\p{L}{2,10}$/u.test(tld)) return false;
  return !RESERVED_TLDS.has(tld) && !RESERVED_DOMAINS.test(host);
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>".]+$/;

function issnProblems(journal: DepositJournal): string[] {
  const out: string[] = [];
  if (issn(journal.issn) === null) out.push(J.badIssn("ISSN", journal.issn.trim()));
  if (issn(journal.eissn) === null) out.push(J.badIssn("E-ISSN", journal.eissn.trim()));
  return out;
}

function articleBasics(a: DepositArticle): string[] {
  const missing: string[] = [];
  if (a.status !== "enabled") missing.push(A.disabled);
  if (!htmlToText(a.title)) missing.push(A.noTitle);
  if (!publicationDate(a.publishdate)) missing.push(A.noDate);
  return missing;
}

function collect(articles: DepositArticle[], check: (a: DepositArticle) => string[]): ArticleProblems[] {
  return articles
    .map((a) => ({ id: a.id, refnumber: a.refnumber, title: htmlToText(a.title), missing: check(a) }))
    .filter((p) => p.missing.length > 0);
}

// ---- The two checks -----------------------------------------------------------------------------

/**
 * Crossref: the journal's DOI settings and ISSNs; per article a DOI under the journal's prefix,
 * pages, a publication date, a title, authors whose names fit Crossref's rules, and being
 * published on the site (the DOI will resolve to its page).
 */
export function crossrefProblems(journal: DepositJournal, articles: DepositArticle[]): DepositProblems {
  const problems: string[] = [];
  if (!journal.title.trim()) problems.push(J.noTitle);
  if (!journal.doiPrefix) problems.push(J.noPrefix);
  if (!journal.depositorName.trim()) problems.push(J.noDepositorName);
  if (!journal.depositorEmail.trim()) problems.push(J.noDepositorEmail);
  else if (!EMAIL.test(journal.depositorEmail.trim())) problems.push(J.badDepositorEmail);
  if (!journal.registrant.trim()) problems.push(J.noRegistrant);
  problems.push(...issnProblems(journal));
  const prefix = doiKey(journal.doiPrefix);
  return {
    journal: problems,
    articles: collect(articles, (a) => {
      const missing = articleBasics(a);
      const doi = a.doi.trim();
      if (!doi) missing.push(A.noDoi);
      else if (!DOI_SYNTAX.test(doi)) missing.push(A.badDoi(doi));
      else if (prefix && !doiKey(doi).startsWith(`${prefix}/`)) missing.push(A.foreignDoi(doi, journal.doiPrefix));
      if (!numericPages(a.pagenumber).first) missing.push(A.noPages);
      const names = personNames(a);
      if (!names.length) missing.push(A.noAuthors);
      for (const n of names) if (!crossrefName(n.surname) || (n.given && !crossrefName(n.given))) missing.push(A.badAuthor(n.full));
      return missing;
    }),
  };
}

/**
 * DOAJ: a journal title, an ISSN (DOAJ matches records to its journals by ISSN) and a public
 * address for the full-text links; per article a title, a publication date, a PDF and being
 * published on the site. DOIs and pages are optional in DOAJ and sent when there.
 */
export function doajProblems(journal: DepositJournal, articles: DepositArticle[]): DepositProblems {
  const problems: string[] = [];
  if (!journal.title.trim()) problems.push(J.noTitle);
  const bad = issnProblems(journal);
  problems.push(...bad);
  if (!bad.length && !issn(journal.issn) && !issn(journal.eissn)) problems.push(J.noIssn);
  if (!isPublicOrigin(journal.origin)) problems.push(J.host(journal.origin));
  return {
    journal: problems,
    articles: collect(articles, (a) => {
      const missing = articleBasics(a);
      if (!a.file) missing.push(A.noPdf);
      return missing;
    }),
  };
}

/**
 * JATS: the Journal Publishing tag set requires at least one ISSN in journal-meta; everything
 * else an article lacks is simply left out of its front matter.
 */
export function jatsProblems(journal: DepositJournal): string[] {
  return issn(journal.issn) || issn(journal.eissn) ? [] : [J.noIssn];
}
