/**
 * Every URL the site builds, in one place: the public paths of pages and stored files (safe in
 * browser code), and the absolute URLs made from them.
 *
 * Absolute URLs — canonical links, JSON-LD, Scholar tags, sitemaps, feeds, OAI-PMH, exports,
 * security.txt, the link and QR code on certificates, the admin's announcement — start with the
 * journal's origin: its primary hostname with the deployment's scheme and port, never the
 * request's Host, port, scheme or X-Forwarded-* headers (docs/decisions/007-primary-host.md).
 */
import { normaliseAuthorName } from "./names.ts";

// ---- Absolute URLs -----------------------------------------------------------------------

/** The deployment's public scheme and port: https and none in production. */
export interface PublicUrlConfig {
  /** "http" for a local server; anything else (or nothing) means https. */
  PUBLIC_SCHEME?: string;
  /** A port to name in URLs (local servers); empty in production. */
  PUBLIC_PORT?: string;
}

/** `https://journal.example.org` (production) or `http://localhost:5173` (local). */
export function publicOrigin(primaryHost: string, config: PublicUrlConfig = {}): string {
  const scheme = config.PUBLIC_SCHEME === "http" ? "http" : "https";
  const port = /^\d{1,5}$/.test(config.PUBLIC_PORT ?? "") ? Number(config.PUBLIC_PORT) : 0;
  const shown = port && port !== (scheme === "http" ? 80 : 443) ? `:${port}` : "";
  return `${scheme}://${primaryHost}${shown}`;
}

/** An absolute URL on the journal's primary host for a site path (`/archives/…`). */
export function absoluteUrl(journal: { origin: string }, path: string): string {
  return `${journal.origin}${path.startsWith("/") ? path : `/${path}`}`;
}

/** The DOI resolver's URL of a DOI ('10.1234/abc' → https://doi.org/10.1234/abc). */
export function doiUrl(doi: string): string {
  return `https://doi.org/${doi}`;
}

// ---- Pages (spec §2) -----------------------------------------------------------------------

export interface IssueRef {
  year: number;
  volume: number;
  issue: number;
}

/** What names an article's page. */
export type ArticleRef = IssueRef & { refnumber: string };

/** The archive list's form of an issue URL: /archives/{year}/vol{volume}/issue{issue}. */
export function issuePath({ year, volume, issue }: IssueRef): string {
  return `/archives/${year}/vol${volume}/issue${issue}`;
}

/**
 * The one reading of an issue's year, volume and issue from URL parts, for pages, the API and the
 * files beside an article. Both shapes of the public archive are read: `/2025/vol4/issue2`
 * (archive list links) and `/2025/4/2` (article links); `plain` refuses the first where only
 * plain numbers name the resource (an article's PDF and JATS, the admin's pages), so each file
 * has one address. Null when any part is not a number: a 4-digit year, up to 4-digit volume and
 * issue (leading zeros allowed, '02').
 */
export function parseIssueParams(
  params: { year?: string; volume?: string; vol?: string; issue?: string },
  { plain = false }: { plain?: boolean } = {},
): IssueRef | null {
  const year = /^\d{4}$/.exec(params.year ?? "");
  const volume = (plain ? /^()(\d{1,4})$/ : /^(vol)?(\d{1,4})$/i).exec(params.volume ?? params.vol ?? "");
  const issue = (plain ? /^()(\d{1,4})$/ : /^(issue)?(\d{1,4})$/i).exec(params.issue ?? "");
  if (!year || !volume || !issue) return null;
  return { year: Number(year[0]), volume: Number(volume[2]), issue: Number(issue[2]) };
}

/** Article page with plain numbers: /archives/{year}/{vol}/{issue}/{ref}. */
export function articlePath(a: ArticleRef): string {
  return `/archives/${a.year}/${a.volume}/${a.issue}/${encodeURIComponent(a.refnumber)}`;
}

/** The article's PDF beside its abstract page (same folder, as Google Scholar prefers). */
export function articlePdfPath(a: ArticleRef): string {
  return `${articlePath(a)}.pdf`;
}

/** Every article of one author in this journal; the name without honorifics (app/lib/names.ts). */
export function authorPath(name: string): string {
  return `/authors/${encodeURIComponent(normaliseAuthorName(name))}`;
}

