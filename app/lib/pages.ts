/**
 * Page ranges, as articles store them: '12-18', the first and the last page joined by a hyphen
 * (spec §5). The one reader of that text — the forms and the API validate with parsePageRange,
 * the models sort by its numbers, and metadata, citations and documents show it through
 * splitPages and formatPages.
 */

const RANGE = /^\s*(\d{1,6})\s*-\s*(\d{1,6})\s*$/;

/** '12-18' → { first: 12, last: 18 }; null unless it is two numbers joined by a hyphen. */
export function parsePageRange(pagenumber: string): { first: number; last: number } | null {
  const m = RANGE.exec(pagenumber);
  return m ? { first: Number(m[1]), last: Number(m[2]) } : null;
}

/**
 * First and last page as written, for metadata (citation_firstpage/lastpage, JSON-LD
 * pageStart/pageEnd, RIS SP/EP): '12-18' → '12' and '18'; a single page is both.
 */
export function splitPages(pagenumber: string): { first: string; last: string } {
  const [first = "", last = ""] = pagenumber.split("-").map((p) => p.trim());
  return { first, last: last || first };
}

/** '101-110' → '101–110': an en dash between the pages (or `dash`: BibTeX writes '--'). */
export function formatPages(pagenumber: string, dash = "–"): string {
  return pagenumber.trim().replace(/\s*-\s*/, dash);
}
