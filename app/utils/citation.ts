import { htmlToText } from "./html";

/** Splits the stored author list ("A, B, C") into names, in byline order. */
export function splitAuthors(authorname: string): string[] {
  return authorname
    .split(/\s*,\s*/)
    .map((a) => a.trim())
    .filter(Boolean);
}

const HONORIFIC = /^(?:\(?(?:dr|prof|professor|mr|mrs|ms|miss|shri|smt|sri)\.?\)?\s+)+/i;

/** Drops 'Dr. ' (and similar honorifics) from the start of a name. */
export function stripHonorifics(name: string): string {
  return name.replace(HONORIFIC, "").trim();
}

function firstGrapheme(word: string): string {
  const Seg = (Intl as unknown as { Segmenter?: typeof Intl.Segmenter }).Segmenter;
  if (Seg) {
    for (const { segment } of new Seg(undefined, { granularity: "grapheme" }).segment(word)) return segment;
  }
  return Array.from(word)[0] ?? "";
}

/** 'Dr. Suresh Kumar Patel' → 'Patel SK' (surname plus initials, no honorific). */
export function shortAuthor(name: string): string {
  const words = stripHonorifics(name).split(/\s+/).filter(Boolean);
  if (words.length === 0) return "";
  if (words.length === 1) return words[0];
  const surname = words[words.length - 1];
  const initials = words
    .slice(0, -1)
    .map((w) => firstGrapheme(w.replace(/^[^\p{L}]+/u, "")).toLocaleUpperCase())
    .join("");
  return `${surname} ${initials}`;
}

export function shortAuthors(authorname: string): string {
  return splitAuthors(authorname).map(shortAuthor).join(", ");
}

export interface CitableArticle {
  title: string;
  authorname: string;
  year: number;
  volume: number;
  issue: number;
  pagenumber: string;
}

/**
 * The 'How to cite this article' line (spec §2): authors shortened to surname plus initials,
 * any 'Dr. ' dropped, then title, journal, year, volume(issue) and pages.
 */
export function howToCite(article: CitableArticle, journalName: string): string {
  const title = htmlToText(article.title).replace(/\.$/, "");
  return `${shortAuthors(article.authorname)}. ${title}. ${journalName}. ${article.year};${article.volume}(${article.issue}):${article.pagenumber}.`;
}
