/**
 * A personal name split into surname, particles and given names — for citing (initials,
 * non-dropping particles), for storing an author as given/family (app/lib/authors.ts) and for
 * the surname in file names. Built on the byline rules of names.ts (titles, initials), which
 * every reader page's script holds; this file only the pages and editors that split names do.
 */
import { initialOf, isOnlyATitle, stripHonorifics } from "./names.ts";

/** A personal name split for citing: surname, given names, and the initials of each given name. */
interface NameParts {
  /** Surname: the last word ('Singh'), or the whole of a one-word name. */
  family: string;
  /**
   * Lower-case particles written before the surname ('van der' in 'Jan van der Berg', 'dos'
   * in 'João dos Santos'): part of the surname, never initials. CSL's non-dropping-particle.
   */
  particle: string;
  /**
   * Given names, with names written as initials normalised to 'R. K.' (so 'R.K.', 'R. K.' and
   * 'RK' cite alike); full given names are kept as written.
   */
  given: string;
  /**
   * One entry per given name, each the initials of its hyphen-joined parts:
   * 'Jean-Paul' → ['J', 'P'], 'R.K.' → ['R'], ['K'].
   */
  initials: string[][];
}

const HYPHEN = /[-\u2010\u2011]/u;

/** 'R', 'R.', 'रा.' — one letter (with its marks), optionally with a period. */
function isInitial(part: string): boolean {
  const bare = part.replace(/\.$/, "");
  return bare.length > 0 && initialOf(bare).toLowerCase() === bare.normalize("NFC").toLowerCase() && (part.endsWith(".") || /^\p{Lu}$/u.test(bare));
}

/**
 * A given name of two or three Latin capitals ('RK', 'SKP') is read as initials written without
 * periods, the way many Indian bylines write them — a guess, since nothing tells 'RK' from a
 * name. The guess is trusted in a name written in mixed case ('RK Singh', 'SKP Yadav'). In a
 * name written all in capitals only two letters are read as initials ('RK SINGH'): three-letter
 * capitals there are more often names ('RAJ KUMAR', 'ANU DEVI'), and two-letter names typed in
 * capitals ('OM PRAKASH') are the accepted cost ('PRAKASH OM'). Devanagari has no case and never
 * triggers it.
 */
function bareInitials(word: string, allCaps: boolean): boolean {
  return (allCaps ? /^\p{Lu}{2}$/u : /^\p{Lu}{2,3}$/u).test(word) && /^\p{Script=Latin}+$/u.test(word);
}

// Surname particles as bylines here write them, in lower case (a capitalised 'Van' or 'De' is
// read as a given name, as citation managers do).
const PARTICLES = new Set(["van", "von", "der", "den", "de", "del", "della", "di", "da", "das", "do", "dos", "du", "la", "le", "ter", "ten", "zu", "vom", "zum", "zur", "y", "bin", "ibn", "al", "el"]);

export function parseName(name: string): NameParts {
  // Split after a period that runs into the next letter too: 'R.K.Singh' is three words.
  const words = nameWords(stripHonorifics(name));
  if (words.length <= 1) return { family: words[0] ?? "", particle: "", given: "", initials: [] };
  const family = words[words.length - 1];
  // Particles run back from the surname; at least one given name stays before them.
  let start = words.length - 1;
  while (start > 1 && PARTICLES.has(words[start - 1])) start--;
  const particle = words.slice(start, -1).join(" ");
  const { given, initials } = givenParts(words.slice(0, start), !/\p{Ll}/u.test(words.join("")));
  return { family, particle, given, initials };
}

function nameWords(text: string): string[] {
  return text
    .normalize("NFC")
    .split(/\s+|(?<=\.)(?=\p{L})/u)
    .filter(Boolean);
}

/** Given names as citations write them, and their initials (see NameParts). */
function givenParts(words: string[], allCaps: boolean): { given: string; initials: string[][] } {
  const given: string[] = [];
  const initials: string[][] = [];
  for (const word of words) {
    if (bareInitials(word, allCaps)) {
      for (const letter of word) {
        given.push(`${letter}.`);
        initials.push([letter]);
      }
      continue;
    }
    const parts = word.split(HYPHEN).filter((p) => initialOf(p));
    if (parts.length === 0) continue;
    initials.push(parts.map(initialOf));
    // 'R.', 'K' and 'J.-P.' are initials: written with a period each; anything else as given.
    given.push(parts.every(isInitial) ? parts.map((p) => `${initialOf(p)}.`).join("-") : word);
  }
  return { given: given.join(" "), initials };
}

/**
 * An author's name split once, for storing (app/lib/authors.ts): the given names as citations
 * write them and the family name with its particles ('Dr. Jan van der Berg' → 'Jan', 'van der
 * Berg'; 'R.K. Singh' → 'R. K.', 'Singh'). A one-word name is all family name.
 */
export function splitPersonalName(name: string): { given: string; family: string } {
  const { family, particle, given } = parseName(name);
  return { given, family: particle ? `${particle} ${family}` : family };
}

/**
 * A stored family name with its particles set apart, as citation styles need them: 'van der
 * Berg' → particle 'van der', family 'Berg'. At least one word stays the family name.
 */
export function splitParticle(family: string): { particle: string; family: string } {
  const words = family.normalize("NFC").trim().split(/\s+/).filter(Boolean);
  let start = 0;
  while (start < words.length - 1 && PARTICLES.has(words[start])) start++;
  return { particle: words.slice(0, start).join(" "), family: words.slice(start).join(" ") };
}

/**
 * The initials of stored given names ('R. K.' → [['R'], ['K']], 'Jean-Paul' → [['J', 'P']]),
 * read by the same rule as parseName; `family` tells a name typed all in capitals.
 */
export function givenInitials(given: string, family = ""): string[][] {
  const words = nameWords(given);
  return givenParts(words, !/\p{Ll}/u.test(words.join("") + family)).initials;
}

const caseless = (s: string) => s.toUpperCase() === s.toLowerCase();

/**
 * Initials run together, 'SK', as Vancouver and the how-to-cite line write them. Initials of a
 * script without case (Devanagari) are set apart by a space: run together, 'श्या' and 'सुं'
 * would read as one word.
 */
export function joinInitials(initials: string[][]): string {
  const flat = initials.flat();
  return flat.map((i, n) => (n > 0 && (caseless(i) || caseless(flat[n - 1])) ? ` ${i}` : i)).join("");
}

/**
 * The surname for a file name ('12-1-Sharma.pdf'): the citation's surname (parseName) with only
 * letters, marks, digits and inner hyphens kept; 'author' when nothing usable is left (an
 * empty name, or one that is nothing but a title).
 */
export function fileSafeSurname(name: string): string {
  const bare = stripHonorifics(name);
  if (isOnlyATitle(bare)) return "author";
  const surname = parseName(bare)
    .family.replace(/[^\p{L}\p{M}\p{N}-]/gu, "")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return surname || "author";
}
