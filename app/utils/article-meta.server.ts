import type { MetaDescriptor } from "react-router";
import { stripHonorifics } from "./citation";
import { scholarDate, splitPages } from "./archive-paths";
import { dublinCore, scholarlyArticleJsonLd, twitterCard } from "./scholarly-meta";

/**
 * Every `<head>` tag of an article page but the title, built on the server: Google Scholar's
 * citation_*, Dublin Core, schema.org JSON-LD, Open Graph, Twitter, canonical — from one
 * description of the article. Built here and sent with the loader data, the name parsing and
 * citation code stay out of the readers' JavaScript (route `meta` functions also run in the
 * browser, on client-side navigation).
 */
export interface ArticleHeadInput {
  titleText: string;
  authors: string[];
  abstractText: string;
  keywords: string;
  publishdate: string;
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
  doi: string | null;
  pageUrl: string;
  pdfUrl: string;
  journalName: string;
  issnList: string[];
  publisher: string;
  language: string;
}

export function articleHeadTags(a: ArticleHeadInput): MetaDescriptor[] {
  const pages = splitPages(a.pagenumber);
  // One source of truth for the Dublin Core, JSON-LD and Twitter tags below.
  const metaInput = {
    titleText: a.titleText,
    authors: a.authors,
    abstractText: a.abstractText,
    keywords: a.keywords,
    publishdate: a.publishdate,
    year: a.year,
    volume: a.volume,
    issue: a.issue,
    pagenumber: a.pagenumber,
    doi: a.doi ?? undefined,
    pageUrl: a.pageUrl,
    pdfUrl: a.pdfUrl || undefined,
    journalName: a.journalName,
    issn: a.issnList[0],
    essn: a.issnList[1],
    publisher: a.publisher,
    language: a.language,
  };
  const description = a.abstractText.length > 300 ? `${a.abstractText.slice(0, 297)}…` : a.abstractText;
  const tags: MetaDescriptor[] = [
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: a.pageUrl },
    { name: "citation_title", content: a.titleText },
    ...a.authors.map((name) => ({ name: "citation_author", content: stripHonorifics(name) })),
    { name: "citation_publication_date", content: scholarDate(a.publishdate) || String(a.year) },
    { name: "citation_journal_title", content: a.journalName },
    { name: "citation_issn", content: a.issnList[0] ?? "" },
    { name: "citation_volume", content: String(a.volume) },
    { name: "citation_issue", content: String(a.issue) },
    { name: "citation_firstpage", content: pages.first },
    { name: "citation_lastpage", content: pages.last },
    { name: "citation_abstract_html_url", content: a.pageUrl },
    { name: "citation_publisher", content: a.publisher },
    { name: "citation_language", content: a.language },
    { name: "citation_keywords", content: a.keywords },
    { name: "citation_pdf_url", content: a.pdfUrl },
    { name: "citation_doi", content: a.doi ?? "" },
    ...dublinCore(metaInput),
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: a.journalName },
    { property: "og:title", content: a.titleText },
    { property: "og:description", content: description },
    { property: "og:url", content: a.pageUrl },
    { property: "article:published_time", content: a.publishdate },
    ...twitterCard(metaInput, description),
    { "script:ld+json": scholarlyArticleJsonLd(metaInput) },
  ];
  // Empty tags only confuse crawlers.
  return tags.filter((t) => !("content" in t) || t.content);
}
