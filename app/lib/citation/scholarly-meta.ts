/**
 * Article metadata beyond Google Scholar's citation_* tags, from the same inputs: Dublin Core,
 * schema.org ScholarlyArticle JSON-LD (nested PublicationIssue → PublicationVolume →
 * Periodical), and Twitter card tags. Pure functions, so a test can check them and the
 * article page, OAI-PMH and feeds agree.
 */
import { volumeIssueLabel } from "../archive";
import { creatorName, publicAuthors, type ArticleAuthor } from "../authors";
import type { License } from "../licenses";
import type { Reference } from "../references";
import { splitPages } from "../pages";
import { shortenText } from "../text";
import { doiUrl } from "../urls";

export interface ArticleMetaInput {
  titleText: string;
  /** Absolute URL of the link-preview image (1200×630 PNG): JSON-LD image, og:image, twitter:image. */
  image?: string;
  /** The authors as people; the tags carry names without honorifics (creatorName). */
  authors: ArticleAuthor[];
  /** The reference list (citation_reference, JSON-LD citation). */
  references?: Reference[];
  /** The article's licence (its own, or the journal's). */
  license?: License;
  /** Manuscript history, YYYY-MM-DD or ''. */
  received_date?: string;
  accepted_date?: string;
  abstractText: string;
  keywords: string;
  publishdate: string; // YYYY-MM-DD
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
  doi?: string;
  pageUrl: string;
  pdfUrl?: string;
  journalName: string;
  issn?: string;
  essn?: string;
  publisher?: string;
  language?: string;
}

/** ISO 639-1 codes of the languages journals here publish in (names as staff type them). */
const LANGUAGE_CODES: Record<string, string> = {
  english: "en",
  hindi: "hi",
  bengali: "bn",
  bangla: "bn",
  marathi: "mr",
  tamil: "ta",
  telugu: "te",
  gujarati: "gu",
  kannada: "kn",
  malayalam: "ml",
  punjabi: "pa",
  panjabi: "pa",
  urdu: "ur",
  odia: "or",
  oriya: "or",
  assamese: "as",
  nepali: "ne",
  sanskrit: "sa",
  sindhi: "sd",
  kashmiri: "ks",
  konkani: "kok",
  maithili: "mai",
  french: "fr",
  german: "de",
  spanish: "es",
  portuguese: "pt",
  italian: "it",
  dutch: "nl",
  russian: "ru",
  polish: "pl",
  turkish: "tr",
  arabic: "ar",
  persian: "fa",
  farsi: "fa",
  chinese: "zh",
  japanese: "ja",
  korean: "ko",
  indonesian: "id",
  malay: "ms",
  thai: "th",
  vietnamese: "vi",
  swahili: "sw",
};

/**
 * dc:language values from the journal's language setting: each named language as its ISO 639
 * code ('English' → en, 'Hindi' → hi, 'English & Hindi' → en, hi). A name not in the table is
 * kept as written (Dublin Core allows free text); no setting means English.
 */
export function languageCodes(setting: string | undefined): string[] {
  const value = (setting ?? "").trim();
  if (!value) return ["en"];
  const parts = value.split(/\s*(?:[,;/&+]|\band\b)\s*/i).filter(Boolean);
  const codes = parts.map((p) => LANGUAGE_CODES[p.toLowerCase().replace(/\s*\(.*\)$/, "").replace(/\s+language$/, "")] ?? null);
  // Anything unrecognised (a code such as 'en' or 'hi-IN' included): the value as written.
  if (codes.some((c) => c === null)) return [value];
  return [...new Set(codes as string[])];
}

/**
 * ISO 639-2/B (bibliographic) codes of the ISO 639-1 codes above, for DOAJ, whose schema takes
 * only these three-letter codes ('fre', 'ger', 'chi': not the terminology codes 'fra', 'deu',
 * 'zho'). Konkani and Maithili have no 639-1 code and are not in DOAJ's list.
 */
const ISO_639_2B: Record<string, string> = {
  en: "eng", hi: "hin", bn: "ben", mr: "mar", ta: "tam", te: "tel", gu: "guj", kn: "kan", ml: "mal", pa: "pan",
  ur: "urd", or: "ori", as: "asm", ne: "nep", sa: "san", sd: "snd", ks: "kas", fr: "fre", de: "ger", es: "spa",
  pt: "por", it: "ita", nl: "dut", ru: "rus", pl: "pol", tr: "tur", ar: "ara", fa: "per", zh: "chi", ja: "jpn",
  ko: "kor", id: "ind", ms: "may", th: "tha", vi: "vie", sw: "swa",
};

/**
 * The journal's one language for metadata that names an article's language (Crossref, DOAJ,
 * JATS): its ISO 639-1 and 639-2/B codes. Null when the setting names several languages (an
 * article of a bilingual journal may be in either) or one this table does not know.
 */
export function articleLanguage(setting: string | undefined): { iso639_1: string; iso639_2b: string } | null {
  const codes = languageCodes(setting);
  if (codes.length !== 1) return null;
  const b = ISO_639_2B[codes[0]];
  return b ? { iso639_1: codes[0], iso639_2b: b } : null;
}

/** ISO-8601 date (YYYY-MM-DD) from the publish date, falling back to the year. */
export function isoDate(publishdate: string, year: number): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(publishdate) ? publishdate : `${year}-01-01`;
}