/** The downloads page an author is sent after publication: /pdf?refno={ref}. */
export function certificatePagePath(refnumber: string): string {
  return `/pdf?refno=${encodeURIComponent(refnumber)}`;
}

/** The page a certificate's link and QR code open: /verify/{code}. */
export function verifyPath(code: string): string {
  return `/verify/${code}`;
}

// ---- Documents (JSON API, spec §7) ---------------------------------------------------------

/** The certificate of the author at `position` (1-based) in the byline. */
export function certificatePdfPath(refnumber: string, position: number): string {
  return `/api/pdf/certificate/${encodeURIComponent(refnumber)}/${position}`;
}

/**
 * The same certificate under the reader's own URL, whose last segment is the name
 * it saves as — distinct per author: /pdf/{ref}/certificate-{ref}-{n}.pdf. The certificate page
 * and /verify link here; the API call above keeps the spec's certificate-{ref}.pdf.
 */
export function certificateFilePath(refnumber: string, position: number): string {
  const ref = encodeURIComponent(refnumber);
  return `/pdf/${ref}/certificate-${ref}-${position}.pdf`;
}

export function coverPagePdfPath(articleId: number): string {
  return `/api/pdf/coverpage/${articleId}`;
}

export const EDITORIAL_BOARD_PDF_PATH = "/api/pdf/editorialboard";

/**
 * The staff documents (POST with a selection, spec §7) and the deposit files of a selection:
 * where the admin's buttons send the selection, and the name the download is saved under
 * (workers/api/pdf.ts answers with the same name).
 */
export const STAFF_DOWNLOADS = {
  indexPage: { path: "/api/pdf/indexpage", filename: "Index-Page.pdf" },
  certificates: { path: "/api/pdf/bulkcertificates", filename: "Certificates.zip" },
  editorsCertificate: { path: "/api/pdf/editorscertificate", filename: "Editors-Certificate.zip" },
  crossref: { path: "/api/export/crossref" },
  doaj: { path: "/api/export/doaj" },
} as const;

/** The names public documents are saved under (the API's Content-Disposition and the pages' download links). */
export const EDITORIAL_BOARD_PDF_FILENAME = "Editorial-Board.pdf";
export function coverPagePdfFilename(articleId: number): string {
  return `coverpage-${articleId}.pdf`;
}
/** What GET /api/pdf/certificate/{a}/{b} saves as: spec §7, word for word (certificate-{a}.pdf). */
export function apiCertificatePdfFilename(refnumber: string): string {
  return `certificate-${refnumber}.pdf`;
}
/** What the reader's URL (certificateFilePath) saves as: distinct per author, so two authors' downloads never overwrite each other. */
export function certificatePdfFilename(refnumber: string, position: number): string {
  return `certificate-${refnumber}-${position}.pdf`;
}

/** An article's citation file: /api/cite/{refnumber}.{ris|bib|json}. */
export function citationFilePath(refnumber: string, format: "ris" | "bib" | "json"): string {
  return `/api/cite/${encodeURIComponent(refnumber)}.${format}`;
}

/** All of an issue's citations in one file: /api/cite/issue/{year}/{volume}/{issue}.{ris|bib}. */
export function issueCitationFilePath({ year, volume, issue }: IssueRef, format: "ris" | "bib"): string {
  return `/api/cite/issue/${year}/${volume}/${issue}.${format}`;
}

// ---- Stored files (/assets/…, spec §7 static files) ----------------------------------------

/** An issue's folder, in asset URLs and in R2 keys alike: {year}/vol{volume}issue{issue}. */
export function issueFolder(year: number, volume: number, issue: number): string {
  return `${year}/vol${volume}issue${issue}`;
}

const ARTICLE_ASSET = /^\/archives\/(\d{4})\/vol(\d{1,4})issue(\d{1,4})\/([^/]+)$/;

/** An article file's path under /assets: /archives/{year}/vol{volume}issue{issue}/{file}. */
export function articleAssetPath(year: number, volume: number, issue: number, file: string): string {
  return `/archives/${issueFolder(year, volume, issue)}/${encodeURIComponent(file)}`;
}

