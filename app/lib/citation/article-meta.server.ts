import type { MetaDescriptor } from "react-router";
import { scholarDate } from "../dates";
import { splitPages } from "../pages";
import { shortenText } from "../text";
import { dublinCore, languageCodes, scholarlyArticleJsonLd, twitterCard, type ArticleMetaInput } from "./scholarly-meta";
import { creatorName, publicAuthors } from "../authors";

/**
 * Every `<head>` tag of an article page but the title, built on the server: Google Scholar's
 * citation_*, Dublin Core, schema.org JSON-LD, Open Graph, Twitter, canonical — from one
 * description of the article. Built here and sent with the loader data, the name parsing and
 * citation code stay out of the readers' JavaScript (route `meta` functions also run in the
 * browser, on client-side navigation).
 */
export function articleHeadTags(a: ArticleMetaInput): MetaDescriptor[] {
  const pages = splitPages(a.pagenumber);
  const description = shortenText(a.abstractText, 300);
  const tags: MetaDescriptor[] = [
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: a.pageUrl },
    ...(a.license ? [{ tagName: "link", rel: "license", href: a.license.url }] : []),
    { name: "citation_title", content: a.titleText },
    // Each author followed by what belongs to them, as Google Scholar pairs them.
    ...publicAuthors(a.authors).flatMap((author) => [
      { name: "citation_author", content: creatorName(author) },
      ...author.affiliations.map((f) => ({ name: "citation_author_institution", content: f.name })),
      { name: "citation_author_orcid", content: author.orcid },
      { name: "citation_author_email", content: author.email },
    ]),
    { name: "citation_publication_date", content: scholarDate(a.publishdate) || String(a.year) },
    { name: "citation_journal_title", content: a.journalName },
    // Both ISSNs (print, then electronic), one tag each, as Scholar reads them.
    ...[...new Set([a.issn, a.essn].map((v) => (v ?? "").trim()).filter(Boolean))].map((issn) => ({ name: "citation_issn", content: issn })),
    { name: "citation_volume", content: String(a.volume) },
    { name: "citation_issue", content: String(a.issue) },
    { name: "citation_firstpage", content: pages.first },
    { name: "citation_lastpage", content: pages.last },
    { name: "citation_abstract_html_url", content: a.pageUrl },
    { name: "citation_publisher", content: a.publisher ?? "" },
    // ISO 639-1 codes ('en'), the same as DC.language and OAI-PMH's dc:language.
    ...languageCodes(a.language).map((code) => ({ name: "citation_language", content: code })),
    { name: "citation_keywords", content: a.keywords },
    { name: "citation_pdf_url", content: a.pdfUrl ?? "" },
    { name: "citation_doi", content: a.doi ?? "" },
    // Unstructured references: Scholar reads them as text, DOIs included.
    ...(a.references ?? []).map((r) => ({ name: "citation_reference", content: r.text })),
    ...dublinCore(a),
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: a.journalName },
    { property: "og:title", content: a.titleText },
    { property: "og:description", content: description },
    { property: "og:url", content: a.pageUrl },
    { property: "og:image", content: a.image ?? "" },
    { property: "article:published_time", content: a.publishdate },
    ...twitterCard(a, description),
    { "script:ld+json": scholarlyArticleJsonLd(a) },
  ];
  // Empty tags only confuse crawlers.
  return tags.filter((t) => !("content" in t) || t.content);
}