/**
 * Author names for machine-read metadata: honorifics dropped, exactly as the citation_author
 * tags have them, so Scholar, Dublin Core, JSON-LD, OAI-PMH and feed readers see one name per person.
 */
export function creatorNames(authors: ArticleAuthor[]): string[] {
  return authors.map(creatorName).filter(Boolean);
}

/** The keywords staff typed ('rice, salinity, yield') as a list, for DC.subject, RIS and OAI-PMH. */
export function keywordList(keywords: string | undefined): string[] {
  return (keywords ?? "").split(/\s*,\s*/).map((k) => k.trim()).filter(Boolean);
}

export function dublinCore(a: ArticleMetaInput): { name: string; content: string }[] {
  const tags = [
    { name: "DC.title", content: a.titleText },
    ...creatorNames(a.authors).map((name) => ({ name: "DC.creator", content: name })),
    { name: "DC.date.issued", content: isoDate(a.publishdate, a.year) },
    { name: "DC.identifier", content: a.doi ? doiUrl(a.doi) : a.pageUrl },
    { name: "DC.source", content: `${a.journalName}, ${volumeIssueLabel(a, { digits: "plain" })} (${a.year}), pp. ${a.pagenumber}` },
    { name: "DC.rights", content: `Copyright (c) ${a.year} the authors. Open access.` },
    { name: "DC.rights", content: a.license?.url ?? "" },
    { name: "DC.date.dateSubmitted", content: a.received_date ?? "" },
    { name: "DC.date.dateAccepted", content: a.accepted_date ?? "" },
    { name: "DC.publisher", content: a.publisher ?? "" },
    ...languageCodes(a.language).map((code) => ({ name: "DC.language", content: code })),
    { name: "DC.type", content: "Text.Serial.Journal" },
    { name: "DC.description", content: a.abstractText },
    ...keywordList(a.keywords).map((k) => ({ name: "DC.subject", content: k })),
  ];
  return tags.filter((t) => t.content);
}

export function scholarlyArticleJsonLd(a: ArticleMetaInput): Record<string, unknown> {
  const { first, last } = splitPages(a.pagenumber);
  const issn = [a.issn, a.essn].filter(Boolean);
  const languages = languageCodes(a.language);
  return {
    "@context": "https://schema.org",
    "@type": "ScholarlyArticle",
    "@id": a.pageUrl,
    headline: shortenText(a.titleText, 110),
    name: a.titleText,
    author: publicAuthors(a.authors).map(personJsonLd),
    datePublished: isoDate(a.publishdate, a.year),
    abstract: a.abstractText || undefined,
    keywords: a.keywords || undefined,
    inLanguage: languages.length === 1 ? languages[0] : languages,
    url: a.pageUrl,
    ...(a.doi ? { sameAs: doiUrl(a.doi), identifier: { "@type": "PropertyValue", propertyID: "DOI", value: a.doi } } : {}),
    ...(a.pdfUrl ? { encoding: { "@type": "MediaObject", encodingFormat: "application/pdf", contentUrl: a.pdfUrl } } : {}),
    ...(a.image ? { image: a.image } : {}),
    pageStart: first || undefined,
    pageEnd: last || undefined,
    pagination: a.pagenumber,
    isAccessibleForFree: true,
    ...(a.license ? { license: a.license.url } : {}),
    ...(a.references?.length
      ? { citation: a.references.map((r) => ({ "@type": "CreativeWork", name: r.text, ...(r.doi ? { sameAs: doiUrl(r.doi) } : {}) })) }
      : {}),
    ...(a.publisher ? { publisher: { "@type": "Organization", name: a.publisher } } : {}),
    isPartOf: {
      "@type": "PublicationIssue",
      issueNumber: String(a.issue),
      datePublished: String(a.year),
      isPartOf: {
        "@type": "PublicationVolume",
        volumeNumber: String(a.volume),
        isPartOf: {
          "@type": "Periodical",
          name: a.journalName,
          ...(issn.length ? { issn: issn.length === 1 ? issn[0] : issn } : {}),
          ...(a.publisher ? { publisher: { "@type": "Organization", name: a.publisher } } : {}),
        },
      },
    },
  };
}

/** An author in JSON-LD: schema.org Person with given and family name, ORCID iD as sameAs, affiliations as Organizations (ROR as sameAs). */
function personJsonLd(a: ArticleAuthor): Record<string, unknown> {
  return {
    "@type": "Person",
    name: creatorName(a),
    ...(a.given ? { givenName: a.given } : {}),
    familyName: a.family,
    ...(a.orcid ? { sameAs: a.orcid, identifier: { "@type": "PropertyValue", propertyID: "ORCID", value: a.orcid } } : {}),
    ...(a.email ? { email: a.email } : {}),
    ...(a.affiliations.length
      ? {
          affiliation: a.affiliations.map((f) => ({
            "@type": "Organization",
            name: f.name,
            ...(f.ror ? { sameAs: f.ror } : {}),
            ...(f.country ? { address: { "@type": "PostalAddress", addressCountry: f.country } } : {}),
          })),
        }
      : {}),
  };
}

export function twitterCard(a: ArticleMetaInput, description: string): { name: string; content: string }[] {
  return [
    { name: "twitter:card", content: a.image ? "summary_large_image" : "summary" },
    ...(a.image ? [{ name: "twitter:image", content: a.image }] : []),
    { name: "twitter:title", content: a.titleText },
    { name: "twitter:description", content: description },
  ];
}
