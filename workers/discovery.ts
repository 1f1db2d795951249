import { Hono } from "hono";
import { getDb } from "../app/db/client.server";
import type { Article } from "../app/lib/article";
import {
  latestArticles,
  latestIssueArticles,
  listVolumeEntries,
  listVolumes,
} from "../app/models/discovery.server";
import type { JournalContext } from "../app/models/journals.server";
import { authorsOf } from "../app/lib/authors";
import { creatorNames } from "../app/lib/citation/scholarly-meta";
import { htmlToText } from "../app/lib/html";
import { shortenText } from "../app/lib/text";
import { escapeXml } from "../app/lib/xml";
import { absoluteUrl, articleFileUrl, articlePath, issuePath } from "../app/lib/urls";
import { volumeIssueLabel } from "../app/lib/archive";
import { tagUri } from "../app/lib/identity";
import type { HonoEnv } from "./types";

/** robots.txt, sitemaps and Atom feeds, per journal host, for crawlers and feed readers. */
export const discoveryApp = new Hono<HonoEnv>({ strict: false });

/** Sitemaps hold at most 50,000 URLs; we split well before that. */
export const SITEMAP_MAX_URLS = 45_000;

function isoDate(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? new Date(0).toISOString() : d.toISOString();
}

function xmlResponse(body: string, type = "application/xml"): Response {
  return new Response(body, {
    headers: { "content-type": `${type}; charset=utf-8`, "cache-control": "public, max-age=600" },
  });
}

discoveryApp.get("/robots.txt", (c) => {
  const body = `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${absoluteUrl(c.get("journal"), "/sitemap.xml")}\n`;
  return c.text(body, 200, { "cache-control": "public, max-age=3600" });
});

/** How far ahead security.txt's Expires lies when served. */
const SECURITY_TXT_LIFETIME_MS = 182 * 24 * 3600 * 1000;

/**
 * RFC 9116 security.txt: where to report a vulnerability. SECURITY_CONTACT (a mailto: or https:
 * URL set by whoever runs the platform) if configured, else the journal's own e-mail.
 */
discoveryApp.get("/.well-known/security.txt", (c) => {
  const configured = (c.env.SECURITY_CONTACT ?? "").trim();
  const email = c.get("journal").settings.websiteemail.trim();
  const contact = /^(mailto:|https:\/\/)\S+$/i.test(configured)
    ? configured
    : /^[^\s@<>"]+@[^\s@<>"]+$/.test(email)
      ? `mailto:${email}`
      : "";
  if (!contact) return c.text("Not found", 404);
  // The format requires an expiry, and RFC 9116 §2.5.5 recommends less than a year ahead: about
  // six months from the moment it is served, so it never lapses and never looks stale.
  const expires = new Date(Date.now() + SECURITY_TXT_LIFETIME_MS).toISOString().replace(/\.\d{3}Z$/, "Z");
  const body = [
    `Contact: ${contact}`,
    `Expires: ${expires}`,
    "Preferred-Languages: en",
    `Canonical: ${absoluteUrl(c.get("journal"), "/.well-known/security.txt")}`,
    "",
  ].join("\n");
  return c.text(body, 200, { "cache-control": "public, max-age=86400" });
});

