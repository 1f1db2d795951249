/**
 * Personal names as bylines write them — the one place that reads them: splitting the stored
 * author list, dropping titles ('Dr.', 'Prof.', 'डॉ.') and the initial of a word. A name split
 * into surname, particles and given names for citing and storing is person-names.ts, built on
 * these. Citations, metadata tags, author-page URLs (app/lib/urls.ts) and certificate file
 * names all go through them, so a name is treated alike in each. Browser-safe: every reader
 * page's script holds this file (author links, avatars), and not the name parsing, which only
 * the staff's authors editor runs in a browser.
 */

/** Splits the stored author list ("A, B, C") into names, in byline order. */
export function splitAuthors(authorname: string): string[] {
  return authorname
    .split(/\s*,\s*/)
    .map((a) => a.trim())
    .filter(Boolean);
}

// Titles written before a name in the bylines of the journals here, Latin and Devanagari.
const TITLES = "dr|prof|professor|mr|mrs|ms|miss|shri|smt|sri|डॉ|प्रो|श्री|श्रीमती";
// A title counts only when something marks it as a word of its own — a period, a space or a
// closing parenthesis — so "Dr.Suresh" and "(Dr) Ramesh" lose it but "Drew", "Srinivas" and
// "श्रीनिवास" keep their letters.
const HONORIFIC = new RegExp(`^\\(?(?:${TITLES})(?:\\.\\)?\\s*|\\)\\s*|\\s+)`, "iu");

/** A name that is nothing but a title ('Dr.', '(Prof)'). */
export function isOnlyATitle(name: string): boolean {
  return new RegExp(`^\\(?(?:${TITLES})\\.?\\)?$`, "iu").test(name);
}

/**
 * The name without the titles before it ('Dr. ', 'Prof. (Dr.) ', 'डॉ. ', with or without period
 * and space): what citations, metadata, author pages and file names show. A name that is nothing
 * but a title is kept rather than emptied.
 */
export function stripHonorifics(name: string): string {
  let rest = name.trim();
  for (let m = HONORIFIC.exec(rest); m && m[0].length < rest.length; m = HONORIFIC.exec(rest)) {
    rest = rest.slice(m[0].length).trimStart();
  }
  return rest;
}

/**
 * A name as author pages know it: without titles, in NFC, single spaces. The author page's
 * canonical URL is made of it (app/lib/urls.ts authorPath), so spellings that differ only in
 * a title, spacing or Unicode form reach one page.
 */
export function normaliseAuthorName(name: string): string {
  return stripHonorifics(name.normalize("NFC").replace(/\s+/g, " "));
}

/**
 * A person's initials for the staff avatar, after the same title rule as bylines
 * ('Dr.Suresh Patel' → 'SP', 'Prof. (Dr.) Anjali Sharma' → 'AS'); lower-case particles are
 * skipped when the name has capitalised words ('Ludwig van Beethoven' → 'LB').
 */
export function personInitials(name: string, max = 2): string {
  const words = stripHonorifics(name).split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w));
  return (capitalised.length ? capitalised : words)
    .map((w) => initialOf(w))
    .join("")
    .slice(0, max)
    .toUpperCase();
}

// Viramas of the Brahmic scripts: a consonant after one belongs to the same akshara (conjunct).
const VIRAMA = /[\u094d\u09cd\u0a4d\u0acd\u0b4d\u0bcd\u0c4d\u0ccd\u0d4d]/u;
const MARK = /[\p{M}\u200c\u200d]/u;

/**
 * The first letter of a word with everything that belongs to it: combining marks (an accent
 * written as a separate code point, a Devanagari vowel sign, nukta or anusvara) and, through a
 * virama, the following consonants of a conjunct — 'राजेश' → 'रा', 'क्षितिज' → 'क्षि'. Written out
 * rather than left to Intl.Segmenter because segmenters before Unicode 15.1 split conjuncts, and
 * the server and the browser (the citation box hydrates) must agree on every initial.
 */
export function initialOf(word: string): string {
  const chars = Array.from(word.normalize("NFC"));
  let i = chars.findIndex((c) => /[\p{L}\p{N}]/u.test(c));
  if (i < 0) return "";
  let out = chars[i++];
  while (i < chars.length) {
    if (MARK.test(chars[i])) {
      out += chars[i++];
    } else if (VIRAMA.test(out.at(-1) ?? "") || (out.at(-1) === "\u200d" && VIRAMA.test(out.at(-2) ?? ""))) {
      if (!/\p{L}/u.test(chars[i])) break;
      out += chars[i++];
    } else {
      break;
    }
  }
  return out.toUpperCase();
}
