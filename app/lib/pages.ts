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

/**
 * First and last page as numbers-only text, for schemas that take nothing else (Crossref, DOAJ,
 * JATS): '12-18' → '12' and '18', '12' → both '12'; both '' when the first page is no number
 * (the article then has no pages to send), the last falls back to the first.
 */
export function numericPages(pagenumber: string): { first: string; last: string } {
  const { first, last } = splitPages(pagenumber);
  return /^\d{1,32}$/.test(first) ? { first, last: /^\d{1,32}$/.test(last) ? last : first } : { first: "", last: "" };
}

/** '101-110' → '101–110': an en dash between the pages (or `dash`: BibTeX writes '--'). */
export function formatPages(pagenumber: string, dash = "–"): string {
  return pagenumber.trim().replace(/\s*-\s*/, dash);
}

/**
 * A page range the way a CSL style's page-range-format writes it, as citeproc-js does
 * (expanded '321–328', minimal '321–8', minimal-two '321–28', chicago-16 '321–28', '1096–104',
 * '12–18'), with an en dash. Anything but two plain numbers keeps its text, hyphen → en dash.
 */
export function pageRange(pagenumber: string, format: "expanded" | "minimal" | "minimal-two" | "chicago-16"): string {
  const m = RANGE.exec(pagenumber);
  if (!m) return formatPages(pagenumber);
  const [begin, end] = [m[1], m[2]];
  let last = end;
  if (format === "minimal" || format === "minimal-two") {
    const min = format === "minimal-two" ? 2 : 0;
    if (begin.length === end.length) {
      let i = 0;
      while (i < begin.length && begin[i] === end[i] && end.length - i > min) i++;
      last = end.slice(i);
    }
  } else if (format === "chicago-16") {
    const b = Number(begin);
    const e = Number(end);
    if (b > 100 && b % 100) {
      for (let i = 2; i < end.length; i++) {
        const d = 10 ** i;
        if (Math.floor(b / d) === Math.floor(e / d)) {
          last = String(e % d);
          break;
        }
      }
    }
  }
  return `${begin}–${last}`;
}