/** Sitemap index: the static pages plus one child per volume (split if a volume is huge). */
discoveryApp.get("/sitemap.xml", async (c) => {
  const journal = c.get("journal");
  const volumes = await listVolumes(getDb(c.env.DB), journal.id);
  const children = [`<sitemap><loc>${escapeXml(absoluteUrl(journal, "/sitemaps/pages.xml"))}</loc></sitemap>`];
  for (const v of volumes) {
    const parts = Math.max(1, Math.ceil(v.count / SITEMAP_MAX_URLS));
    for (let p = 1; p <= parts; p++) {
      const loc = absoluteUrl(journal, `/sitemaps/volume-${v.volume}${parts > 1 ? `-${p}` : ""}.xml`);
      children.push(`<sitemap><loc>${escapeXml(loc)}</loc><lastmod>${isoDate(v.lastmod)}</lastmod></sitemap>`);
    }
  }
  return xmlResponse(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${children.join("\n")}\n</sitemapindex>\n`,
  );
});

discoveryApp.get("/sitemaps/pages.xml", (c) => {
  const journal = c.get("journal");
  // Not /archives: it only redirects to the newest issue, which the volume sitemaps list.
  const pages = ["/", "/board", "/instructions", "/indexing", "/contact", "/privacy-policy", "/terms-and-conditions"];
  const urls = pages.map((p) => `<url><loc>${escapeXml(absoluteUrl(journal, p))}</loc></url>`).join("\n");
  return xmlResponse(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
});

discoveryApp.get("/sitemaps/:name", async (c) => {
  const m = /^volume-(\d{1,5})(?:-(\d{1,4}))?\.xml$/.exec(c.req.param("name"));
  if (!m) return c.text("Not found", 404);
  const volume = Number(m[1]);
  const part = Number(m[2] ?? 1);
  const rows = await listVolumeEntries(getDb(c.env.DB), c.get("journal").id, volume, SITEMAP_MAX_URLS, (part - 1) * SITEMAP_MAX_URLS);
  if (rows.length === 0) return c.text("Not found", 404);
  const journal = c.get("journal");
  const urls: string[] = [];
  const issues = new Map<string, string>();
  for (const r of rows) {
    const key = issuePath(r);
    if (!issues.has(key) || issues.get(key)! < r.modification) issues.set(key, r.modification);
  }
  if (part === 1) for (const [path, lastmod] of issues) urls.push(`<url><loc>${escapeXml(absoluteUrl(journal, path))}</loc><lastmod>${isoDate(lastmod)}</lastmod></url>`);
  for (const r of rows) urls.push(`<url><loc>${escapeXml(absoluteUrl(journal, articlePath(r)))}</loc><lastmod>${isoDate(r.modification)}</lastmod></url>`);
  return xmlResponse(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`);
});

/** An entry's summary: the abstract's opening, cut at a word and marked "…" when longer. */
const FEED_SUMMARY_CHARS = 600;

function atomEntry(journal: JournalContext, a: Article): string {
  const url = absoluteUrl(journal, articlePath(a));
  // Without honorifics, as citation_author, DC.creator and OAI-PMH have them.
  const authors = creatorNames(authorsOf(a))
    .map((n) => `<author><name>${escapeXml(n)}</name></author>`)
    .join("");
  const file = articleFileUrl(a);
  const pdf = file ? `<link rel="enclosure" type="application/pdf" href="${escapeXml(absoluteUrl(journal, file))}"/>` : "";
  // The id is an identity, not the address: it survives a move to a new domain.
  return `<entry><id>${escapeXml(tagUri(journal.identity, `article/${a.id}`))}</id><title>${escapeXml(htmlToText(a.title))}</title><link rel="alternate" type="text/html" href="${escapeXml(url)}"/>${pdf}${authors}<published>${isoDate(a.creation)}</published><updated>${isoDate(a.modification)}</updated><summary>${escapeXml(shortenText(htmlToText(a.abstract), FEED_SUMMARY_CHARS))}</summary></entry>`;
}

function atomFeed(journal: JournalContext, selfPath: string, title: string, entries: Article[]): string {
  const updated = entries.reduce((max, a) => (a.modification > max ? a.modification : max), "1970-01-01T00:00:00Z");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><id>${escapeXml(tagUri(journal.identity, selfPath.replace(/^\/|\.xml$/g, "")))}</id><title>${escapeXml(title)}</title><subtitle>${escapeXml(journal.settings.websitename)}</subtitle><link rel="self" type="application/atom+xml" href="${escapeXml(absoluteUrl(journal, selfPath))}"/><link rel="alternate" type="text/html" href="${escapeXml(absoluteUrl(journal, "/"))}"/><updated>${isoDate(updated)}</updated><generator>journal-site</generator>${entries.map((a) => atomEntry(journal, a)).join("")}</feed>\n`;
}

discoveryApp.get("/feed.xml", async (c) => {
  const journal = c.get("journal");
  const rows = await latestArticles(getDb(c.env.DB), journal.id, 50);
  return xmlResponse(atomFeed(journal, "/feed.xml", `${journal.settings.websitename}: latest articles`, rows), "application/atom+xml");
});

discoveryApp.get("/feeds/latest-issue.xml", async (c) => {
  const journal = c.get("journal");
  const { issue, articles } = await latestIssueArticles(getDb(c.env.DB), journal.id);
  const title = issue
    ? `${journal.settings.websitename}: ${volumeIssueLabel(issue, { digits: "plain" })} (${issue.year})`
    : `${journal.settings.websitename}: latest issue`;
  return xmlResponse(atomFeed(journal, "/feeds/latest-issue.xml", title, articles), "application/atom+xml");
});