/** The parts of an article file's asset path (undecoded file name), or null for another path. */
export function parseArticleAssetPath(path: string): (IssueRef & { file: string }) | null {
  const m = ARTICLE_ASSET.exec(path);
  return m ? { year: Number(m[1]), volume: Number(m[2]), issue: Number(m[3]), file: m[4] } : null;
}

/**
 * The one public URL of an article's PDF, or null when the article has none: beside its
 * abstract page, `/archives/{year}/{vol}/{issue}/{ref}.pdf` (as Google Scholar prefers). Every
 * link, export, tag, feed, OAI record and sitemap uses it; the stored-file form
 * `/assets/archives/{year}/vol{v}issue{i}/{file}` answers 301 to it (workers/assets.ts).
 */
export function articleFileUrl(a: ArticleRef & { file: string }): string | null {
  return a.file ? articlePdfPath(a) : null;
}

/** An editor's portrait, or the default avatar. */
export function editorPictureUrl(picture: string): string {
  return picture ? `/assets/editors/${encodeURIComponent(picture)}` : "/assets/editors/avatar.png";
}

export function indexingImageUrl(image: string): string {
  return `/assets/indexing/${encodeURIComponent(image)}`;
}

/** The journal's logo ('' without one); object names change with every upload, so the URL never goes stale. */
export function journalLogoUrl(logo: string): string {
  return logo ? `/assets/logo/${encodeURIComponent(logo)}` : "";
}

/** Public URL of a certificate signature or stamp image ('' without one). */
export function certificateImageUrl(image: string): string {
  return image ? `/assets/signature/${encodeURIComponent(image)}` : "";
}

/** The copyright form authors download from the instructions page (a static file in public/assets). */
export const COPYRIGHT_FORM_URL = "/assets/CopyrightAgreementAndAuthorshipResponsibility.doc";

/** Another listed journal's logo, served through this host for the publisher's journal list. */
export function listedJournalLogoPath(journalId: number, logo: string): string {
  return `/journals/logos/${journalId}/${encodeURIComponent(logo)}`;
}

/** The search page for a keyword, with its filters and page (the search box and the pager). */
export function searchPath(keyword: string, opts: { year?: number | null; volume?: number | null; page?: number } = {}): string {
  // encodeURIComponent (a space is %20, as the header search has always sent it), not
  // URLSearchParams' '+': the edge cache rebuilds its key from the parsed query either way.
  let q = `keyword=${encodeURIComponent(keyword)}`;
  if (opts.year != null) q += `&year=${opts.year}`;
  if (opts.volume != null) q += `&volume=${opts.volume}`;
  if (opts.page && opts.page > 1) q += `&page=${opts.page}`;
  return `/search?${q}`;
}

/** The journal's link-preview image (1200×630 PNG), named by the journal's version so it can be cached for a year. */
export function previewImagePath(version: number): string {
  return `/og/${version}.png`;
}

// ---- Admin pages (staff only; relative: the admin is served on the journal's own host) -------

/** An issue's admin page: /admin/archives/{year}/{vol}/{issue}. */
export function issueAdminPath(i: { year: number; volume: number; issue: number }): string {
  return `/admin/archives/${i.year}/${i.volume}/${i.issue}`;
}

/** An article's edit form: /admin/archives/{id}. */
export function articleAdminPath(articleId: number): string {
  return `/admin/archives/${articleId}`;
}

/** An editor's edit form: /admin/editors/{id}. */
export function editorAdminPath(editorId: number): string {
  return `/admin/editors/${editorId}`;
}

/** An indexing partner's edit form: /admin/indexing/{id}. */
export function partnerAdminPath(partnerId: number): string {
  return `/admin/indexing/${partnerId}`;
}

/** The one-time set-password page of a link token (absolute with `absoluteUrl`: it is handed to a colleague). */
export function setPasswordPath(token: string): string {
  return `/admin/set-password/${token}`;
}

/** The staff search, page `page` (the first page has no page parameter). */
export function adminSearchPath(q: string, page = 1): string {
  return `/admin/search?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ""}`;
}

/**
 * Staff-only URL of an article's PDF (app/routes/admin/article-file.tsx): session-checked and
 * journal-scoped, it opens disabled articles' PDFs too, which the public URL answers with 404.
 */
export function staffPdfPath(articleId: number): string {
  return `/admin/files/articles/${articleId}.pdf`;
}
