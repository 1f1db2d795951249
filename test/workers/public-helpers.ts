import { fetchWorker } from "../factories";

/** GET a page of a test journal: status, headers and HTML. */
export async function getPage(url: string, init?: RequestInit) {
  const res = await fetchWorker(url, { redirect: "manual", ...init });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

/** Text of the HTML with tags removed and whitespace collapsed (React's <!-- --> markers too). */
export function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * What the page itself renders, without header and footer: its <main> and the side column
 * beside it (a top-level <aside> where the page has one).
 */
export function mainOf(html: string): string {
  const start = html.indexOf("<main");
  const end = html.indexOf("<footer", start);
  return start === -1 ? "" : html.slice(start, end === -1 ? undefined : end);
}

export function titleOf(html: string): string {
  return textOf(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "");
}

/** Content of every <meta name="…"> with that name, in document order. */
export function metaContents(html: string, name: string): string[] {
  const out: string[] = [];
  const re = /<meta\s+([^>]*)\/?>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    const attrs = m[1];
    if (new RegExp(`name="${name}"`).test(attrs)) {
      out.push(
        (/content="([^"]*)"/.exec(attrs)?.[1] ?? "")
          .replace(/&amp;/g, "&")
          .replace(/&quot;/g, '"')
          .replace(/&#x27;/g, "'")
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">"),
      );
    }
  }
  return out;
}

export function count(haystack: string, needle: string | RegExp): number {
  if (typeof needle === "string") return haystack.split(needle).length - 1;
  return (haystack.match(new RegExp(needle.source, needle.flags.includes("g") ? needle.flags : `${needle.flags}g`)) ?? []).length;
}

/** One row of an articles table, cell by cell (the labels 'Pages:' and 'How to cite this article:' are the stylesheet's). */
export interface ArticleRowCells {
  sno: string;
  /** The title's inner HTML, as rendered (italics, <mark>). */
  titleHtml: string;
  authors: string;
  /** The paragraphs between the authors and the links (search results: the issue, the snippet). */
  extra: string[];
  /** The links paragraph's HTML (Abstract, Download). */
  linksHtml: string;
  pages: string;
  cite: string;
  /** Only when the table has the Subject column. */
  subject?: string;
  country: string;
}

/**
 * The rows of every articles table in the HTML (app/components/article-table.server.ts writes
 * them without classes or optional end tags: cells and paragraphs are known by position).
 */
export function articleRows(html: string): ArticleRowCells[] {
  const rows: ArticleRowCells[] = [];
  for (const [, body] of html.matchAll(/<table class="article-table[^"]*">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/g)) {
    for (const row of body.split("<tr>").slice(1)) {
      const cells = row.split("<td>").slice(1);
      const paragraphs = cells[1].split(/<p[^>]*>/).slice(1);
      const links = paragraphs[paragraphs.length - 2];
      rows.push({
        sno: textOf(cells[0]),
        titleHtml: /^<a [^>]*>([\s\S]*)<\/a>$/.exec(paragraphs[0])![1],
        authors: textOf(paragraphs[1]),
        extra: paragraphs.slice(2, -2).map(textOf),
        linksHtml: links,
        pages: textOf(/<span>([\s\S]*?)<\/span>/.exec(links)![1]),
        cite: textOf(paragraphs[paragraphs.length - 1]),
        subject: cells.length === 4 ? textOf(cells[2]) : undefined,
        country: textOf(cells[cells.length - 1]),
      });
    }
  }
  return rows;
}
